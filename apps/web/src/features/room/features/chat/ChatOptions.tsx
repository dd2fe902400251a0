import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ChatMessageView } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { downloadBlob } from '../../../events/download.ts';
import { chatText, formatBytes } from '../../export/chatText.ts';
import { exportFileName } from '../../export/participantsCsv.ts';
import type { RoomSession } from '../../session/RoomSession.ts';
import { useRoom } from '../../ui/context.ts';

const LOCALES = { en: 'en-GB', vi: 'vi-VN' } as const;

/** The passcode prompt of a protected chat export; closes itself once the export went through. */
function PasscodePrompt({
  session,
  onMessages,
}: {
  session: RoomSession;
  onMessages: (messages: ChatMessageView[]) => void;
}) {
  const { t } = useTranslation();
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setPending(true);
        void session.exportChat(passcode).then((result) => {
          setPending(false);
          if (result === 'passcode') setError(t('room.chat.passcodeWrong'));
          else if (result) {
            modals.closeAll();
            onMessages(result);
          }
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('room.chat.passcodeNeeded')}</Text>
        <PasswordInput
          label={t('room.chat.passcodeLabel')}
          value={passcode}
          error={error}
          autoComplete="off"
          data-autofocus
          onChange={(e) => {
            setPasscode(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!passcode}>
            {t('room.chat.exportButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Hosts' chat tools: export the history the server keeps (protected by the chat passcode once
 * one is set) as a .txt file, and set a new passcode — shown once, clearing the earlier chat.
 */
export function ChatOptions({ title }: { title: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useRoom();

  const download = (messages: ChatMessageView[]) => {
    const time = new Intl.DateTimeFormat(LOCALES[language], {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const names = new Map(messages.map((m) => [m.from, m.from_name]));
    const content = chatText(messages, {
      title: t('room.chat.exportTitle', { title }),
      everyone: t('room.chat.everyone'),
      privateTo: (name) => t('room.chat.privateTo', { name }),
      file: (name, size) => t('room.chat.file', { name, size }),
      time: (ms) => time.format(ms),
      nameOf: (id) =>
        session.store.getState().room.participants[id]?.name ??
        names.get(id) ??
        t('room.chat.unknown'),
      size: (bytes) => formatBytes(bytes, LOCALES[language]),
    });
    downloadBlob(
      new Blob([content], { type: 'text/plain;charset=utf-8' }),
      exportFileName(title, t('room.chat.file_suffix'), 'txt'),
    );
  };

  const exportChat = async () => {
    const result = await session.exportChat();
    if (result === 'passcode') {
      modals.open({
        title: t('room.chat.passcodeTitle'),
        children: <PasscodePrompt session={session} onMessages={download} />,
      });
    } else if (result) download(result);
  };

  const resetPasscode = () =>
    modals.openConfirmModal({
      title: t('room.chat.resetTitle'),
      children: <Text size="sm">{t('room.chat.resetText')}</Text>,
      labels: {
        confirm: t('room.participants.confirm.confirm'),
        cancel: t('room.participants.confirm.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void session.resetChatPasscode().then((passcode) => {
          if (!passcode) return;
          modals.open({
            title: t('room.chat.passcodeTitle'),
            children: (
              <Stack gap="sm">
                <Text size="sm">{t('room.chat.passcodeOnce')}</Text>
                <Group justify="space-between">
                  <Code fz="lg" aria-label={t('room.chat.passcodeLabel')}>
                    {passcode}
                  </Code>
                  <CopyButton value={passcode}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="light" onClick={copy}>
                        {copied ? t('room.chat.copied') : t('room.chat.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            ),
          });
        }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('room.chat.options')}>
          <IconDotsVertical size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void exportChat()}>{t('room.chat.export')}</Menu.Item>
        <Menu.Item color="red" onClick={resetPasscode}>
          {t('room.chat.resetPasscode')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
