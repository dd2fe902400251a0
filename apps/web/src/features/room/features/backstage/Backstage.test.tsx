import { renderInRoom, testParticipant } from '../../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Language, Role } from '@podium/protocol';
import { CallView } from '../../ui/CallView.tsx';

afterEach(cleanup);

const TEXTS = {
  en: {
    invisible: 'Invisible',
    you: 'You are invisible',
    menu: 'Backstage',
    move: 'Move to the backstage',
  },
  vi: {
    invisible: 'Ẩn mình',
    you: 'Bạn đang ẩn',
    menu: 'Hậu trường',
    move: 'Chuyển vào hậu trường',
  },
} as const;

function show(language: Language, role: Role, invisible = false) {
  const self = testParticipant('me', { name: 'Mai', role, invisible });
  const pia = testParticipant('p', { name: 'Pia', role: 'presenter' });
  renderInRoom(<CallView title="Launch" alias="launch" />, {
    self,
    participants: [self, pia],
    language,
  });
}

const controls = () => within(screen.getByRole('region', { name: /Call controls|Điều khiển/ }));

describe.each(['en', 'vi'] as const)('the backstage in %s', (language) => {
  const text = TEXTS[language];

  it('gives a presenter an Invisible toggle and tells them when they are invisible', () => {
    show(language, 'presenter', true);
    const toggle = controls().getByRole('button', { name: text.invisible });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(text.you)).toBeTruthy();
    expect(controls().queryByRole('button', { name: text.menu })).toBeNull();
  }, 30_000);

  it('gives the host the Backstage menu and no Invisible toggle', () => {
    show(language, 'host');
    expect(controls().getByRole('button', { name: text.menu })).toBeTruthy();
    expect(controls().queryByRole('button', { name: text.invisible })).toBeNull();
    expect(screen.queryByText(text.you)).toBeNull();
  }, 30_000);
});

describe('moving a presenter', () => {
  it('is in the presenter’s menu for the host', async () => {
    show('en', 'host');
    fireEvent.click(controls().getByRole('button', { name: 'Participants' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Pia' }));
    expect(await screen.findByRole('menuitem', { name: TEXTS.en.move })).toBeTruthy();
  }, 30_000);
});
