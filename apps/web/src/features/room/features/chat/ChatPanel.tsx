import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  CloseButton,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { SIGNALING_MAX_TEXT, storageFileUrl, type ChatMessageView } from '@podium/protocol';
import { useShallow } from 'zustand/react/shallow';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { formatBytes } from '../../export/chatText.ts';
import { roomControls } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ChatOptions } from './ChatOptions.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';

const LOCALES = { en: 'en-GB', vi: 'vi-VN' } as const;

function Message({
  message,
  selfId,
  nameOf,
  download,
}: {
  message: ChatMessageView;
  selfId: string | null;
  nameOf: (id: string) => string;
  download: (file: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const mine = message.from === selfId;
  const time = new Intl.DateTimeFormat(LOCALES[language], { timeStyle: 'short' }).format(
    message.at,
  );
  const privateLabel =
    message.to === 'everyone'
      ? null
      : message.to === selfId
        ? t('room.chat.privateFrom')
        : t('room.chat.privateTo', { name: nameOf(message.to) });
  return (
    <Paper
      role="listitem"
      p="xs"
      radius="md"
      bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600} truncate>
          {message.from_name}
        </Text>
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </Group>
      {privateLabel ? (
        <Badge size="xs" variant="outline" color="grape">
          {privateLabel}
        </Badge>
      ) : null}
      {message.text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
      ) : null}
      {message.file ? (
        <Anchor
          size="sm"
          href={storageFileUrl(message.file.id)}
          download={message.file.name}
          onClick={(event) => {
            // SECURITY: the bare path opens nothing; the download goes through a short-lived
            // signed link the server hands only to people who may see this message.
            event.preventDefault();
            if (message.file) download(message.file);
          }}
          aria-label={t('room.chat.download', { name: message.file.name })}
          style={{ overflowWrap: 'anywhere' }}
        >
          {t('room.chat.file', {
            name: message.file.name,
            size: formatBytes(message.file.size, LOCALES[language]),
          })}
        </Anchor>
      ) : null}
    </Paper>
  );
}

export function ChatPanel({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useRoom();
  const chat = useRoomState((s) => s.room.chat);
  const selfId = useRoomState((s) => s.room.selfId);
  const self = useRoomState((s) => selfOf(s.room));
  const sending = useRoomState((s) => Boolean(s.busy.chat));
  const others = useRoomState(
    useShallow((s) =>
      s.room.order
        .filter((id) => id !== s.room.selfId)
        .map((id) => s.room.participants[id])
        .filter((p) => p !== undefined),
    ),
  );
  const [to, setTo] = useState<string>('everyone');
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  // A private recipient who left can no longer be written to.
  const recipient = to === 'everyone' || others.some((p) => p.id === to) ? to : 'everyone';

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.length]);

  const nameOf = (id: string) =>
    session.store.getState().room.participants[id]?.name ?? t('room.chat.unknown');

  const send = async () => {
    const body = text.trim();
    if (!body && !attachment) return;
    if (await session.sendChat(recipient, body, attachment ?? undefined)) {
      setText('');
      setAttachment(null);
    }
  };

  return (
    <Stack component="aside" aria-label={t('room.chat.title')} w={340} h="100%" gap="sm" p="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('room.chat.title')}
        </Title>
        <Group gap={4}>
          {roomControls(self?.role).exportChat ? <ChatOptions title={title} /> : null}
          <CloseButton aria-label={t('room.chat.close')} onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea flex={1} viewportRef={viewport}>
        {chat.length ? (
          <Stack gap={6} role="list" aria-live="polite">
            {chat.map((m) => {
              // A line another feature added (a gift given) renders as that feature says.
              const Line = session.features.find((f) => f.chat?.owns(m))?.chat?.Line;
              return Line ? (
                <Line key={m.id} message={m} />
              ) : (
                <Message
                  key={m.id}
                  message={m}
                  selfId={selfId}
                  nameOf={nameOf}
                  download={(file) => void session.downloadFile(file)}
                />
              );
            })}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('room.chat.empty')}
          </Text>
        )}
      </ScrollArea>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack gap={6}>
          <NativeSelect
            size="xs"
            label={t('room.chat.to')}
            value={recipient}
            onChange={(e) => setTo(e.currentTarget.value)}
            data={[
              { value: 'everyone', label: t('room.chat.everyone') },
              ...others.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
          <Textarea
            aria-label={t('room.chat.message')}
            placeholder={t('room.chat.placeholder')}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={SIGNALING_MAX_TEXT}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
          />
          {attachment ? (
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Text size="xs" truncate flex={1}>
                {attachment.name} ({formatBytes(attachment.size, LOCALES[language])})
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('room.chat.removeAttachment', { name: attachment.name })}
                onClick={() => setAttachment(null)}
              />
            </Group>
          ) : null}
          <Group justify="space-between">
            <FileButton onChange={setAttachment}>
              {(props) => (
                <Tooltip label={t('room.chat.attach')}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    aria-label={t('room.chat.attach')}
                    disabled={sending}
                  >
                    <IconPaperclip size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
            <ActionIcon
              type="submit"
              size="lg"
              aria-label={t('room.chat.send')}
              loading={sending}
              disabled={!text.trim() && !attachment}
            >
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
