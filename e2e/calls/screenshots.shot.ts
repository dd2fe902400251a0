import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectTileDecoding, startTwoWayCall, test, expect } from './support/call.ts';
import { SocketPerson } from './support/socket-person.ts';

/**
 * Not a test: the README's pictures of the call screen, taken from a real call through Janus
 * (`node scripts/screenshots.mjs`, which runs only `*.shot.ts` files). A host and a guest with
 * their (fake) cameras on, and two more people without a camera; the laptop view at 1280x720
 * and the phone view at 390x844, written to docs/screenshots/.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

test('screenshots of the call screen and the phone layout', async ({ call, request }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(OUT, { recursive: true });
  const {
    hostPerson: host,
    guest,
    event,
  } = await startTwoWayCall(call, request, {
    host: 'Hà Host',
    guest: 'Giang',
  });
  const seats = [
    await SocketPerson.join(call.baseUrl, event.name, 'Minh Anh'),
    await SocketPerson.join(call.baseUrl, event.name, 'Bảo'),
  ];
  try {
    await host.page.setViewportSize({ width: 1280, height: 720 });
    await expect(host.room.tile('Bảo')).toBeVisible();
    await expectTileDecoding(host.room, guest.name);
    // No tooltip in the picture: the pointer rests off the controls.
    await host.page.mouse.move(640, 30);
    await host.page.waitForTimeout(800);
    await host.page.screenshot({ path: path.join(OUT, 'call.png') });

    await guest.page.setViewportSize({ width: 390, height: 844 });
    await expect(guest.room.tile('Bảo')).toBeVisible();
    await expectTileDecoding(guest.room, host.name);
    await guest.page.mouse.move(195, 20);
    await guest.page.waitForTimeout(800);
    await guest.page.screenshot({ path: path.join(OUT, 'phone.png') });
  } finally {
    for (const seat of seats) await seat.leave().catch(() => undefined);
  }
});
