import type { Page } from '@playwright/test';
import {
  createEvent,
  expectMediaFlow,
  flowOver,
  inboundStreams,
  signUpHost,
  test,
  expect,
  type Call,
  type Participant,
} from './support/call.ts';

/**
 * End-to-end encrypted meeting (mode `endtoend`) with the optional extra passphrase: the
 * participants' exchanged keys (e2ee-keys.spec.ts) are mixed with a passphrase shared out of
 * band; Janus forwards frames it cannot read. People with the same passphrase see and hear each
 * other; someone with a wrong one decodes nothing of theirs and their tiles say so, while the
 * others keep decoding.
 */

/** Types the passphrase in the encryption dialog (opened from the room header). */
async function typeKey(person: Participant, key: string): Promise<void> {
  await person.page.getByRole('button', { name: 'Encryption details' }).click();
  const dialog = person.page.getByRole('dialog', { name: 'End-to-end encryption' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Passphrase', { exact: true }).fill(key);
  await dialog.getByRole('button', { name: 'Use this passphrase' }).click();
  await expect(dialog.getByText('A passphrase is in use.')).toBeVisible();
  await person.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function joinWithKey(call: Call, person: Participant, key: string): Promise<void> {
  await call.join(person);
  await expect(person.page.getByText('End-to-end encrypted', { exact: true })).toBeVisible();
  await typeKey(person, key);
}

/** Video streams received by the page: packets that arrived, frames that decoded. */
async function videoTotals(page: Page): Promise<{ packets: number; frames: number }> {
  const streams = Object.values(await inboundStreams(page)).filter((s) => s.kind === 'video');
  return {
    packets: streams.reduce((sum, s) => sum + s.packetsReceived, 0),
    frames: streams.reduce((sum, s) => sum + s.framesDecoded, 0),
  };
}

/** Keyframe requests (PLI + FIR) the page's video receivers have sent so far. */
function keyframeRequests(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const pc of window.__e2ePeers ?? []) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') {
          total += Number(s.pliCount ?? 0) + Number(s.firCount ?? 0);
        }
      });
    }
    return total;
  });
}

test('an end-to-end encrypted meeting with an extra passphrase decodes only with the same passphrase', async ({
  call,
  request,
}) => {
  test.setTimeout(240_000);
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host, { mode: 'endtoend' });
  const key = 'mây-trắng 42 correct horse';

  const hostPerson = await call.openAsHost(host, event);
  await joinWithKey(call, hostPerson, key);
  const guest = await call.openAsGuest('Guest Giang', event);
  await joinWithKey(call, guest, key);

  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(guest);

  // Same passphrase: video decodes and sound plays out both ways.
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });

  // A third person with a wrong passphrase (the exchanged keys reach them all the same).
  const intruder = await call.openAsGuest('Khách Ba', event);
  await joinWithKey(call, intruder, 'wrong key');

  // The encrypted frames reach them (packets arrive) but nothing decodes; the tiles say why.
  await expect
    .poll(async () => (await videoTotals(intruder.page)).packets, { timeout: 30_000 })
    .toBeGreaterThan(20);
  for (const name of ['Hà Host', 'Guest Giang']) {
    await expect(
      intruder.room.tile(name).getByRole('status').filter({
        hasText: 'Cannot decrypt — check the encryption key',
      }),
    ).toBeVisible({ timeout: 30_000 });
  }
  // Video that cannot be decrypted is paused at the media server: no packets arrive, and no
  // keyframe requests storm the senders (before the pause: about 7 a second from this page).
  await expect
    .poll(
      async () => {
        const before = (await videoTotals(intruder.page)).packets;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return (await videoTotals(intruder.page)).packets - before;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  // WebRTC keeps asking for a keyframe for 5 s after a stream's last packet, then stops.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const requestsBefore = await keyframeRequests(intruder.page);
  const packetsBefore = (await videoTotals(intruder.page)).packets;
  const flow = await flowOver(intruder.page, 6_000);
  const requests = (await keyframeRequests(intruder.page)) - requestsBefore;
  const packets = (await videoTotals(intruder.page)).packets - packetsBefore;
  expect(requests).toBeLessThanOrEqual(2);
  expect(packets).toBeLessThan(20);
  expect(flow.video).toBe(0);
  expect(flow.audible).toBe(0);
  expect((await videoTotals(intruder.page)).frames).toBe(0);

  // The two with the key keep decoding each other meanwhile.
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });
  await expect(guest.room.tile('Hà Host').getByRole('status')).toHaveCount(0);
});
