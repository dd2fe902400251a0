import { Badge, Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconBroadcast, IconBroadcastOff, IconEye } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import type { CallInfo } from '../inCallFeature.ts';
import { AUDIENCE_BUSY, startAudience, stopAudience } from './actions.ts';
import { audienceSlice, canControlAudience, isOnAir } from './state.ts';

function useCanControl(): boolean {
  const role = useRoomState((s) => selfOf(s.room)?.role);
  const mode = useRoomState((s) => s.room.mode);
  return canControlAudience(role, mode);
}

/** Hosts and co-hosts: the controls bar's "Audience stream" toggle. */
function AudienceToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const view = useRoomState((s) => readSlice(s, audienceSlice));
  const busy = useRoomState((s) => Boolean(s.busy[AUDIENCE_BUSY]));
  if (!useCanControl()) return null;
  const on = isOnAir(view);
  return (
    <ControlToggle
      label={t('live.room.control')}
      tip={on ? t('live.room.stop') : t('live.room.start')}
      pressed={on}
      pending={busy || view.state === 'starting' || view.state === 'stopping'}
      onClick={() => void (on ? stopAudience(session) : startAudience(session))}
    >
      {on ? <IconBroadcast aria-hidden /> : <IconBroadcastOff aria-hidden />}
    </ControlToggle>
  );
}

const CONTROLS = [{ key: 'audience', element: <AudienceToggle /> }] as const;

export function useAudienceControls() {
  return CONTROLS;
}

/**
 * The call header: everyone sees "Audience: N watching" while the room is on its watch page;
 * hosts of a livestream room that is not on air get a prominent "Start audience stream" (the
 * stream never starts by itself), and moderators can copy the watch page's link.
 */
export function AudienceHeader({ alias }: CallInfo) {
  const { t } = useTranslation();
  const session = useRoom();
  const view = useRoomState((s) => readSlice(s, audienceSlice));
  const mode = useRoomState((s) => s.room.mode);
  const busy = useRoomState((s) => Boolean(s.busy[AUDIENCE_BUSY]));
  const canControl = useCanControl();
  const watchUrl = `${window.location.origin}/live/${encodeURIComponent(alias)}`;
  return (
    <Group gap="xs" wrap="nowrap">
      {view.state === 'live' ? (
        <Badge
          color="red"
          variant="filled"
          leftSection={<IconEye size={14} aria-hidden />}
          role="status"
          aria-label={t('live.room.watching', { count: view.viewers })}
        >
          {t('live.room.watching', { count: view.viewers })}
        </Badge>
      ) : null}
      {view.state === 'starting' ? (
        <Badge color="gray" variant="light" role="status">
          {t('live.room.starting')}
        </Badge>
      ) : null}
      {view.state === 'off' && view.failure ? (
        <Badge color="red" variant="light" role="alert">
          {t(`live.room.failure.${view.failure}`)}
        </Badge>
      ) : null}
      {canControl && mode === 'livestream' && view.state === 'off' ? (
        <Button
          size="xs"
          color="red"
          leftSection={<IconBroadcast size={16} aria-hidden />}
          loading={busy}
          onClick={() => void startAudience(session)}
        >
          {t('live.room.start')}
        </Button>
      ) : null}
      {canControl && isOnAir(view) ? (
        <CopyButton value={watchUrl}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('live.room.copied') : watchUrl}>
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('live.room.copied') : t('live.room.copyLink')}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      ) : null}
    </Group>
  );
}
