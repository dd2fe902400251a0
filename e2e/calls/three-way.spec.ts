import {
  createEvent,
  expectMediaFlow,
  expectTileDecoding,
  signUpHost,
  test,
  expect,
} from './support/call.ts';

/**
 * Issue 4, browser e2e "3-way": three people in separate browser contexts; everyone receives
 * and decodes the two others (video and audio), through one subscriber connection each.
 */
test('three people each see and hear the two others', async ({ call, request }) => {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host);

  const people = [
    await call.openAsHost(host, event),
    await call.openAsGuest('Guest Giang', event),
    await call.openAsGuest('Guest Minh', event),
  ];
  for (const person of people) await call.join(person);
  for (const person of people) {
    for (const other of people) {
      if (other !== person) await expect(person.room.tile(other.name)).toBeVisible();
    }
  }

  for (const person of people) await call.cameraAndMicOn(person);

  for (const person of people) {
    await expectMediaFlow(person.page, { video: 2, audio: 2 });
    for (const other of people) {
      if (other !== person) await expectTileDecoding(person.room, other.name);
    }
  }
});
