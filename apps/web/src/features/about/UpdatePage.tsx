import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { version } from '../../../package.json';
import { useTranslation } from '../../shared/i18n/index.ts';
import { CHANGELOG } from './changelog.ts';

/** /app/update: the version running here and what each release brought. */
export function UpdatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('titles.update')}</Title>
      <Text>{t('about.update.running', { version })}</Text>
      <Title order={2} size="h3">
        {t('about.update.whatsNew')}
      </Title>
      {CHANGELOG.map((release) => (
        <Paper key={release.version} withBorder p="md" radius="md" component="section">
          <Group gap="xs" mb="xs">
            <Title order={3} size="h4">
              {t('about.update.version', { version: release.version })}
            </Title>
            {release.version === version ? (
              <Badge variant="light">{t('about.update.current')}</Badge>
            ) : null}
          </Group>
          <List spacing={4} size="sm">
            {release.changes.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
