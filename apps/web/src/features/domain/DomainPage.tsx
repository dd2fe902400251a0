import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBuilding, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { useDomainSearch } from './useDomainSearch.ts';

/** /domain (spec §2): sign in with an organization domain, found by search. */
export function DomainPage() {
  const { t } = useTranslation();
  const s = useDomainSearch();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('domain.title')}
        </Title>
        <Text c="dimmed">{t('domain.intro')}</Text>
      </Stack>
      {s.saved ? (
        <Alert role="status" variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('domain.saved', { name: s.saved })}</Text>
            <Button size="xs" variant="default" onClick={s.forget}>
              {t('domain.forget')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {s.notice ? (
        <Alert role="status" color="green" variant="light">
          {s.notice}
        </Alert>
      ) : null}
      <form noValidate onSubmit={s.submit} role="search">
        <Stack gap="sm">
          <TextInput
            label={t('domain.field')}
            placeholder="example.com"
            autoComplete="email"
            required
            value={s.query}
            error={s.fieldError}
            onChange={(e) => s.setQuery(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={s.searching}>
            {t('domain.search')}
          </Button>
        </Stack>
      </form>
      {s.searchError ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {s.searchError}
        </Alert>
      ) : null}
      {s.found ? (
        <Paper withBorder p="md" role="region" aria-label={s.found.name ?? s.found.domain}>
          <Stack gap="xs">
            <Group gap="xs">
              <IconBuilding size={20} aria-hidden />
              <Text fw={600}>{t('domain.found', { name: s.found.name ?? s.found.domain })}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('domain.foundEnvironment', { url: s.hostOf(s.found.environment.MAIN_DOMAIN) })}
            </Text>
            <Button onClick={() => s.found && void s.choose(s.found)}>
              {t('domain.continue')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
      <Anchor component={Link} to={NAMED_PATHS.login} size="sm" ta="center">
        {t('domain.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
