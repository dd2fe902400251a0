import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import type { StageTile } from '../../state/stage.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { TileNotice } from '../../ui/TileNotice.tsx';
import { useE2ee } from '../../media/e2ee/E2ee.ts';

/**
 * The endtoend room's indicator and encryption dialog: the safety code everyone compares, and
 * the optional passphrase. Keys need nothing typed (media/e2ee/README.md). `salt` names the room
 * (its alias), so the same passphrase gives a different key in another room.
 */
export function E2eeControls({ salt }: { salt: string }) {
  const { t } = useTranslation();
  const session = useRoom();
  const endtoend = useRoomState((s) => s.room.mode === 'endtoend');
  const ready = useE2ee((s) => s.ready);
  const passphrase = useE2ee((s) => s.passphrase);
  const safetyCode = useE2ee((s) => s.safetyCode);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const supported = endtoend && session.media?.e2ee != null;

  if (!endtoend) return null;

  const applyPassphrase = async (next: string) => {
    const e2ee = session.media?.e2ee;
    if (!e2ee) return;
    setBusy(true);
    try {
      await e2ee.setPassphrase(next, salt);
      setValue('');
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) void applyPassphrase(value);
  };

  return (
    <>
      <Badge
        variant="light"
        color={supported && ready ? 'green' : 'orange'}
        leftSection={<IconShieldLock size={12} aria-hidden />}
      >
        {t('room.e2ee.badge')}
      </Badge>
      {supported ? (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconKey size={14} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('room.e2ee.keyButton')}
        </Button>
      ) : null}
      {!supported ? (
        <Text size="xs" c="orange" role="status">
          {t('room.e2ee.unsupported')}
        </Text>
      ) : !ready ? (
        <Text size="xs" c="orange" role="status">
          {t('room.e2ee.noKey')}
        </Text>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('room.e2ee.dialogTitle')}>
        <Stack>
          <Alert color="blue" variant="light" icon={<IconShieldLock aria-hidden />}>
            {t('room.e2ee.explain')}
          </Alert>
          <Stack gap={4}>
            <Text fw={600} id="e2ee-safety-code">
              {t('room.e2ee.safetyCode')}
            </Text>
            {safetyCode ? (
              <Code block fz="lg" aria-labelledby="e2ee-safety-code" data-testid="e2ee-safety-code">
                {safetyCode}
              </Code>
            ) : (
              <Text size="sm">{t('room.e2ee.safetyCodeWaiting')}</Text>
            )}
            <Text size="xs" c="dimmed">
              {t('room.e2ee.safetyCodeHint')}
            </Text>
          </Stack>
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Text fw={600}>{t('room.e2ee.passphraseTitle')}</Text>
              <Text size="xs" c="dimmed">
                {t('room.e2ee.passphraseHint')}
              </Text>
              <PasswordInput
                label={t('room.e2ee.keyLabel')}
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                autoComplete="off"
              />
              <Group>
                <Button type="submit" loading={busy} disabled={!value}>
                  {t('room.e2ee.use')}
                </Button>
                {passphrase ? (
                  <Button variant="subtle" onClick={() => void applyPassphrase('')}>
                    {t('room.e2ee.removePassphrase')}
                  </Button>
                ) : null}
              </Group>
              {passphrase ? (
                <Text size="xs" role="status">
                  {t('room.e2ee.passphraseInUse')}
                </Text>
              ) : null}
            </Stack>
          </form>
        </Stack>
      </Modal>
    </>
  );
}

/** Whether a remote tile's feed fails to decrypt (endtoend rooms). */
function useCannotDecrypt(participantId: string, source: string, self: boolean): boolean {
  const feedId = useRoomState((s) =>
    self || s.room.mode !== 'endtoend'
      ? undefined
      : Object.values(s.room.feeds).find(
          (f) => f.participant_id === participantId && f.source === source,
        )?.feed_id,
  );
  return useE2ee((s) => (feedId ? s.undecryptable[feedId] === true : false));
}

/** Over a remote tile whose feed fails to decrypt: 'Cannot decrypt' (a status). */
export function CannotDecrypt({ tile }: { tile: StageTile }) {
  const { t } = useTranslation();
  const cannotDecrypt = useCannotDecrypt(tile.participantId, tile.source, tile.self);
  if (!cannotDecrypt) return null;
  return <TileNotice alert>{t('room.e2ee.cannotDecrypt')}</TileNotice>;
}
