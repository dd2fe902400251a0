import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhone, IconPhoneOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useAccountMessage } from '../../shared/account-channel/index.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { toastError } from '../../shared/ui/toast.ts';
import { admitToQrCall } from './admission.ts';
import { qrCallApi } from './api.ts';
import { translateQrError } from './errors.ts';
import { addRing, removeRing, stopNotice, type Ring } from './incomingCalls.ts';
import { startRingTone } from './ringTone.ts';

/**
 * The agent's incoming-call dialog, anywhere in the app while signed in: visitors' QR calls ring
 * here (account channel `qr_ring`), and stop when answered, cancelled or over (`qr_ring_stopped`).
 */
export function IncomingQrCalls() {
  const signedIn = useSessionStore((s) => s.signedIn);
  if (!signedIn) return null;
  return <Ringing />;
}

function Ringing() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [rings, setRings] = useState<Ring[]>([]);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  useAccountMessage('qr_ring', (ring) => setRings((now) => addRing(now, ring)));
  useAccountMessage('qr_ring_stopped', (stop) => {
    // The latest handler sees the latest rings: only calls this tab showed are worth a word.
    const ring = rings.find((r) => r.call_id === stop.call_id);
    setRings((now) => removeRing(now, stop.call_id));
    const notice = stopNotice(stop.reason);
    if (notice && ring) toastError(t(notice, { name: ring.visitor_name }));
  });

  const current = rings[0];
  const ringing = current !== undefined;
  useEffect(() => (ringing ? startRingTone() : undefined), [ringing]);
  if (!current) return null;

  const accept = async () => {
    setBusy('accept');
    try {
      const answer = await qrCallApi.accept(current.call_id);
      setRings((now) => removeRing(now, current.call_id));
      if (!answer.join) return;
      void navigate(admitToQrCall(answer.join));
    } catch (error) {
      setRings((now) => removeRing(now, current.call_id));
      toastError(translateQrError(error, i18n));
    } finally {
      setBusy(null);
    }
  };

  const decline = async () => {
    setBusy('decline');
    try {
      await qrCallApi.decline(current.call_id);
    } catch {
      // Declining a call that already ended changes nothing for this agent.
    } finally {
      setRings((now) => removeRing(now, current.call_id));
      setBusy(null);
    }
  };

  return (
    <Modal
      opened
      onClose={() => void decline()}
      title={t('qrCall.incoming.title')}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
    >
      <Stack gap="md">
        <Text>
          {t('qrCall.incoming.from', { name: current.visitor_name, title: current.title })}
        </Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            leftSection={<IconPhoneOff size={16} aria-hidden />}
            loading={busy === 'decline'}
            disabled={busy === 'accept'}
            onClick={() => void decline()}
            aria-label={t('qrCall.incoming.declineLabel', { name: current.visitor_name })}
          >
            {t('qrCall.incoming.decline')}
          </Button>
          <Button
            color="green"
            leftSection={<IconPhone size={16} aria-hidden />}
            loading={busy === 'accept'}
            disabled={busy === 'decline'}
            onClick={() => void accept()}
            aria-label={t('qrCall.incoming.acceptLabel', { name: current.visitor_name })}
          >
            {t('qrCall.incoming.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
