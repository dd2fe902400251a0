import type { Page } from '@playwright/test';
import type { RoomPage } from '../pages/room.ts';
import { expectTileDecoding, startTwoWayCall, test, expect } from './support/call.ts';
import { SocketPerson } from './support/socket-person.ts';

/**
 * Issue 15, "layout specs": the call screen fits the window as in Meet or Zoom. With 2, 3, 5
 * and 9 people, at 1280x720 and 1920x1080 (and a 2-person call on a phone, 390x844 and 844x390), every tile
 * lies fully inside the viewport, none overlaps another or the control bar, and received video
 * is decoded in its tile; a shared screen becomes the large tile.
 *
 * Two real browsers (host and guest, camera and microphone on); the others are signaling-only
 * guests (socket-person.ts): they take a tile each (camera off: their initial), so nine people
 * cost two video encoders on the test machine's two cores, not nine.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

const EPS = 0.5;

function overlaps(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - EPS &&
    b.x < a.x + a.width - EPS &&
    a.y < b.y + b.height - EPS &&
    b.y < a.y + a.height - EPS
  );
}

/** The places of the tiles on the stage (tiles and a "+N" place), as the page lays them out. */
async function tileBoxes(room: RoomPage): Promise<Box[]> {
  const tiles = room.stage.locator('[data-tile-key], [data-more-tile]');
  const boxes: Box[] = [];
  for (const tile of await tiles.all()) {
    const box = await tile.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/**
 * `count` tiles, each inside the viewport, clear of the control bar and of each other; the page
 * does not scroll.
 */
async function expectTilesFit(page: Page, room: RoomPage, count: number): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  // Tiles glide to their new places (150 ms): wait for the layout to settle.
  try {
    await expect.poll(async () => (await tileBoxes(room)).length, { timeout: 30_000 }).toBe(count);
  } catch (error) {
    // What the stage showed instead: its arrangement and the tiles by name.
    const area = room.stage.locator('[data-stage-area]');
    const arrangement = await area.getAttribute('data-arrangement');
    const names = await room.stage
      .getByRole('group')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label')));
    throw new Error(`${(error as Error).message}\nstage (${arrangement}): ${names.join(', ')}`, {
      cause: error,
    });
  }
  await page.waitForTimeout(400);
  const boxes = await tileBoxes(room);
  const controls = await room.controls.boundingBox();
  expect(controls).not.toBeNull();
  for (const [i, box] of boxes.entries()) {
    const where = `tile ${i} ${JSON.stringify(box)} in ${viewport.width}x${viewport.height}`;
    expect(box.x, where).toBeGreaterThanOrEqual(-EPS);
    expect(box.y, where).toBeGreaterThanOrEqual(-EPS);
    expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width + EPS);
    expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height + EPS);
    expect(overlaps(box, controls!), `${where} overlaps the controls`).toBe(false);
    for (const other of boxes.slice(i + 1)) expect(overlaps(box, other), where).toBe(false);
    // Large enough to see someone: not squeezed into a sliver.
    expect(box.width, where).toBeGreaterThan(60);
  }
  const scrolls = await page.evaluate(
    () =>
      document.documentElement.scrollHeight > window.innerHeight + 1 ||
      document.documentElement.scrollWidth > window.innerWidth + 1,
  );
  expect(scrolls, 'the page scrolls').toBe(false);
}

test('two people fill the window side by side, on a laptop, a large screen and a phone; a shared screen becomes the large tile', async ({
  call,
  request,
}) => {
  // Two window sizes, a panel, a phone both ways and a screen share: more than two minutes.
  test.setTimeout(300_000);
  const { hostPerson: host, guest } = await startTwoWayCall(call, request);

  for (const size of SIZES) {
    await host.page.setViewportSize(size);
    await expectTilesFit(host.page, host.room, 2);
    const [a, b] = await tileBoxes(host.room);
    // Side by side, each about half the window wide.
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(1);
    expect(a!.width).toBeGreaterThan(size.width * 0.4);
    await expectTileDecoding(host.room, guest.name);
  }

  // The chat panel opens beside the stage: the tiles re-flow into what is left, none under it.
  await host.room.openChat();
  await expectTilesFit(host.page, host.room, 2);
  const panel = (await host.room.chat.boundingBox())!;
  for (const box of await tileBoxes(host.room)) expect(overlaps(box, panel)).toBe(false);
  await host.room.chatToggle.click();
  await expect(host.room.chat).toBeHidden();

  // A phone in portrait: the two tiles and the compact controls fit without scrolling.
  await guest.page.setViewportSize({ width: 390, height: 844 });
  await expectTilesFit(guest.page, guest.room, 2);
  await expectTileDecoding(guest.room, host.name);
  // Compact controls: microphone, camera, More options and Leave; the rest behind More options,
  // reachable from the keyboard. A panel opened from there covers the screen; Escape closes it.
  const more = guest.room.controls.getByRole('button', { name: 'More options' });
  await expect(more).toBeVisible();
  await expect(guest.room.chatToggle).toBeHidden();
  await more.focus();
  await guest.page.keyboard.press('Enter');
  await expect(guest.room.chatToggle).toBeVisible();
  await guest.room.chatToggle.click();
  await expect(guest.room.chat).toBeVisible();
  const sheet = (await guest.room.chat.boundingBox())!;
  expect(sheet.width).toBeGreaterThan(380);
  expect(sheet.height).toBeGreaterThan(800);
  await guest.page.keyboard.press('Escape');
  await expect(guest.room.chat).toBeHidden();
  // The phone turned to landscape: the same compact call, the two tiles side by side.
  await guest.page.setViewportSize({ width: 844, height: 390 });
  await expectTilesFit(guest.page, guest.room, 2);
  await expect(more).toBeVisible();
  await guest.page.setViewportSize({ width: 1280, height: 720 });

  // The host shares: the guest sees the screen as the large tile, cameras in the strip.
  await host.page.setViewportSize({ width: 1280, height: 720 });
  await host.room.shareScreen.click();
  await expect(
    host.page.getByRole('status').filter({ hasText: 'You are presenting' }),
  ).toBeVisible();
  // The sharer does not see their own screen as a tile.
  await expect(host.room.tile(`Screen of ${host.name}`)).toHaveCount(0);
  const screen = guest.room.tile(`Screen of ${host.name}`);
  await expect(screen).toBeVisible();
  await expectTilesFit(guest.page, guest.room, 3);
  await expectTileDecoding(guest.room, `Screen of ${host.name}`);
  const screenBox = (await screen.boundingBox())!;
  for (const box of await tileBoxes(guest.room)) {
    expect(screenBox.width * screenBox.height).toBeGreaterThanOrEqual(box.width * box.height);
  }
  for (const name of [`${guest.name} (you)`, host.name]) {
    const camera = (await guest.room.tile(name).boundingBox())!;
    expect(camera.width * 3).toBeLessThan(screenBox.width);
  }

  // "Stop presenting" ends the share: back to two equal tiles.
  await host.page.getByRole('button', { name: 'Stop presenting' }).click();
  await expect(guest.room.tile(`Screen of ${host.name}`)).toHaveCount(0);
  await expectTilesFit(guest.page, guest.room, 2);
});

test('3, 5 and 9 people: every tile inside the window, clear of the controls, video decoded', async ({
  call,
  request,
}) => {
  // Three layouts at two sizes on a loaded two-core machine: more than the default two minutes.
  test.setTimeout(300_000);
  const { hostPerson: host, guest, event } = await startTwoWayCall(call, request);
  const seats: SocketPerson[] = [];
  try {
    for (const total of [3, 5, 9]) {
      while (2 + seats.length < total) {
        seats.push(await SocketPerson.join(call.baseUrl, event.name, `Seat ${seats.length + 1}`));
      }
      for (const size of SIZES) {
        await host.page.setViewportSize(size);
        await expectTilesFit(host.page, host.room, total);
        await expectTileDecoding(host.room, guest.name);
      }
      // Everyone without a camera shows their initial, never a black box.
      const seat = host.room.tile(seats[0]!.name);
      await expect(seat.locator('video')).toHaveCount(0);
      await expect(seat.locator('.mantine-Avatar-root')).toBeVisible();
    }
  } finally {
    for (const seat of seats) await seat.leave().catch(() => undefined);
  }
});
