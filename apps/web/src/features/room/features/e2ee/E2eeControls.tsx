import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import type { StageTile } from '../../state/stage.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { TileNotice } from '../../ui/TileNotice.tsx';
import { useE2ee } from '../../media/e2ee/E2ee.ts';

/**
 * The endtoend room's indicator and key dialog. The dialog opens by itself until a key was
 * typed: before that nothing is sent or shown. `salt` names the room (its alias), so the same
 * passphrase gives a different key in another room.
 */
export function E2eeControls({ salt }: { salt: string }) {
  const { t } = useTranslation();
  const session = useRoom();
  const endtoend = useRoomState((s) => s.room.mode === 'endtoend');
  const keySet = useE2ee((s) => s.keySet);
  /** Opened or closed by the person; until then open while no key is set. */
  const [chosen, setOpen] = useState<boolean | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const supported = endtoend && session.media?.e2ee != null;

  const open = chosen ?? (supported && !keySet);

  if (!endtoend) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const e2ee = session.media?.e2ee;
    if (!e2ee || !value) return;
    setBusy(true);
    try {
      await e2ee.setPassphrase(value, salt);
      setValue('');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Badge
        variant="light"
        color={supported && keySet ? 'green' : 'orange'}
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
      ) : !keySet ? (
        <Text size="xs" c="orange" role="status">
          {t('room.e2ee.noKey')}
        </Text>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('room.e2ee.dialogTitle')}>
        <form onSubmit={(event) => void submit(event)}>
          <Stack>
            <Alert color="blue" variant="light" icon={<IconShieldLock aria-hidden />}>
              {t('room.e2ee.explain')}
            </Alert>
            <PasswordInput
              label={t('room.e2ee.keyLabel')}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              required
            />
            <Button type="submit" loading={busy} disabled={!value}>
              {t('room.e2ee.use')}
            </Button>
          </Stack>
        </form>
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
