import {
  expectMediaFlow,
  markPage,
  startTwoWayCall,
  test,
  expect,
  type Participant,
} from './support/call.ts';
import { SignalingLine } from './support/signaling-line.ts';

interface Self {
  id: string;
  name: string;
  role: string;
}

/** Who the server said this page is, in each `welcome` it sent (join, then every resume). */
function selves(line: SignalingLine): Self[] {
  return line.events('welcome').map((w) => {
    const p = w.participant as Self;
    return { id: p.id, name: p.name, role: p.role };
  });
}

/** Ids of the people the server told this page had left, whatever the reason. */
function departures(line: SignalingLine): string[] {
  return line.events('participant_left').map((e) => String(e.participant_id));
}

/**
 * Cuts `person`'s signaling socket and keeps the network down until the page has noticed and
 * failed at least one reconnection, while `other` sees them as reconnecting; then lets the
 * page back in and waits until it says it is connected again.
 */
async function dropAndRecover(
  person: Participant,
  line: SignalingLine,
  other: Participant,
): Promise<void> {
  const sockets = line.connections;
  await line.cut();
  await expect(person.room.reconnecting).toBeVisible();
  await expect(other.room.tile(person.name).getByLabel('Reconnecting')).toBeVisible();
  await expect.poll(() => line.refused).toBeGreaterThan(0);
  line.restore();
  await expect(person.room.reconnecting).toBeHidden({ timeout: 30_000 });
  await expect(other.room.tile(person.name).getByLabel('Reconnecting')).toHaveCount(0);
  expect(line.connections).toBeGreaterThan(sockets);
}

/**
 * Issue 4, browser e2e "a dropped signaling socket resumes with identity, role and media": the
 * network takes a participant's signaling socket away (the guest's, then the host's); the page
 * reconnects on its own, resumes the same participant and restarts ICE, without a reload.
 */
test.describe('dropped signaling socket', () => {
  test('guest and host resume with identity, role and media; nobody saw them leave', async ({
    call,
    request,
  }) => {
    const lines = new Map<Participant, SignalingLine>();
    const { hostPerson, guest } = await startTwoWayCall(call, request, {
      beforeJoin: async (person) => void lines.set(person, await SignalingLine.tap(person.page)),
    });
    const hostLine = lines.get(hostPerson)!;
    const guestLine = lines.get(guest)!;
    const hostNotReloaded = await markPage(hostPerson.page);
    const guestNotReloaded = await markPage(guest.page);
    const [guestSelf] = selves(guestLine);
    const [hostSelf] = selves(hostLine);
    expect(guestSelf).toMatchObject({ name: 'Guest Giang' });
    expect(hostSelf).toMatchObject({ name: 'Hà Host', role: 'host' });

    // The guest's socket drops.
    await dropAndRecover(guest, guestLine, hostPerson);
    expect(selves(guestLine)).toEqual([guestSelf, guestSelf]);
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
    await expectMediaFlow(guest.page, { video: 1, audio: 1 });
    await expect(guest.room.camera).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'true');
    await expect(hostPerson.room.tile('Guest Giang')).toHaveCount(1);

    // The host's socket drops.
    await dropAndRecover(hostPerson, hostLine, guest);
    expect(selves(hostLine)).toEqual([hostSelf, hostSelf]);
    await expectMediaFlow(guest.page, { video: 1, audio: 1 });
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
    await expect(hostPerson.room.camera).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.room.tile('Hà Host')).toHaveCount(1);

    // Still the host: the host controls are there and the server accepts them.
    const { room } = hostPerson;
    await room.openParticipants();
    await room.lockSwitch.click();
    await expect(room.lockSwitch).toBeChecked();
    await room.lockSwitch.click();
    await expect(room.lockSwitch).not.toBeChecked();

    // Media still flows both ways, some seconds on.
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
    await expectMediaFlow(guest.page, { video: 1, audio: 1 });
    // Neither ever heard that the other had left, and neither page was reloaded.
    expect(departures(hostLine)).toEqual([]);
    expect(departures(guestLine)).toEqual([]);
    expect(await hostNotReloaded()).toBe(true);
    expect(await guestNotReloaded()).toBe(true);
  });
});
