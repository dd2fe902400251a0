import { useEffect } from 'react';
import { Alert, Badge, Box, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { AccountCallSettings } from './AccountCallSettings.tsx';
import { AskPrompt } from './AskPrompt.tsx';
import { useRoom, useRoomState } from './context.ts';
import { ControlsBar } from './ControlsBar.tsx';
import { NetworkIndicator } from './NetworkIndicator.tsx';
import { RemoteAudio } from './RemoteAudio.tsx';
import { Stage } from './Stage.tsx';
import { CONTROL_SIZE } from './controlsFit.ts';
import { useRestOfCallView } from './stageFirst.ts';
import classes from './CallView.module.css';

/** A phone or a small window (portrait or landscape): compact controls, panels as sheets. */
export const COMPACT_QUERY = '(max-width: 640px), (max-height: 480px)';

/**
 * The call: header, stage, the open side panel and the controls bar, with what the in-call
 * features contribute to each (features/README.md); this shell names no feature. It fills the
 * window (dark, like Meet or Zoom); Escape closes the open panel. `stageFirst` (joining): the
 * header, stage and remote audio render first, the rest a task later (stageFirst.ts).
 */
export function CallView({
  title,
  alias,
  stageFirst = false,
}: {
  title: string;
  alias: string;
  stageFirst?: boolean;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  const { features } = session;
  const panelId = useRoomState((s) => s.panel);
  const mode = useRoomState((s) => s.room.mode);
  const locked = useRoomState((s) => s.room.locked);
  const reconnecting = useRoomState((s) => s.room.connection === 'reconnecting');
  const unavailable = useRoomState((s) => s.media.availability === 'unavailable');
  const compact = useMediaQuery(COMPACT_QUERY) ?? false;
  const Panel = features.find((f) => f.id === panelId)?.panel?.Component;
  const rest = useRestOfCallView(stageFirst);

  useEffect(() => {
    if (!panelId) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // A dialog, menu or open list over the call takes its own Escape first.
      const target = event.target instanceof Element ? event.target : null;
      if (
        target?.closest(
          '[role="dialog"], [role="menu"], [role="listbox"], [role="alertdialog"], [aria-expanded="true"]',
        )
      )
        return;
      session.openPanel(null);
    };
    // Capture: a control's tooltip closes on Escape and stops it there, so the panel would
    // need a second Escape.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [panelId, session]);

  return (
    <Box className={classes.call} data-compact={compact ? '' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" miw={0} wrap="nowrap">
          <Title order={1} size={compact ? 'h5' : 'h4'} lineClamp={1} c="gray.0">
            {title}
          </Title>
          {mode ? (
            <Badge variant="filled" color="dark.4">
              {t(`room.modes.${mode}`)}
            </Badge>
          ) : null}
          {rest
            ? features.map(({ id, Header }) =>
                Header ? <Header key={id} title={title} alias={alias} /> : null,
              )
            : null}
          {locked ? (
            <Badge variant="filled" color="orange" leftSection={<IconLock size={12} aria-hidden />}>
              {t('join.waiting.locked.title')}
            </Badge>
          ) : null}
        </Group>
        {rest ? <NetworkIndicator /> : null}
      </Group>
      {reconnecting ? (
        <Alert color="orange" icon={<IconWifiOff aria-hidden />} role="status" py={6}>
          {t('room.reconnecting')}
        </Alert>
      ) : null}
      {unavailable ? (
        <Alert color="gray" title={t('room.mediaUnavailable')} role="status" py={6}>
          <Text size="sm">{t('room.mediaUnavailableDetail')}</Text>
        </Alert>
      ) : null}
      <Box flex={1} mih={0} style={{ display: 'flex', gap: 8 }}>
        <Stage />
        {Panel ? (
          <Box
            className={compact ? classes.sheet : classes.panel}
            data-panel={panelId ?? undefined}
          >
            <Panel title={title} alias={alias} onClose={() => session.openPanel(null)} />
          </Box>
        ) : null}
      </Box>
      {rest ? (
        <>
          <ControlsBar compact={compact} onLeave={() => void session.leave()} />
          <AskPrompt />
          {features.map(({ id, Overlay }) => (Overlay ? <Overlay key={id} /> : null))}
        </>
      ) : (
        // The controls bar's place, so the stage's tiles do not move when it comes.
        <Box h={CONTROL_SIZE + (compact ? 8 : 20)} flex="none" aria-hidden />
      )}
      <RemoteAudio />
      {rest ? <AccountCallSettings /> : null}
    </Box>
  );
}
