import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';

/** Shown when a page fails to load or render; never shows a stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t('shell.errorHeading')}
        </Title>
        <Alert color="red" variant="light" role="alert">
          {t('errors.generic')}
        </Alert>
        <Button component={Link} to={NAMED_PATHS.main} variant="light" reloadDocument>
          {t('shell.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
