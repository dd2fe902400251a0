import { Badge } from '@mantine/core';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { useRoomState } from '../../ui/context.ts';
import { streamingOf } from './state.ts';

/** The call header's LIVE indicator, for everyone while a destination streams. */
export function LiveBadge() {
  const { t } = useTranslation();
  const live = useRoomState((s) => streamingOf(s).live);
  if (!live) return null;
  return (
    <Badge color="red" variant="filled" role="status" aria-label={t('streaming.room.liveLabel')}>
      {t('streaming.room.live')}
    </Badge>
  );
}
