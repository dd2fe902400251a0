import type { Locator, Page } from '@playwright/test';
import { startHostedCall, test, expect } from './support/call.ts';

/** The board on a person's stage (a featured tile of its own). */
const boardOf = (page: Page): Locator =>
  page.getByRole('region', { name: 'Stage' }).getByRole('region', { name: 'Whiteboard' });

/** Draws a freehand stroke with the mouse across the board, from (x1, y1) to (x2, y2) in %. */
async function stroke(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const board = boardOf(page);
  // The tool's icon covers its radio input: the click lands on the icon, as a person's would.
  await board.getByTestId('toolbar-freedraw').click({ force: true });
  const canvas = board.locator('canvas.excalidraw__canvas.interactive');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the whiteboard canvas is not on screen');
  const at = ([x, y]: [number, number]) => [
    box.x + (box.width * x) / 100,
    box.y + (box.height * y) / 100,
  ];
  const [x1, y1] = at(from) as [number, number];
  const [x2, y2] = at(to) as [number, number];
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(x1 + ((x2 - x1) * i) / 12, y1 + ((y2 - y1) * i) / 12 + (i % 2) * 6);
  }
  await page.mouse.up();
}

/** How many elements a person's board shows (the board writes it on every scene change). */
const elementCount = (page: Page) =>
  boardOf(page).evaluate((el) => Number((el as HTMLElement).dataset.elements ?? 0));

/**
 * Issue 14 item 1: the host opens the whiteboard for everyone; the host and a presenter each
 * draw a stroke with the mouse; both boards show both strokes; someone joining later gets them.
 */
test('two people draw on the whiteboard and a late joiner sees both strokes', async ({
  call,
  request,
}) => {
  test.setTimeout(180_000);
  const { event, hostPerson } = await startHostedCall(call, request);
  // A meeting: the first eight in are presenters, so this guest may draw.
  const guest = await call.openAsGuest('Gia Guest', event);
  await call.join(guest);

  const toggle = hostPerson.room.controls.getByRole('button', { name: 'Whiteboard' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  for (const page of [hostPerson.page, guest.page]) {
    await expect(boardOf(page)).toBeVisible({ timeout: 60_000 });
    await expect(boardOf(page).locator('canvas.excalidraw__canvas.interactive')).toBeVisible({
      timeout: 60_000,
    });
  }

  await stroke(hostPerson.page, [20, 30], [45, 45]);
  await stroke(guest.page, [55, 60], [80, 70]);

  for (const page of [hostPerson.page, guest.page]) {
    await expect.poll(() => elementCount(page), { timeout: 20_000 }).toBe(2);
  }

  const late = await call.openAsGuest('Lan Late', event);
  await call.join(late);
  await expect(boardOf(late.page)).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => elementCount(late.page), { timeout: 30_000 }).toBe(2);

  // Closing takes it off every stage.
  await toggle.click();
  await expect(boardOf(guest.page)).toHaveCount(0);
});
