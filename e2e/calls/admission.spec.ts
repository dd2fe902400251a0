import { EndCallPage } from '../pages/room.ts';
import { PreJoinPage } from '../pages/join.ts';
import { expectMediaFlow, startHostedCall, test, expect } from './support/call.ts';

/**
 * Issue 4, browser e2e: the waiting room (admit and deny) and a locked room, with the host's
 * switches in the participants panel and the newcomers' waiting screens.
 */
test.describe('admission', () => {
  test('waiting room: the host admits one guest, who then takes part, and denies another', async ({
    call,
    request,
  }) => {
    const { event, hostPerson } = await startHostedCall(call, request);
    const { room } = hostPerson;

    await room.openParticipants();
    await expect(room.waitingRoomSwitch).not.toBeChecked();
    await room.waitingRoomSwitch.click();
    await expect(room.waitingRoomSwitch).toBeChecked();

    // Two guests arrive and wait.
    const admitted = await call.openAsGuest('Guest Giang', event);
    await call.enter(admitted);
    await expect(admitted.room.waitingScreen('Waiting room')).toBeVisible();
    const denied = await call.openAsGuest('Guest Minh', event);
    await call.enter(denied);
    await expect(denied.room.waitingScreen('Waiting room')).toBeVisible();

    // The host sees both in the waiting list, nobody is in the call yet.
    await expect(room.admit('Guest Giang')).toBeVisible();
    await expect(room.deny('Guest Minh')).toBeVisible();
    await expect(room.tile('Guest Giang')).toHaveCount(0);

    await room.admit('Guest Giang').click();
    await admitted.room.waitForCall();
    await expect(room.tile('Guest Giang')).toBeVisible();
    await expect(admitted.room.tile('Hà Host')).toBeVisible();

    await room.deny('Guest Minh').click();
    await expect(denied.page).toHaveURL(/\/ended\/[^/?]+\?reason=denied$/);
    await expect(new EndCallPage(denied.page).heading('The host did not let you in')).toBeVisible();
    await expect(room.admit('Guest Minh')).toHaveCount(0);
    await expect(room.tile('Guest Minh')).toHaveCount(0);

    // The admitted guest is really in the call: the host receives their camera and microphone.
    await call.cameraAndMicOn(admitted);
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  });

  test('a locked room: a newcomer sees “Room is locked” and gets in by themselves once it is unlocked', async ({
    call,
    request,
  }) => {
    const { event, hostPerson } = await startHostedCall(call, request);
    const { room } = hostPerson;

    await room.openParticipants();
    await room.lockSwitch.click();
    await expect(room.lockSwitch).toBeChecked();

    const late = await call.openAsGuest('Guest Giang', event);
    await call.enter(late);
    const locked = late.room.waitingScreen('Room is locked');
    await expect(locked).toBeVisible();
    await expect(
      late.page.getByText(
        'The host has locked this event. You will join by yourself as soon as it is unlocked.',
      ),
    ).toBeVisible();
    await expect(late.page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(room.tile('Guest Giang')).toHaveCount(0);

    // Unlocked: the newcomer gets in without doing anything (the page asks again by itself).
    await room.lockSwitch.click();
    await expect(room.lockSwitch).not.toBeChecked();
    await late.room.waitForCall();
    await expect(room.tile('Guest Giang')).toBeVisible();
  });

  test('a blocked guest who goes back to the join page in the same tab cannot get in again', async ({
    call,
    request,
  }) => {
    const { event, hostPerson } = await startHostedCall(call, request);
    const { room } = hostPerson;

    const guest = await call.openAsGuest('Guest Giang', event);
    await call.join(guest);
    await expect(room.tile('Guest Giang')).toBeVisible();

    await room.act('Guest Giang', 'Block');
    await expect(guest.page).toHaveURL(/\/ended\/[^/?]+\?reason=blocked$/);
    await expect(new EndCallPage(guest.page).heading('You cannot join this event')).toBeVisible();
    await expect(room.tile('Guest Giang')).toHaveCount(0);

    // Issue 10 item 8: back to /j/{alias} in the same tab, the name typed again (a new ticket).
    const prejoin = new PreJoinPage(guest.page);
    await prejoin.goto(event.link);
    await prejoin.displayName.fill('Guest Giang again');
    await prejoin.joinButton.click();
    await expect(guest.page).toHaveURL(/\/ended\/[^/?]+\?reason=blocked$/);
    await expect(new EndCallPage(guest.page).heading('You cannot join this event')).toBeVisible();
    await expect(room.tile('Guest Giang again')).toHaveCount(0);
    await expect(room.participant('Guest Giang again')).toHaveCount(0);
  });
});
