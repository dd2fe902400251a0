import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { test, expect } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/data.ts';
import { signUpAndVerify } from '../pages/account.ts';
import { EventFormPage } from '../pages/events.ts';
import { PreJoinPage } from '../pages/join.ts';

const PASSCODE = 'open-sesame-42';

/**
 * Spec §2–§5 end to end on the real server: a host creates an event with a passcode and shares
 * it (link, QR code, calendar file); a guest in a second browser context follows the link,
 * checks the camera on the pre-join page and joins with the passcode.
 */
test.describe('an event shared by its host and joined by a guest', () => {
  test.describe.configure({ timeout: 90_000 });

  test('create, copy the link, QR and .ics, then a guest reaches pre-join and is admitted', async ({
    browser,
    page,
    baseURL,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL,
    });
    const title = `Quarterly review ${Date.now().toString(36)}`;

    // The host signs up with the code from the captured mail, then creates the event.
    await signUpAndVerify(page, { email: uniqueEmail('host'), fullName: 'Hà Host' });
    const form = new EventFormPage(page);
    await form.goto();
    await expect(form.requirePasscode).not.toBeChecked();
    const detail = await form.create({ title, passcode: PASSCODE });

    // Share by link: the clipboard holds the invite link; the confirmation lasts 1500 ms.
    const link = await detail.inviteLink();
    expect(link).toMatch(new RegExp(`^${baseURL}/j/[A-Za-z0-9]{12}$`));
    await detail.copyButton.click();
    await expect(detail.copiedButton).toBeVisible();
    await expect(page.getByText('Copied invite link successfully')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(detail.copyButton).toBeVisible({ timeout: 3000 });

    // Share by QR code: the PNG decodes back to the invite link.
    const qr = await detail.download('Download QR code');
    expect(qr.name).toMatch(/-qr\.png$/);
    const png = PNG.sync.read(qr.bytes);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(link);
    await expect(page.getByText('Download QR code successfully')).toBeVisible();

    // Add to calendar: the .ics from the server names the event and its link.
    const ics = await detail.download('Download calendar file (.ics)');
    expect(ics.name).toMatch(/\.ics$/);
    const calendar = ics.bytes.toString('utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar.replace(/\r\n[ \t]/g, '')).toContain(title);
    // Google Calendar and Outlook links are built in the page with the same event.
    const google = await page.getByRole('link', { name: /^Google Calendar/ }).getAttribute('href');
    expect(new URL(google!).searchParams.get('text')).toBe(title);

    // A guest, in a separate browser context (no cookies of the host), opens the link.
    const guestContext = await browser.newContext();
    try {
      const guest = new PreJoinPage(await guestContext.newPage());
      await guest.goto(link);
      await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(guest.page.getByText('Hosted by Hà Host')).toBeVisible();

      // Mic and camera are off until the guest turns them on.
      await expect(guest.cameraOn).toHaveAttribute('aria-pressed', 'false');
      await expect(guest.microphoneOn).toHaveAttribute('aria-pressed', 'false');
      await expect(guest.preview).toHaveCount(0);

      // The name is required for a guest.
      await guest.joinButton.click();
      await expect(guest.page.getByText('Name is required')).toBeVisible();
      await guest.displayName.fill('Guest Giang');

      // The fake camera's preview really decodes frames, and keeps decoding.
      await guest.cameraOn.click();
      await expect(guest.cameraOff).toHaveAttribute('aria-pressed', 'true');
      await expect(guest.preview).toBeVisible();
      await expect.poll(() => guest.decodedFrames(), { timeout: 10_000 }).toBeGreaterThan(5);
      const before = await guest.decodedFrames();
      await expect
        .poll(() => guest.decodedFrames(), { timeout: 10_000 })
        .toBeGreaterThan(before + 10);
      const mirrored = await guest.preview.evaluate((v) => getComputedStyle(v).transform);
      expect(mirrored).toBe('matrix(-1, 0, 0, 1, 0, 0)');

      // The microphone's level meter moves with the fake microphone's tone.
      await guest.microphoneOn.click();
      await expect(guest.microphoneOff).toHaveAttribute('aria-pressed', 'true');
      await expect
        .poll(async () => Number(await guest.micLevel.getAttribute('aria-valuenow')), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);

      // Joining asks for the passcode in a modal; a wrong one is refused there with the spec's
      // message, and the modal stays open.
      await guest.joinButton.click();
      await guest.submitPasscode('wrong-passcode');
      await expect(
        guest.passcodeDialog.getByText('invalid passcode, please try again'),
      ).toBeVisible();
      await expect(guest.passcode).toHaveAccessibleDescription(
        'invalid passcode, please try again',
      );

      // The right one admits the guest.
      await guest.submitPasscode(PASSCODE);
      // Past the passcode and into the live room, where the scheduled event waits for its host.
      await expect(guest.page).toHaveURL(/\/j\/[^/]+\/room$/);
      await expect(guest.page.getByRole('heading', { name: 'Waiting for the host' })).toBeVisible();
      const stored = await guest.page.evaluate(() =>
        Object.keys(sessionStorage).filter((k) => k.startsWith('podium.join.')),
      );
      expect(stored).toHaveLength(1);
    } finally {
      await guestContext.close();
    }
  });
});
