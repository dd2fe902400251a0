import { ActionIcon, Badge, Menu, Tooltip } from '@mantine/core';
import { IconEyeOff, IconUsersGroup } from '@tabler/icons-react';
import type { ParticipantView } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { isModerator } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import {
  BACKSTAGE_BUSY,
  canMove,
  isBackstageRole,
  moveAllToBackstage,
  moveToBackstage,
  setSelfInvisible,
} from './actions.ts';

/** "Invisible" for presenters: pressed while backstage (still seeing and hearing the room). */
function InvisibleToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const self = useRoomState((s) => selfOf(s.room));
  const busy = useRoomState((s) => Boolean(s.busy[BACKSTAGE_BUSY]));
  if (!self || !isBackstageRole(self.role)) return null;
  return (
    <ControlToggle
      label={t('backstage.invisible')}
      tip={self.invisible ? t('backstage.goVisible') : t('backstage.goInvisible')}
      pressed={self.invisible}
      pending={busy}
      onClick={() => void setSelfInvisible(session, !self.invisible)}
    >
      <IconEyeOff aria-hidden />
    </ControlToggle>
  );
}

/** Hosts and co-hosts: move every presenter to the backstage, or bring everyone back. */
function BackstageMenu() {
  const { t } = useTranslation();
  const session = useRoom();
  const role = useRoomState((s) => selfOf(s.room)?.role);
  const busy = useRoomState((s) => Boolean(s.busy[BACKSTAGE_BUSY]));
  if (!isModerator(role)) return null;
  return (
    <Menu position="top" withinPortal>
      <Menu.Target>
        <Tooltip label={t('backstage.menu')}>
          <ActionIcon
            size={48}
            radius="xl"
            variant="filled"
            color="dark.4"
            loading={busy}
            aria-label={t('backstage.menu')}
          >
            <IconUsersGroup aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void moveAllToBackstage(session, true)}>
          {t('backstage.moveAll')}
        </Menu.Item>
        <Menu.Label>{t('backstage.moveAllHint')}</Menu.Label>
        <Menu.Item onClick={() => void moveAllToBackstage(session, false)}>
          {t('backstage.bringAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const CONTROLS = [
  { key: 'backstage-invisible', element: <InvisibleToggle /> },
  { key: 'backstage-menu', element: <BackstageMenu /> },
] as const;

export function useBackstageControls() {
  return CONTROLS;
}

/** In the header while this presenter is backstage: nobody but the hosts sees them. */
export function InvisibleBadge() {
  const { t } = useTranslation();
  const invisible = useRoomState((s) => Boolean(selfOf(s.room)?.invisible));
  if (!invisible) return null;
  return (
    <Badge color="gray" variant="filled" leftSection={<IconEyeOff size={12} aria-hidden />}>
      {t('backstage.youAreInvisible')}
    </Badge>
  );
}

/** "Move to the backstage" / "Bring back to the stage" in a presenter's menu (hosts). */
export function BackstageMenuItems({
  viewer,
  participant,
}: {
  viewer: ParticipantView | null;
  participant: ParticipantView;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  if (!canMove(viewer, participant)) return null;
  const back = participant.invisible;
  return (
    <Menu.Item onClick={() => void moveToBackstage(session, participant.id, !back)}>
      {back ? t('backstage.bringBack') : t('backstage.move')}
    </Menu.Item>
  );
}
