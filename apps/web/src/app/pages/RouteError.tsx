import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Shown when a page fails to load or render; never shows a stack trace. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container py="xl">
        <NotFoundPage />
      </Container>
    );
  }
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
