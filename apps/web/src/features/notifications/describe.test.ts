import '../../test/dom.ts';
import { describe, expect, it } from 'vitest';
import type { Language, NotificationView } from '@podium/protocol';
import { createI18n } from '../../shared/i18n/index.ts';
import { describeNotification } from './describe.ts';

function gift(
  data: Extract<NotificationView, { kind: 'gift_received' }>['data'],
): NotificationView {
  return { id: 1, kind: 'gift_received', is_read: false, created_at: '2026-11-21T10:00:00Z', data };
}

function say(notification: NotificationView, language: Language) {
  const i18n = createI18n(language);
  const text = describeNotification(notification, i18n.t.bind(i18n), language);
  return { title: text.title, body: text.body };
}

describe('gift_received notifications in the reader’s language', () => {
  const donation = gift({
    kind: 'donation',
    sender_name: 'Bình',
    gift_name: 'Donation',
    amount: 2500,
    unit: 'coin',
  });

  it('words a donation in English and in Vietnamese, never with the stored English name', () => {
    expect(say(donation, 'en')).toEqual({
      title: 'You received a donation',
      body: 'Bình donated 2,500 coin to you',
    });
    expect(say(donation, 'vi')).toEqual({
      title: 'Bạn đã nhận được một khoản ủng hộ',
      body: 'Bình đã ủng hộ bạn 2.500 coin',
    });
  });

  it('words a gift with its name, with or without the kind (rows stored before it)', () => {
    const named = gift({
      kind: 'gift',
      sender_name: 'An',
      gift_name: 'Rose',
      amount: 10,
      unit: 'coin',
    });
    const legacy = gift({ sender_name: 'An', gift_name: 'Rose', amount: 10, unit: 'coin' });
    for (const notification of [named, legacy]) {
      expect(say(notification, 'en')).toEqual({
        title: 'You received a gift',
        body: 'An sent you Rose (10 coin)',
      });
      expect(say(notification, 'vi')).toEqual({
        title: 'Bạn đã nhận được một món quà',
        body: 'An đã gửi bạn Rose (10 coin)',
      });
    }
  });
});

describe('passcode_guessing notifications', () => {
  const notice: NotificationView = {
    id: 2,
    kind: 'passcode_guessing',
    is_read: false,
    created_at: '2026-11-21T10:00:00Z',
    data: { alias: 'board', title: 'Board', failures: 100, until: '2026-11-21T10:15:00Z' },
  };

  it('tells the host in English and in Vietnamese', () => {
    const en = say(notice, 'en');
    expect(en.title).toBe('Someone is guessing the passcode of "Board"');
    expect(en.body).toMatch(/^100 wrong passcodes in a short time\. Joining with the passcode/);
    const vi = say(notice, 'vi');
    expect(vi.title).toBe('Có người đang dò mật khẩu của "Board"');
    expect(vi.body).toMatch(/^100 lần nhập sai mật khẩu/);
  });
});
