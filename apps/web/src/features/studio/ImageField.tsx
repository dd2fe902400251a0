import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import {
  storageFileUrl,
  studioImageRefusal,
  studioMessages,
  type StudioImagePurpose,
} from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { uploadStudioImage } from './api.ts';
import { imageFacts } from './imageFacts.ts';

/** Picks, checks and uploads one studio image; `value` is its upload id. */
export function ImageField({
  purpose,
  label,
  value,
  onChange,
}: {
  purpose: StudioImagePurpose;
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const refused = studioImageRefusal(purpose, await imageFacts(file));
    if (refused) {
      setError(studioMessages[language][refused]);
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadStudioImage(file, purpose)).id);
    } catch (failure) {
      setError(translateApiError(failure, i18n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value ? (
        <Image
          src={storageFileUrl(value)}
          alt={t('studio.image.preview', { what: t(`studio.open.${purpose}`) })}
          h={purpose === 'logo' ? 64 : 90}
          w="auto"
          fit="contain"
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('studio.image.none')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton accept="image/png,image/jpeg,image/webp" onChange={(f) => void choose(f)}>
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={busy} aria-label={label}>
              {t('studio.image.choose')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('studio.image.remove')}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
