import type { Page } from '@playwright/test';
import {
  decryptFrame,
  frameKeyOf,
  keyIdOf,
  type FrameKind,
} from '../../apps/web/src/features/room/media/e2ee/frameCrypto.ts';
import {
  epochOf,
  fromBase64Url,
  ratchet,
  toBase64Url,
  type MediaKey,
} from '../../apps/web/src/features/room/media/e2ee/keySchedule.ts';
import {
  createEvent,
  expectMediaFlow,
  signUpHost,
  test,
  expect,
  type Call,
  type CallEvent,
  type Participant,
} from './support/call.ts';

/**
 * End-to-end keys without a passphrase (issue 17 item 2; media/e2ee/README.md): each browser
 * makes its own media key and seals it for every other participant; the server relays sealed
 * keys it cannot open. Everyone compares one safety code; a key swapped on the way shows as a
 * different code; someone who left cannot read what is sent 10 s later.
 */

/** The safety code the person's encryption dialog shows (the dialog is closed again). */
async function safetyCode(person: Participant): Promise<string> {
  await person.page.getByRole('button', { name: 'Encryption details' }).click();
  const dialog = person.page.getByRole('dialog', { name: 'End-to-end encryption' });
  const code = dialog.getByTestId('e2ee-safety-code');
  await expect(code).toHaveText(/^\d{5}( \d{5}){4}$/);
  const text = (await code.textContent()) ?? '';
  await person.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return text;
}

/** Polls until every person shows the same safety code; returns it. */
async function sameCode(people: Participant[]): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = [];
        for (const p of people) codes.push(await safetyCode(p));
        return new Set(codes).size;
      },
      { timeout: 30_000, message: 'everyone shows one safety code' },
    )
    .toBe(1);
  return codes[0]!;
}

async function videoFramesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let frames = 0;
    for (const pc of window.__e2ePeers ?? []) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += Number(s.framesDecoded ?? 0);
      });
    }
    return frames;
  });
}

async function endtoendEvent(call: Call, request: Parameters<typeof signUpHost>[0]) {
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host, { mode: 'endtoend' });
  return { host, event };
}

async function joinGuest(call: Call, name: string, event: CallEvent): Promise<Participant> {
  const guest = await call.openAsGuest(name, event);
  await call.join(guest);
  return guest;
}

test('two participants with no passphrase decode each other and show the same safety code', async ({
  call,
  request,
}) => {
  // Three browsers' worth of work on a shared 2-core machine: generous.
  test.setTimeout(240_000);
  const { host, event } = await endtoendEvent(call, request);
  const hostPerson = await call.openAsHost(host, event);
  await call.join(hostPerson);
  await expect(hostPerson.page.getByText('End-to-end encrypted', { exact: true })).toBeVisible();
  // Nothing to type: no dialog asks for a key.
  await expect(hostPerson.page.getByRole('dialog')).toHaveCount(0);
  const guest = await joinGuest(call, 'Guest Giang', event);
  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(guest);

  await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });
  const before = await videoFramesDecoded(guest.page);
  // Frames keep decoding (generous: the shared 2-core machine can starve the fake camera).
  await expect
    .poll(() => videoFramesDecoded(guest.page), { timeout: 60_000 })
    .toBeGreaterThan(before + 10);
  await expect(guest.room.tile('Hà Host').getByRole('status')).toHaveCount(0);
  await expect(hostPerson.room.tile('Guest Giang').getByRole('status')).toHaveCount(0);

  await sameCode([hostPerson, guest]);
});

test('a public key swapped on the way gives a different safety code (and no media)', async ({
  call,
  request,
}) => {
  // Three browsers' worth of work on a shared 2-core machine: generous.
  test.setTimeout(240_000);
  const { host, event } = await endtoendEvent(call, request);
  const hostPerson = await call.openAsHost(host, event);
  await call.join(hostPerson);
  await call.cameraAndMicOn(hostPerson);

  // What a malicious server would do: show the guest its own key in place of the host's.
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ]);
  const attacker = toBase64Url(
    new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)),
  );
  let swapped = 0;
  const guest = await call.openAsGuest('Guest Giang', event);
  await guest.page.routeWebSocket(/\/socket\//, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message !== 'string' || !message.includes('"e2ee_public_keys"')) {
        ws.send(message);
        return;
      }
      const parsed = JSON.parse(message) as {
        keys: { participant_id: string; public_key: string }[];
      };
      for (const key of parsed.keys) key.public_key = attacker;
      swapped += 1;
      ws.send(JSON.stringify(parsed));
    });
  });
  await call.join(guest);
  await call.cameraAndMicOn(guest);
  await expect.poll(() => swapped, { timeout: 30_000 }).toBeGreaterThan(0);

  // Each shows a code, but not the same one: comparing them reveals the substitution.
  const hostCode = await safetyCode(hostPerson);
  const guestCode = await safetyCode(guest);
  expect(guestCode).not.toBe(hostCode);
  // And the swapped key opens nothing: the guest cannot decrypt the host (never garbage).
  await expect(
    guest.room.tile('Hà Host').getByRole('status').filter({ hasText: 'Cannot decrypt' }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await videoFramesDecoded(guest.page)).toBe(0);
});

/** What the test hook of media/e2ee/E2ee.ts gives. */
interface Material {
  from: string | null;
  id: number;
  material: string;
}

declare global {
  interface Window {
    __PODIUM_E2EE_TEST__?: boolean;
    __podiumE2ee?: {
      materials(): Material[];
      capture(on: boolean): void;
      captured: { data: ArrayBuffer; kind: FrameKind; at: number }[];
    };
  }
}

/** A guest whose page exposes its keys and received frames (the hook of media/e2ee/E2ee.ts). */
async function joinWithHook(call: Call, name: string, event: CallEvent): Promise<Participant> {
  const person = await call.open(name);
  await person.context.addInitScript(() => {
    window.__PODIUM_E2EE_TEST__ = true;
  });
  const prejoin = await call.gotoPreJoin(person, event);
  await prejoin.displayName.fill(name);
  await call.join(person);
  return person;
}

async function materials(person: Participant): Promise<MediaKey[]> {
  const list = await person.page.evaluate(() => window.__podiumE2ee?.materials() ?? []);
  return list.map((m) => ({ id: m.id, material: fromBase64Url(m.material) }));
}

/** Whether any of `keys`, or a key ratcheted up to 16 generations on from one, opens `frame`. */
async function opens(keys: MediaKey[], frame: ArrayBuffer, kind: FrameKind): Promise<boolean> {
  for (const start of keys) {
    let key: MediaKey | null = start;
    for (let i = 0; i <= 16 && key; i++) {
      const ok = await decryptFrame(await frameKeyOf(key.material, null), frame.slice(0), kind)
        .then(() => true)
        .catch(() => false);
      if (ok) return true;
      key = await ratchet(key);
    }
  }
  return false;
}

test('a participant who left cannot decode media sent 10 s after leaving', async ({
  call,
  request,
}) => {
  test.setTimeout(240_000);
  const { host, event } = await endtoendEvent(call, request);
  const hostPerson = await call.openAsHost(host, event);
  await call.join(hostPerson);
  await call.cameraAndMicOn(hostPerson);
  const stays = await joinWithHook(call, 'Guest Giang', event);
  const leaves = await joinWithHook(call, 'Khách Ba', event);
  await expectMediaFlow(stays.page, { video: 1 });
  await expectMediaFlow(leaves.page, { video: 1 });

  // Everything the leaver holds when leaving (its own keys and those sealed for it).
  const kept = await materials(leaves);
  expect(kept.length).toBeGreaterThan(1);
  await stays.page.evaluate(() => window.__podiumE2ee?.capture(true));
  await leaves.room.leave();
  const leftAt = Date.now();

  // The host's frames as the remaining participant receives them, still encrypted, 10 s on.
  await stays.page.waitForTimeout(12_000);
  await expectMediaFlow(stays.page, { video: 1 });
  const frames = await stays.page.evaluate(
    (since) =>
      (window.__podiumE2ee?.captured ?? [])
        .filter((f) => f.at >= since && f.kind !== 'audio')
        .slice(-20)
        .map((f) => ({
          kind: f.kind,
          data: btoa(String.fromCharCode(...new Uint8Array(f.data))),
        })),
    leftAt + 10_000,
  );
  expect(frames.length).toBeGreaterThan(5);
  const stayer = await materials(stays);
  const leaverEpochs = new Set(kept.map((k) => epochOf(k.id)));
  for (const { kind, data } of frames) {
    const frame = Uint8Array.from(atob(data), (c) => c.charCodeAt(0)).buffer;
    // A key the leaver never had: a new epoch, not a ratchet of one it knows.
    expect(leaverEpochs.has(epochOf(keyIdOf(frame)!))).toBe(false);
    expect(await opens(kept, frame, kind)).toBe(false);
    // The one who stayed opens it (the capture is real media, not noise).
    expect(await opens(stayer, frame, kind)).toBe(true);
  }
});
