import { signUpAndVerify } from '../pages/account.ts';
import { uniqueEmail } from '../support/data.ts';
import { createEvent, expectMediaFlow, expectTileDecoding, test, expect } from './support/call.ts';

/**
 * Issue 4, browser e2e "2-way": a host and a guest in separate browsers meet through Janus and
 * see and hear each other. Media is asserted from the receiving side: the inbound-rtp streams
 * of each browser decode frames and play out audio, and each tile's <video> keeps decoding.
 */
test('a host and a guest see and hear each other through Janus', async ({ call, request }) => {
  // The host signs up through the real form (code from the captured mail); the event through
  // the API.
  const hostName = 'Hà Host';
  const email = uniqueEmail('host');
  const hostPerson = await call.open(hostName);
  await signUpAndVerify(hostPerson.page, { email, fullName: hostName });
  const host = await call.hostOf(hostPerson, email);
  const event = await createEvent(request, host);

  await call.gotoPreJoin(hostPerson, event);
  await call.join(hostPerson);
  const guest = await call.openAsGuest('Guest Giang', event);
  await call.join(guest);

  // Both see each other on the stage before any media is on.
  await expect(hostPerson.room.tile('Guest Giang')).toBeVisible();
  await expect(guest.room.tile(hostName)).toBeVisible();

  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(guest);

  // Each side receives the other's camera and microphone.
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });
  await expectTileDecoding(hostPerson.room, 'Guest Giang');
  await expectTileDecoding(guest.room, hostName);
});
