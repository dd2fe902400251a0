import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMovie } from '@tabler/icons-react';
import { parseVideoLink, SHARED_VIDEO_MAX_URL } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import type { RoomSession } from '../../session/RoomSession.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { mayControl, SHARED_VIDEO_BUSY, shareVideo, stopVideo } from './actions.ts';
import { sharedVideoSlice } from './state.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** "Video link": pressed while a video is shared; a click shares one, or stops the one shown. */
function ShareVideoToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const allowed = useRoomState((s) => mayControl(selfOf(s.room)));
  const shared = useRoomState((s) => readSlice(s, sharedVideoSlice).video !== null);
  const busy = useRoomState((s) => Boolean(s.busy[SHARED_VIDEO_BUSY]));
  if (!allowed) return null;
  return (
    <ControlToggle
      label={t('sharedVideo.control')}
      tip={shared ? t('sharedVideo.stop') : t('sharedVideo.share')}
      pressed={shared}
      pending={busy}
      onClick={() => (shared ? void stopVideo(session) : openLinkDialog(session, t))}
    >
      <IconMovie aria-hidden />
    </ControlToggle>
  );
}

function openLinkDialog(session: RoomSession, t: Translate) {
  const id = modals.open({
    title: t('sharedVideo.dialogTitle'),
    // Rendered by the app's modal provider, outside the room context: the session comes along.
    children: (
      <LinkForm
        t={t}
        onCancel={() => modals.close(id)}
        onShare={async (url) => {
          if (await shareVideo(session, url)) modals.close(id);
        }}
      />
    ),
  });
}

function LinkForm({
  t,
  onShare,
  onCancel,
}: {
  t: Translate;
  onShare: (url: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const link = parseVideoLink(url);
    if (!link) {
      setError(t('sharedVideo.invalidLink'));
      return;
    }
    setSending(true);
    void onShare(link.url).finally(() => setSending(false));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('sharedVideo.link')}
          description={t('sharedVideo.linkHint')}
          value={url}
          maxLength={SHARED_VIDEO_MAX_URL}
          error={error}
          data-autofocus
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('sharedVideo.cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {t('sharedVideo.shareButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const CONTROLS = [{ key: 'shared-video', element: <ShareVideoToggle /> }] as const;

export function useSharedVideoControls() {
  return CONTROLS;
}
