import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * An honest stand-in for a screen a later feature fills: it names the feature instead of
 * showing invented data.
 */
export function Placeholder({ titleKey, messageKey }: { titleKey: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <Alert
        variant="light"
        color="gray"
        icon={<IconHourglassEmpty aria-hidden />}
        title={t('shell.comingSoon')}
      >
        {t(messageKey)}
      </Alert>
    </Stack>
  );
}

/** Builds a placeholder page component for a route table entry. */
export function placeholderPage(titleKey: string, messageKey: string) {
  function PlaceholderPage() {
    return <Placeholder titleKey={titleKey} messageKey={messageKey} />;
  }
  return PlaceholderPage;
}
