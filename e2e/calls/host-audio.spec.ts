import { flowOver, expectMediaFlow, startHostedCall, test, expect } from './support/call.ts';

/**
 * Issue 4, browser e2e "mute all" and "ask-to-unmute accepted": the host silences everyone (not
 * from the gallery view, spec §5), the guest's microphone goes off and the host stops receiving
 * it; the host then asks the guest to turn it on again, the guest accepts, and audio returns.
 */
test('mute all silences the guest; asked to unmute, the guest accepts and is heard again', async ({
  call,
  request,
}) => {
  const { event, hostPerson } = await startHostedCall(call, request);
  const guest = await call.openAsGuest('Guest Giang', event);
  await call.join(guest);
  const { room } = hostPerson;

  await guest.room.microphone.click();
  await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'true');
  await expectMediaFlow(hostPerson.page, { audio: 1 });

  // Not from the gallery, where the host would not see whom they silence.
  await room.openParticipants();
  await room.muteAll.click();
  await expect(hostPerson.page.getByText('Mute all is not allowed in gallery view')).toBeVisible();
  await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'true');

  await room.chooseLayout('Speaker');
  await room.muteAll.click();
  await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'false');
  await expect(guest.page.getByText('A host turned off your microphone')).toBeVisible();
  // Nothing arrives from the guest any more.
  await expect
    .poll(async () => (await flowOver(hostPerson.page)).audio, { timeout: 15_000 })
    .toBe(0);

  await room.act('Guest Giang', 'Ask to turn on microphone');
  await expect(guest.room.askPrompt('audio')).toBeVisible();
  await guest.room.answerAsk('audio', 'Accept');
  await expect(guest.room.askPrompt('audio')).toHaveCount(0);
  await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'true');
  await expect(hostPerson.page.getByText('Guest Giang accepted your request')).toBeVisible();
  await expectMediaFlow(hostPerson.page, { audio: 1 });
});
