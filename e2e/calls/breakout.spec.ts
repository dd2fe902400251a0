import { flowOver, startHostedCall, test, expect, type Participant } from './support/call.ts';

/** How many remote audio streams are arriving on this page (inbound-rtp audio, packets growing). */
async function heard(person: Participant): Promise<number> {
  return (await flowOver(person.page)).audio;
}

/**
 * Issue 14 item 5, breakout rooms: four people with their microphones on (one Chromium, a
 * context each). The host opens two rooms by hand, puts Giang in room 1 and Minh and Lan in
 * room 2, and visits room 1: each person then receives exactly one remote audio stream, their
 * room-mate's (inbound-rtp audio), never the other room's. Closing the rooms brings everyone
 * back to the main room, where each hears the three others again.
 */
test('four people in two breakout rooms hear only their room, then all return', async ({
  call,
  request,
}) => {
  test.setTimeout(240_000);
  const { event, hostPerson: host } = await startHostedCall(call, request);
  const guests: Participant[] = [];
  for (const name of ['Guest Giang', 'Guest Minh', 'Guest Lan']) {
    const guest = await call.openAsGuest(name, event);
    await call.join(guest);
    guests.push(guest);
  }
  const [giang, minh, lan] = guests as [Participant, Participant, Participant];
  const people = [host, giang, minh, lan];
  // Audio only: the check is who hears whom, and video would only load the machine.
  for (const person of people) {
    await person.room.microphone.click();
    await expect(person.room.microphone).toHaveAttribute('aria-pressed', 'true');
  }
  for (const person of people) {
    await expect.poll(() => heard(person), { timeout: 60_000 }).toBe(3);
  }

  // The host opens two rooms, assigning people by hand.
  const page = host.page;
  await host.room.controls.getByRole('button', { name: 'Breakout rooms' }).click();
  const panel = page.locator('[data-panel="breakout"]');
  await panel.getByText('Manually', { exact: true }).click();
  await panel.getByRole('button', { name: 'Open breakout rooms' }).click();
  const moveGiang = panel.getByRole('combobox', { name: 'Room of Guest Giang' });
  await moveGiang.selectOption('Room 1');
  await panel.getByRole('combobox', { name: 'Room of Guest Minh' }).selectOption('Room 2');
  await panel.getByRole('combobox', { name: 'Room of Guest Lan' }).selectOption('Room 2');
  await expect(panel.getByRole('list', { name: 'People in Room 2' })).toContainText('Guest Lan');
  // The host visits room 1 (a host is never assigned; they come and go).
  await panel.getByRole('button', { name: 'Visit Room 1' }).click();
  // The call header says where each person is.
  const where = (person: Participant) => person.page.locator('[data-breakout-room]');
  await expect(where(host)).toContainText('You are in Room 1');
  await expect(where(minh)).toContainText('You are in Room 2');

  // Each hears only their room-mate: one remote audio stream, no more.
  for (const person of people) {
    await expect.poll(() => heard(person), { timeout: 30_000 }).toBe(1);
  }
  // Chat stays in the room: Lan's message reaches Minh, not Giang.
  for (const person of guests) await person.room.openChat();
  await lan.room.sendChat('Room two only');
  await expect(minh.room.chatMessages.filter({ hasText: 'Room two only' })).toBeVisible();
  await giang.room.sendChat('Room one here');
  await expect(lan.room.chatMessages.filter({ hasText: 'Room one here' })).toHaveCount(0);
  await expect(giang.room.chatMessages.filter({ hasText: 'Room two only' })).toHaveCount(0);

  // Closing brings everyone back: each hears the three others again.
  await panel.getByRole('button', { name: 'Close all rooms' }).click();
  await expect(where(giang)).toHaveCount(0);
  for (const person of people) {
    await expect.poll(() => heard(person), { timeout: 30_000 }).toBe(3);
  }
});
