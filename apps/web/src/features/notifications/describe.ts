import type { Language, NotificationView } from '@podium/protocol';
import { assertNever } from '../../shared/assertNever.ts';

export interface NotificationText {
  title: string;
  body: string;
  /** Where the notification leads, when it leads somewhere in the app. */
  link: { to: string; label: string } | null;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A date and time in the reader's language (and the browser's time zone). */
export function formatWhen(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US').format(amount);
}

/** What one notification says, per kind, in the reader's language. */
export function describeNotification(
  notification: NotificationView,
  t: Translate,
  language: Language,
): NotificationText {
  switch (notification.kind) {
    case 'invitation': {
      const { data } = notification;
      return {
        title: t('notifications.invitation.title', { title: data.title }),
        body: t('notifications.invitation.body', {
          host: data.host_name,
          start: formatWhen(data.start_time, language),
        }),
        link: {
          to: `/j/${encodeURIComponent(data.alias)}`,
          label: t('notifications.invitation.open'),
        },
      };
    }
    case 'gift_received': {
      const { data } = notification;
      // `gift_name` of a donation is the English word; the reader's language says it instead.
      if (data.kind === 'donation') {
        return {
          title: t('notifications.donation.title'),
          body: t('notifications.donation.body', {
            sender: data.sender_name,
            amount: formatAmount(data.amount, language),
            unit: data.unit,
          }),
          link: null,
        };
      }
      return {
        title: t('notifications.gift.title'),
        body: t('notifications.gift.body', {
          sender: data.sender_name,
          gift: data.gift_name,
          amount: formatAmount(data.amount, language),
          unit: data.unit,
        }),
        link: null,
      };
    }
    case 'missed_call': {
      const { data } = notification;
      return {
        title: t('notifications.missedCall.title'),
        body: t('notifications.missedCall.body', {
          visitor: data.visitor_name,
          alias: data.qr_alias,
          at: formatWhen(data.at, language),
        }),
        link: null,
      };
    }
    case 'passcode_guessing': {
      const { data } = notification;
      return {
        title: t('notifications.passcodeGuessing.title', { title: data.title }),
        body: t('notifications.passcodeGuessing.body', {
          failures: data.failures,
          until: formatWhen(data.until, language),
        }),
        link: null,
      };
    }
    default:
      return assertNever(notification);
  }
}
