import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGES } from '@podium/protocol';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/index.ts';
import { isLanguage } from '../i18n/language.ts';

/** Language choice (spec §3 language option: value en|vi, label English|Tiếng Việt). */
export function LanguageSwitcher({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  return (
    <NativeSelect
      label={withLabel ? t('shell.language') : undefined}
      aria-label={withLabel ? undefined : t('shell.language')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) setLanguage(value);
      }}
      data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
      w={withLabel ? undefined : 150}
    />
  );
}
