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
 * End-to-end encrypted meeting (mode `endtoend`): every frame is encrypted in the browser with a
 * key derived from a passphrase shared out of band; Janus forwards frames it cannot read. People
 * with the same key see and hear each other; someone with a wrong key decodes nothing of theirs
 * and their tiles say so, while the others keep decoding.
 */

/** Types the key into the dialog that opens on entering an endtoend room. */
async function typeKey(person: Participant, key: string): Promise<void> {
  const dialog = person.page.getByRole('dialog', { name: 'End-to-end encryption key' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Encryption key').fill(key);
  await dialog.getByRole('button', { name: 'Use this key' }).click();
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

test('an end-to-end encrypted meeting decodes only with the right key', async ({
  call,
  request,
}) => {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host, { mode: 'endtoend' });
  const key = 'mây-trắng 42 correct horse';

  const hostPerson = await call.openAsHost(host, event);
  await joinWithKey(call, hostPerson, key);
  const guest = await call.openAsGuest('Guest Giang', event);
  await joinWithKey(call, guest, key);

  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(guest);

  // Same key: video decodes and sound plays out both ways.
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });

  // A third person with a wrong key.
  const intruder = await call.openAsGuest('Khách Ba', event);
  await joinWithKey(call, intruder, 'wrong key');

  // The encrypted frames reach them (packets arrive) but nothing decodes; the tiles say why.
  await expect
    .poll(async () => (await videoTotals(intruder.page)).packets, { timeout: 30_000 })
    .toBeGreaterThan(100);
  for (const name of ['Hà Host', 'Guest Giang']) {
    await expect(
      intruder.room.tile(name).getByRole('status').filter({
        hasText: 'Cannot decrypt — check the encryption key',
      }),
    ).toBeVisible({ timeout: 30_000 });
  }
  const flow = await flowOver(intruder.page, 3_000);
  expect(flow.video).toBe(0);
  expect(flow.audible).toBe(0);
  expect((await videoTotals(intruder.page)).frames).toBe(0);

  // The two with the key keep decoding each other meanwhile.
  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });
  await expect(guest.room.tile('Hà Host').getByRole('status')).toHaveCount(0);
});
