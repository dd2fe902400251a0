import { ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAntennaBars1,
  IconAntennaBars3,
  IconAntennaBars5,
  IconAntennaBarsOff,
} from '@tabler/icons-react';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { useRoomState } from './context.ts';

/** Good / fair / poor from the media connections' loss and round-trip time (networkQuality.ts). */
export function NetworkIndicator() {
  const { t } = useTranslation();
  const quality = useRoomState((s) => s.media.network);
  const reconnecting = useRoomState((s) => s.room.connection === 'reconnecting');
  const shown = reconnecting ? 'poor' : quality;
  const label = t('room.network.label', {
    quality: t(`room.network.${shown ?? 'unknown'}`),
  });
  const Icon =
    shown === 'good'
      ? IconAntennaBars5
      : shown === 'fair'
        ? IconAntennaBars3
        : shown === 'poor'
          ? IconAntennaBars1
          : IconAntennaBarsOff;
  const color =
    shown === 'good' ? 'green' : shown === 'fair' ? 'yellow' : shown === 'poor' ? 'red' : 'gray';
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color={color} radius="xl" role="img" aria-label={label}>
        <Icon size={18} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
