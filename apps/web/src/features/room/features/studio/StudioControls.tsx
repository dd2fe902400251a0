import { CloseButton, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBrush } from '@tabler/icons-react';
import type { StudioState } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { StudioEditor } from '../../../studio/StudioEditor.tsx';
import { StudioPreview } from '../../../studio/StudioPreview.tsx';
import { isModerator } from '../../state/permissions.ts';
import { selfOf } from '../../state/roomState.ts';
import { ControlToggle } from '../../ui/ControlToggle.tsx';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { setStudio } from './actions.ts';
import { studioOf } from './state.ts';

/** Hosts and co-hosts: opens the Studio panel. */
function StudioToggle() {
  const { t } = useTranslation();
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'studio');
  return (
    <ControlToggle
      label={t('studio.control')}
      tip={t('studio.control')}
      pressed={open}
      onClick={() => session.openPanel(open ? null : 'studio')}
    >
      <IconBrush aria-hidden />
    </ControlToggle>
  );
}

const CONTROLS = [{ key: 'studio', element: <StudioToggle /> }] as const;
const NONE = [] as const;

/** The Studio control, offered to hosts and co-hosts only (the server checks anyway). */
export function useStudioControls() {
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  return moderator ? CONTROLS : NONE;
}

/** The spec's modals (name badge, logo, scene, text effect, layout) for the live room. */
export function StudioPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useRoom();
  const studio = useRoomState(studioOf);
  const save = (next: StudioState) => setStudio(session, next);
  return (
    <Stack gap="sm" p="sm" h="100%" miw={0}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {t('studio.panel')}
        </Title>
        <CloseButton aria-label={t('shell.close')} onClick={onClose} />
      </Group>
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('studio.panelIntro')}
          </Text>
          <StudioEditor studio={studio} onSave={save} />
          <StudioPreview studio={studio} />
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
