import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/data.ts';
import { accessToken, signUpAndVerify } from '../pages/account.ts';
import { EventFormPage } from '../pages/events.ts';
import { PreJoinPage } from '../pages/join.ts';
import { RoomPage } from '../pages/room.ts';

async function createByApi(
  request: APIRequestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<{ id: string; name: string; title: string }> {
  const response = await request.post('/api/account/qrcode/create', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` },
    data: { type: 'conference', start_time: new Date().toISOString(), ...body },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; name: string; title: string };
}

async function signedInHost(page: Page, fullName = 'Lan Host'): Promise<string> {
  await signUpAndVerify(page, { email: uniqueEmail('host'), fullName });
  return accessToken(page);
}

test.describe('joining by link, signed out', () => {
  test('an unknown alias gets a clear invalid-link screen; /join/… redirects to /j/…', async ({
    page,
  }) => {
    await page.goto('/join/no-such-event-here');
    await expect(page).toHaveURL(/\/j\/no-such-event-here$/);
    await expect(page.getByRole('heading', { name: 'Invalid Conference link' })).toBeVisible();
    await page.goto('/j/%3Cscript%3E');
    await expect(page.getByRole('heading', { name: 'Invalid Conference link' })).toBeVisible();
  });

  test('home: join by pasting a link or code; start and schedule ask to sign in first', async ({
    page,
  }) => {
    await page.goto('/app');
    const field = page.getByLabel('Event link or code');
    await field.fill('this is not a link');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page.getByText('Invalid Conference link')).toBeVisible();
    await field.fill('https://elsewhere.example/j/team-weekly');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page).toHaveURL(/\/j\/team-weekly$/);

    await page.goto('/app');
    await page.getByRole('button', { name: 'Sign in to schedule an event' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Fconferences%2Fadd$/);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Sign in to start a meeting' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
  });
});

test.describe('in Vietnamese', () => {
  test.use({ locale: 'vi-VN' });

  test('the invalid link and the required name speak Vietnamese', async ({ page }) => {
    await page.goto('/app');
    await page.getByLabel('Liên kết hoặc mã sự kiện').fill('không phải liên kết');
    await page.getByRole('button', { name: 'Tham gia', exact: true }).click();
    await expect(page.getByText('Liên kết không hợp lệ')).toBeVisible();
    await page.goto('/j/khong-co-su-kien');
    await expect(page.getByRole('heading', { name: 'Liên kết không hợp lệ' })).toBeVisible();
  });
});

test.describe('a host and their events', () => {
  test.describe.configure({ timeout: 90_000 });

  test('list with search and cursor paging, edit, delete', async ({ page }) => {
    const token = await signedInHost(page);
    const stamp = Date.now().toString(36);
    for (let i = 1; i <= 23; i += 1) {
      const n = String(i).padStart(2, '0');
      await createByApi(page.request, token, {
        title: `${i % 2 ? 'Odd' : 'Even'} standup ${n} ${stamp}`,
        start_time: new Date(Date.UTC(2031, 0, i, 9)).toISOString(),
      });
    }
    await page.goto('/app/conferences');
    const items = page.getByRole('listitem');
    await expect(page.getByText('Showing 20 of 23')).toBeVisible();
    await expect(items).toHaveCount(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(23);
    await expect(page.getByText('Showing 23 of 23')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // Each event exactly once, under Upcoming, soonest first (issue 15: upcoming, then past).
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Past' })).toHaveCount(0);
    const titles = await page.getByRole('listitem').getByRole('link').allTextContents();
    expect(new Set(titles).size).toBe(23);
    expect(titles[0]).toContain('standup 01');
    expect(titles[22]).toContain('standup 23');

    await page.getByRole('searchbox', { name: 'Search events' }).fill('Even');
    await expect(page.getByText('Showing 11 of 11')).toBeVisible();
    await expect(items).toHaveCount(11);
    await page.getByRole('searchbox', { name: 'Search events' }).fill('nothing-matches-this');
    await expect(page.getByText('No event matches “nothing-matches-this”.')).toBeVisible();

    // Edit: the form holds the stored values; saving says 'Edit successfully'.
    await page.getByRole('searchbox', { name: 'Search events' }).fill('standup 05');
    await page.getByRole('link', { name: `Odd standup 05 ${stamp}` }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit event' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Odd standup 05 ${stamp}`);
    await page.getByLabel('Title', { exact: true }).fill(`Renamed ${stamp}`);
    await page.getByRole('button', { name: 'Add speaker' }).click();
    await page.getByLabel('Speaker 1 name').fill('Mai Speaker');
    await page.getByLabel('Speaker 1 email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Speaker email must be a valid email address')).toBeVisible();
    await page.getByLabel('Speaker 1 email').fill(uniqueEmail('speaker'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Edit successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Renamed ${stamp}` })).toBeVisible();
    await expect(page.getByText('Mai Speaker')).toBeVisible();

    // Delete asks first, then the event is gone from the list.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete event' }).click();
    await expect(page.getByText('Event removed successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/conferences$/);
    await expect(page.getByText('Showing 20 of 22')).toBeVisible();

    // An id that is not one of mine: a clear message, and still signed in.
    await page.goto('/app/conferences/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('This event does not exist, or it is not yours.')).toBeVisible();
    await page.goto('/app/conferences');
    await expect(page).toHaveURL(/\/app\/conferences$/);
  });

  test('the form checks title and times, and the server refuses a taken link name', async ({
    page,
  }) => {
    const token = await signedInHost(page);
    const taken = `taken-${Date.now().toString(36)}`;
    await createByApi(page.request, token, { title: 'First', name: taken });
    const form = new EventFormPage(page);
    await form.goto();
    // No passcode is asked for until the host turns the requirement on.
    await expect(form.requirePasscode).not.toBeChecked();
    await expect(form.passcode).toBeHidden();
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByText('Please fill out this field')).toBeVisible();
    await expect(page.getByText('Please enter the passcode')).toBeHidden();
    await form.requirePasscode.check();
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByText('Please enter the passcode')).toBeVisible();
    await form.requirePasscode.uncheck();
    await form.title.fill('Second');
    await page.getByLabel('Link name').fill(taken);
    await page.getByRole('button', { name: 'Create event' }).click();
    // Said once, under the Link name field (not in an alert as well).
    await expect(page.getByText('This link name is already taken')).toHaveCount(1);
    await expect(page.getByRole('alert').filter({ hasText: 'already taken' })).toHaveCount(0);
    await expect(page.getByLabel('Link name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/app\/conferences\/add$/);
  });

  test('an instant meeting from home opens its join page; the owner joins as host', async ({
    page,
  }) => {
    await signedInHost(page, 'Minh Owner');
    await page.getByRole('button', { name: 'Start a meeting now' }).click();
    await expect(page).toHaveURL(/\/j\/[A-Za-z0-9]{12}$/);
    const join = new PreJoinPage(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Meeting of Minh Owner' }),
    ).toBeVisible();
    await expect(join.displayName).toHaveValue('Minh Owner');
    await join.continueWithoutButton.click();
    // The owner is in the live room as host: only hosts and co-hosts get the room's lock.
    const room = new RoomPage(page);
    await room.waitForCall();
    await room.openParticipants();
    await expect(room.lockSwitch).toBeVisible();
    // A reload within the ticket's lifetime goes straight back into the room.
    await page.reload();
    await room.waitForCall();
  });

  test('an expired event gets a clear screen; the QR review page shows any alias', async ({
    page,
  }) => {
    const token = await signedInHost(page);
    const past = await createByApi(page.request, token, {
      title: 'Last year',
      expired_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await page.goto(`/j/${past.name}`);
    await expect(page.getByRole('heading', { name: 'This event has expired' })).toBeVisible();

    const live = await createByApi(page.request, token, { title: 'Poster event' });
    await page.goto(`/review/qr-code?alias=${live.name}`);
    await expect(
      page.getByRole('img', { name: 'QR code of the invite link of Poster event' }),
    ).toBeVisible();
    await page.goto('/review/qr-code?alias=no-such-alias-x');
    await expect(page.getByText('Invalid Conference link')).toBeVisible();
  });
});

test.describe('passcode brute force', () => {
  test('after ten wrong passcodes the guest is told to try later', async ({ page, browser }) => {
    const token = await signedInHost(page);
    const event = await createByApi(page.request, token, {
      title: 'Guarded',
      passcode: 'right-one',
      require_passcode: true,
    });
    const context = await browser.newContext();
    try {
      const guest = new PreJoinPage(await context.newPage());
      await guest.goto(`/j/${event.name}`);
      await guest.displayName.fill('Mallory');
      await guest.joinButton.click();
      for (let i = 0; i < 10; i += 1) {
        await guest.submitPasscode(`wrong-${i}`);
        await expect(
          guest.passcodeDialog.getByText('invalid passcode, please try again'),
        ).toBeVisible();
      }
      await guest.submitPasscode('right-one');
      await expect(
        guest.passcodeDialog
          .getByRole('alert')
          .filter({ hasText: 'Too many attempts, please try again later' }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('pre-join device problems', () => {
  test('getUserMedia errors map to the device messages of spec §8', async ({ page }) => {
    await page.addInitScript(() => {
      const fail = (name: string) => () => Promise.reject(new DOMException('simulated', name));
      // Each call fails differently, in the order the test turns devices on.
      const queue = [fail('NotFoundError'), fail('NotReadableError'), fail('NotAllowedError')];
      navigator.mediaDevices.getUserMedia = () => (queue.shift() ?? fail('AbortError'))();
    });
    const token = await signedInHost(page, 'Dev Host');
    const event = await createByApi(page.request, token, { title: 'Device check' });
    const join = new PreJoinPage(page);
    await join.goto(`/j/${event.name}`);
    await join.cameraOn.click();
    await expect(
      page.getByText(/^Camera not found\. Check that a camera is connected/),
    ).toBeVisible();
    await join.microphoneOn.click();
    await expect(
      page.getByText(/^The microphone cannot be read: it may be in use by another/),
    ).toBeVisible();
    await join.cameraOn.click();
    await expect(
      page.getByText(/^(Access to the camera was denied, please try again\.|Camera is blocked\.)/),
    ).toBeVisible();
    await expect(join.cameraOn).toHaveAttribute('aria-pressed', 'false');
  });

  test('a browser without WebRTC is told to use Chrome or Firefox', async ({ page, browser }) => {
    const token = await signedInHost(page);
    const event = await createByApi(page.request, token, { title: 'Old browser' });
    const context = await browser.newContext();
    try {
      const guest = await context.newPage();
      await guest.addInitScript(() => {
        // Plays a browser without WebRTC.
        Reflect.deleteProperty(window, 'RTCPeerConnection');
      });
      await guest.goto(`/j/${event.name}`);
      await expect(
        guest.getByText('This device does not support calling, please use Chrome or Firefox'),
      ).toBeVisible();
      await expect(guest.getByRole('button', { name: 'Join in browser' })).toBeDisabled();
      await expect(guest.getByRole('button', { name: 'Turn on camera' })).toBeDisabled();
    } finally {
      await context.close();
    }
  });
});
