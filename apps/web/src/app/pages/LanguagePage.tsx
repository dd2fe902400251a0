import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';

/** /app/language: the same choice as the header switcher, as a settings page. */
export function LanguagePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={420}>
      <Title order={1} size="h2">
        {t('titles.language')}
      </Title>
      <LanguageSwitcher withLabel />
    </Stack>
  );
}
