import { useEffect, useState } from 'react';
import { Group, Image, Paper, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useLanguage, useTranslation } from '../../../../shared/i18n/index.ts';
import { giftsOf, type GiftGiven } from './giftEvents.ts';
import { useRoom } from '../../ui/context.ts';
import classes from './GiftAnimation.module.css';
import { newGifts } from './giving.ts';

/** How long one gift stays on screen. */
export const GIFT_ANIMATION_MS = 4000;
/** A burst of gifts shows its newest few rather than queueing for minutes. */
export const GIFT_QUEUE_MAX = 5;

/**
 * What everyone in the room sees when a gift is given: the gift's picture and "<from> sent
 * <gift> to <to>", one gift at a time, each going away by itself. The region is a polite live
 * region that exists before any gift, so screen readers announce each one. With reduced motion
 * asked for, the card appears and goes without moving.
 */
export function GiftAnimation({ durationMs = GIFT_ANIMATION_MS }: { durationMs?: number }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const store = useRoom().store;
  const reduced = useReducedMotion();
  const [queue, setQueue] = useState<readonly GiftGiven[]>([]);

  // Only gifts that arrive while the call is on screen are shown; the chat keeps all of them.
  useEffect(
    () =>
      store.subscribe((state, prev) => {
        const fresh = newGifts(giftsOf(prev), giftsOf(state));
        if (fresh.length) setQueue((q) => [...q, ...fresh].slice(-GIFT_QUEUE_MAX));
      }),
    [store],
  );

  const current = queue[0];
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), durationMs);
    return () => clearTimeout(timer);
  }, [current, durationMs]);

  return (
    <div className={classes.overlay} role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <Paper
          key={current.transfer_id}
          className={classes.card}
          data-motion={reduced ? 'reduced' : 'full'}
          style={{ '--gift-duration': `${durationMs}ms` }}
          shadow="xl"
          radius="lg"
          p="md"
          withBorder
        >
          <Group gap="md" wrap="nowrap">
            <Image className={classes.picture} src={current.gift.image} alt="" w={72} h={72} />
            <Text fw={700} size="lg">
              {t('gifts.room.announce', {
                from: current.from_name,
                gift: current.gift.names[lang],
                to: current.to_name,
              })}
            </Text>
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
