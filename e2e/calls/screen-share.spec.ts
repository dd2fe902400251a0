import {
  createEvent,
  expectMediaFlow,
  expectTileDecoding,
  signUpHost,
  test,
  expect,
} from './support/call.ts';

/**
 * Issue 4, browser e2e "screen share": the host shares a screen (Chromium's fake capture, the
 * picker accepted by the fake UI); the guest receives it as its own tile and decodes it;
 * stopping the share takes the tile away.
 */
test('a shared screen is decoded at the other side', async ({ call, request }) => {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host);
  const hostPerson = await call.openAsHost(host, event);
  await call.join(hostPerson);
  const guest = await call.openAsGuest('Guest Giang', event);
  await call.join(guest);

  await hostPerson.room.shareScreen.click();
  await expect(hostPerson.room.shareScreen).toHaveAttribute('aria-pressed', 'true');
  // The sharer sees a "You are presenting" bar, not their own screen as a tile.
  await expect(hostPerson.page.getByText('You are presenting')).toBeVisible();
  await expect(hostPerson.room.tile('Screen of Hà Host')).toHaveCount(0);

  await expect(guest.room.tile('Screen of Hà Host')).toBeVisible();
  await expectTileDecoding(guest.room, 'Screen of Hà Host');
  await expectMediaFlow(guest.page, { video: 1 });

  // Stopping the share removes the tile at the other side.
  await hostPerson.room.shareScreen.click();
  await expect(hostPerson.room.shareScreen).toHaveAttribute('aria-pressed', 'false');
  await expect(guest.room.tile('Screen of Hà Host')).toHaveCount(0);
  await expect(guest.room.tile('Hà Host')).toBeVisible();
});
