import { useEffect, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deferredModule } from '../../shared/ui/deferredModule.ts';
import { useNotificationCenter } from './useNotificationCenter.ts';

// The center's popover (Mantine's Popover, ScrollArea and floating-ui) is not in the first load
// (issue 11).
const usePopover = deferredModule(() => import('./NotificationCenterPopover.tsx'));

/** The bell in the app header: unread badge, and the notification center in a popover. */
export function NotificationBell() {
  const { t } = useTranslation();
  const center = useNotificationCenter();
  const popover = usePopover();
  const [focused, setFocused] = useState(false);
  // The popover takes over from the first opening only (here or from the phone menu): swapping
  // the button while nobody uses it would pull it from under a pointer or a screen reader.
  const [used, setUsed] = useState(false);
  const { opened } = center;
  if (opened && !used) setUsed(true);
  const { load } = popover;
  useEffect(() => {
    if (used) void load().catch(() => undefined);
  }, [used, load]);
  if (!center.signedIn) return null;
  const label =
    center.unread > 0
      ? t('notifications.bellUnread', { count: center.unread })
      : t('notifications.bell');
  // The badge sits outside the popover's target: the target gets aria-expanded and
  // aria-haspopup, which are only allowed on the button itself (axe aria-allowed-attr).
  return (
    <Indicator
      label={center.unread > 99 ? '99+' : center.unread}
      size={18}
      disabled={center.unread === 0}
      offset={4}
    >
      {popover.module && used ? (
        <popover.module.NotificationCenterPopover center={center} label={label} focused={focused} />
      ) : (
        // Until then, the same button; pressing it opens the center (once loaded, if not yet).
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={false}
          onClick={() => center.setOpened(true)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      )}
    </Indicator>
  );
}
