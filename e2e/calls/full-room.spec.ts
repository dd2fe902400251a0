import { MEETING_MAX_PARTICIPANTS } from '@podium/protocol';
import {
  createEvent,
  expectMediaFlow,
  inboundStreams,
  signUpHost,
  test,
  expect,
  type Participant,
} from './support/call.ts';
import { SocketPerson } from './support/socket-person.ts';

/**
 * Peer connections of the page that are open or ever had an answer from the media server (the
 * harness keeps every one made). The room makes its subscriber's connection while `join` is
 * answered and closes it, unused, when the answer is a refusal: that one never sent a packet.
 */
function mediaConnections(person: Participant): Promise<number> {
  return person.page.evaluate(
    () =>
      (window.__e2ePeers ?? []).filter(
        (pc) => pc.connectionState !== 'closed' || pc.remoteDescription !== null,
      ).length,
  );
}

/**
 * Issue 4, browser e2e "the 11th meeting participant → 'Room is Full'": a meeting holds 10
 * people. The host is in a browser and nine guests hold their seats over the signaling socket
 * alone; the eleventh person, in a browser, sees 'Room is Full' and gets no media. Once
 * someone leaves, they try again and are in the call.
 */
test.describe('full meeting room', () => {
  test('the 11th participant sees “Room is Full”; after one leaves, a newcomer gets in', async ({
    call,
    request,
  }) => {
    expect(MEETING_MAX_PARTICIPANTS).toBe(10);
    const host = await signUpHost(request, 'Hà Host');
    const event = await createEvent(request, host, { mode: 'meeting' });
    const hostPerson = await call.openAsHost(host, event);
    await call.join(hostPerson);
    await call.cameraAndMicOn(hostPerson);
    const { room } = hostPerson;

    const seats: SocketPerson[] = [];
    try {
      for (let n = 1; n < MEETING_MAX_PARTICIPANTS; n++) {
        seats.push(await SocketPerson.join(call.baseUrl, event.name, `Seat ${n}`));
      }
      // The host sees all ten: the room is full.
      await room.openParticipants();
      for (const seat of seats) await expect(room.participant(seat.name)).toBeVisible();

      const late = await call.openAsGuest('Guest Khoa', event);
      await call.enter(late);
      await expect(late.room.waitingScreen('Room is Full')).toBeVisible();
      await expect(
        late.page.getByText('This event has reached its number of participants.'),
      ).toBeVisible();
      // Not in the room: nobody sees them, and they receive nothing.
      await expect(room.participant('Guest Khoa')).toHaveCount(0);
      await expect(room.tile('Guest Khoa')).toHaveCount(0);
      expect(await mediaConnections(late)).toBe(0);
      expect(await inboundStreams(late.page)).toEqual({});

      // One leaves; now the newcomer gets in, is seen, and sees and hears the host.
      const leaving = seats.shift()!;
      await leaving.leave();
      await expect(room.participant(leaving.name)).toHaveCount(0);
      await late.page.getByRole('button', { name: 'Try again' }).click();
      await late.room.waitForCall();
      // Ten people: the gallery shows eight tiles and a "+2" place for the newest two (Meet and
      // Zoom page the same way), so the host finds the newcomer in the list and the "+N" count.
      await expect(
        room.page
          .getByRole('region', { name: 'Stage' })
          .getByRole('img', { name: '2 more people' }),
      ).toBeVisible();
      await expect(room.participant('Guest Khoa')).toBeVisible();
      await expectMediaFlow(late.page, { video: 1, audio: 1 });

      for (const seat of [leaving, ...seats]) expect(seat.invalid).toEqual([]);
    } finally {
      for (const seat of seats) seat.close();
    }
  });
});
