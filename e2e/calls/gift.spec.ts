import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Host, Participant } from './support/call.ts';
import { createEvent, signUpHost, test, expect } from './support/call.ts';

const API = { 'X-Requested-With': 'XMLHttpRequest' };

/** The Gifts button of the call toolbar and its panel. */
class GiftPanel {
  constructor(readonly page: Page) {}

  get button(): Locator {
    return this.page
      .getByRole('region', { name: 'Call controls' })
      .getByRole('button', { name: 'Gifts' });
  }
  get panel(): Locator {
    return this.page.getByRole('dialog').filter({
      has: this.page.getByRole('heading', { name: 'Send a gift' }),
    });
  }
  get receiver(): Locator {
    return this.panel.getByRole('combobox', { name: 'Receiver' });
  }
  give(gift: string): Locator {
    return this.panel.getByRole('button', { name: `Give ${gift}` });
  }
  async open(): Promise<void> {
    await this.button.click();
    await expect(this.panel).toBeVisible();
  }
}

/** The overlay everyone sees when a gift is given (a live status region). */
function animation(person: Participant, text: string): Locator {
  return person.page.getByRole('status').filter({ hasText: text });
}

async function coins(request: APIRequestContext, who: Host): Promise<number | undefined> {
  const res = await request.get('/api/account/wallet/list', {
    headers: { ...API, authorization: `Bearer ${who.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const balances = (await res.json()) as { unit: string; value: number }[];
  return balances.find((b) => b.unit === 'coin')?.value;
}

/**
 * Issue 5 item 2, in the call: a signed-in participant, credited through the ledger, gives the
 * host a gift from the toolbar. Guests and oneself are not offered as receivers, a gift beyond
 * the balance is refused with the spec's message, and everyone in the room — a guest too — sees
 * the animation and the chat line; the giver's balance drops by the price.
 */
test('a gift given in the call: everyone sees it, the balance drops', async ({ call, request }) => {
  const host = await signUpHost(request, 'Hà Host');
  const giverAccount = await signUpHost(request, 'Minh Giver');
  // Credited through the same ledger as the operator's command (development tools' credit).
  const credit = await request.post('/api/dev/wallet/credit', {
    headers: { ...API, authorization: `Bearer ${giverAccount.token}` },
    data: { amount: 100, unit: 'coin', idempotency_key: `e2e-gift-${Date.now()}` },
  });
  expect(credit.status(), await credit.text()).toBe(200);
  const event = await createEvent(request, host);

  const hostPerson = await call.openAsHost(host, event);
  const giver = await call.openAsHost(giverAccount, event);
  const guest = await call.openAsGuest('Guest Giang', event);
  const people = [hostPerson, giver, guest];
  for (const person of people) await call.join(person);
  for (const person of people) {
    for (const other of people) {
      if (other !== person) await expect(person.room.tile(other.name)).toBeVisible();
    }
  }

  // A guest cannot give: the panel says to sign in.
  const guestGifts = new GiftPanel(guest.page);
  await guestGifts.open();
  await expect(guestGifts.panel.getByText('Sign in to give gifts.')).toBeVisible();
  await expect(guestGifts.receiver).toHaveCount(0);
  await guest.page.keyboard.press('Escape');
  await expect(guestGifts.panel).toBeHidden();

  const gifts = new GiftPanel(giver.page);
  await gifts.open();
  await expect(gifts.panel.getByText('Your balance: 100 coins')).toBeVisible();
  // Neither the giver nor the guest is offered.
  await expect(gifts.receiver.locator('option')).toHaveText(['Hà Host']);

  // Beyond the balance: the spec's message, nothing moves.
  await gifts.give('Trophy (500 coins)').click();
  await expect(gifts.panel.getByRole('alert')).toHaveText('not enough balance to give this gift');
  expect(await coins(request, giverAccount)).toBe(100);

  // Everyone watches for the gift before it is given: the overlay goes away by itself.
  const announced = 'Minh Giver sent Rose to Hà Host';
  const seen = people.map((person) =>
    expect(animation(person, announced).locator('img[src="/gifts/rose.svg"]')).toBeVisible(),
  );
  await gifts.give('Rose (10 coins)').click();
  await Promise.all(seen);
  await expect(gifts.panel.getByRole('status')).toHaveText('Gift sent');
  await expect(gifts.panel.getByText('Your balance: 90 coins')).toBeVisible();
  for (const person of people) await expect(animation(person, announced)).toHaveCount(0);

  // The chat keeps a line for it, for everyone.
  for (const person of people) {
    await person.room.openChat();
    await expect(
      person.room.chatMessages.filter({ hasText: 'Minh Giver gave Rose to Hà Host' }),
    ).toHaveCount(1);
  }

  // The money moved once, from the giver to the host.
  expect(await coins(request, giverAccount)).toBe(90);
  expect(await coins(request, host)).toBe(10);
});
