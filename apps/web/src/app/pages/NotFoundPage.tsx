import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        {t('shell.notFoundHeading')}
      </Title>
      <Text c="dimmed">{t('shell.notFoundText')}</Text>
      <Button component={Link} to={NAMED_PATHS.main} variant="light">
        {t('shell.goHome')}
      </Button>
    </Stack>
  );
}
