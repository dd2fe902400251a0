import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  STREAM_KEY_MAX,
  STREAM_NAME_MAX,
  STREAM_URL_MAX,
  streamMessages,
  streamServerCreateRequest,
  type StreamServerCreateRequest,
} from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';

type Errors = Partial<Record<keyof StreamServerCreateRequest, string>>;

/**
 * Name, server URL and stream key of a destination, checked with the protocol's own schema
 * before anything is sent. SECURITY: the key field is a password input and is emptied once the
 * destination was handed over.
 */
export function DestinationForm({
  submitLabel,
  busy,
  onSubmit,
}: {
  submitLabel: string;
  busy?: boolean;
  /** Resolves true when the destination was taken (the form then clears). */
  onSubmit: (destination: StreamServerCreateRequest) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = streamServerCreateRequest.safeParse({ name, url, key });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= translateIssue(t, field, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (await onSubmit(parsed.data)) {
      setName('');
      setUrl('');
      setKey('');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('streaming.servers.name')}
          value={name}
          maxLength={STREAM_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label={t('streaming.servers.url')}
          placeholder={t('streaming.servers.urlHint')}
          value={url}
          maxLength={STREAM_URL_MAX}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          autoComplete="off"
          spellCheck={false}
        />
        <PasswordInput
          label={t('streaming.servers.key')}
          value={key}
          maxLength={STREAM_KEY_MAX + 1}
          onChange={(e) => setKey(e.currentTarget.value)}
          error={errors.key}
          autoComplete="off"
        />
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The schema's English message → the reader's language, through the stream message keys. */
function translateIssue(t: (key: string) => string, field: keyof Errors, english: string): string {
  const key = ENGLISH_TO_KEY.get(english);
  if (key) return t(`serverErrors.stream.${key}`);
  return t(`serverErrors.stream.${field === 'key' ? 'key_invalid' : 'url_invalid'}`);
}

const ENGLISH_TO_KEY = new Map<string, string>(
  Object.entries(streamMessages).map(([key, text]) => [text.en, key.slice('stream.'.length)]),
);
