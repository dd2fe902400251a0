import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUDIENCE_CHAT_MAX_TEXT, liveMessages, type AudienceChatMessage } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../../shared/i18n/index.ts';
import { loginPath } from '../../../shared/routing/paths.ts';
import type { AudienceChatState } from './model.ts';

const LOCALES = { en: 'en-GB', vi: 'vi-VN' } as const;

/** One line; the stage's answers are marked so viewers tell them from the audience. */
export function AudienceChatLine({ message }: { message: AudienceChatMessage }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const time = new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short' }).format(
    message.at,
  );
  const stage = message.from === 'stage';
  return (
    <Paper
      role="listitem"
      p="xs"
      radius="md"
      bg={stage ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="xs" fw={600} truncate>
            {message.name}
          </Text>
          {stage ? (
            <Badge size="xs" variant="filled">
              {t('live.chat.stage')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Text>
    </Paper>
  );
}

/** The lines, newest at the bottom, kept scrolled to the end. */
export function AudienceChatLines({ messages }: { messages: readonly AudienceChatMessage[] }) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);
  return (
    <ScrollArea flex={1} mih={160} viewportRef={viewport}>
      {messages.length ? (
        <Stack gap={6} role="list" aria-live="polite" aria-label={t('live.chat.lines')}>
          {messages.map((m) => (
            <AudienceChatLine key={m.id} message={m} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('live.chat.empty')}
        </Text>
      )}
    </ScrollArea>
  );
}

/** The text box and its send button (Enter sends, Shift+Enter breaks the line). */
export function AudienceChatInput({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = async () => {
    if (await onSend(text)) setText('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Textarea
          flex={1}
          aria-label={t('live.chat.message')}
          placeholder={t('live.chat.placeholder')}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={AUDIENCE_CHAT_MAX_TEXT}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <ActionIcon
          type="submit"
          size="lg"
          aria-label={t('live.chat.send')}
          loading={sending}
          disabled={!text.trim()}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}

/**
 * The watch page's audience chat: everyone with a pass reads; signed-in viewers write, guests
 * are asked to sign in (coming back to this page).
 */
export function AudienceChat({
  alias,
  state,
  send,
}: {
  alias: string;
  state: AudienceChatState;
  send: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const error =
    state.error === null
      ? null
      : state.error === 'errors.generic'
        ? t('live.chat.failed')
        : liveMessages[state.error][language];
  return (
    <Stack component="section" aria-label={t('live.chat.title')} gap="xs" h={420}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('live.chat.title')}
        </Title>
        {state.connection === 'reconnecting' ? (
          <Text size="xs" c="dimmed" role="status">
            {t('live.chat.reconnecting')}
          </Text>
        ) : null}
      </Group>
      <AudienceChatLines messages={state.messages} />
      {error ? (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      ) : null}
      {state.canWrite ? (
        <AudienceChatInput sending={state.sending} onSend={send} />
      ) : (
        <Anchor component={Link} to={loginPath(`/live/${encodeURIComponent(alias)}`)} size="sm">
          {t('live.chat.signIn')}
        </Anchor>
      )}
    </Stack>
  );
}
