import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures.ts';
import { e2eEnv } from '../support/env.ts';
import { signUpHost } from '../calls/support/call.ts';
import { signInWithTokens } from '../pages/qr-call.ts';

const API_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Issue 15 item 4: the times a person picks are the times saved, in a zone that is not UTC
 * (reported: 10:00–11:30 saved as 03:00–10:00 in Vietnam). Times are stored in UTC and shown
 * in the viewer's zone.
 */
test.describe('in Asia/Ho_Chi_Minh (UTC+7)', () => {
  test.use({ timezoneId: 'Asia/Ho_Chi_Minh' });

  test('10:00–11:30 picked in the form is saved as 03:00–04:30 UTC and shown as 10:00–11:30', async ({
    page,
    request,
  }) => {
    test.slow();
    const host = await signUpHost(request, 'Time Host');
    await signInWithTokens(page.context(), e2eEnv('baseUrl'), host);
    await page.goto('/app/conferences/add');
    await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Title', { exact: true }).fill('Morning sync');

    // The open picker's controls are all named (axe: no serious or critical violation).
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await page.keyboard.press('Escape');

    for (const [field, hours, minutes] of [
      ['Start', '10', '00'],
      ['End', '11', '30'],
    ] as const) {
      await page.getByRole('button', { name: field, exact: true }).click();
      // One day for both, picked: the defaults (the next half hour and an hour after it) fall on
      // two days late in the evening, and times alone would then span 25 hours.
      const picker = page.getByRole('dialog', { name: field });
      await picker.getByRole('button', { name: 'Next month' }).click();
      await picker.getByRole('button', { name: /^15 / }).click();
      // The picker's fields take typed digits (Mantine's TimePicker moves on by itself).
      await page.getByRole('spinbutton', { name: `${field} hour` }).focus();
      await page.keyboard.type(hours);
      await page.getByRole('spinbutton', { name: `${field} minutes` }).focus();
      await page.keyboard.type(minutes);
      await page.getByRole('button', { name: 'Use this date and time' }).click();
      await expect(page.getByRole('button', { name: field, exact: true })).toContainText(
        `${hours}:${minutes}`,
      );
    }
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(page).toHaveURL(/\/app\/conferences\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const id = page.url().split('/').pop() ?? '';

    // Shown back in the viewer's zone…
    await expect(page.getByText(/10:00\s*–\s*11:30/)).toBeVisible({ timeout: 20_000 });
    // …and stored as the same instants in UTC.
    const res = await request.post('/api/account/qrcode/list/conference', {
      headers: { ...API_HEADERS, authorization: `Bearer ${host.token}` },
      data: { type: 'conference' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const list = (await res.json()) as {
      entries: Array<{ id: string; start_time: string; end_time: string }>;
    };
    const event = list.entries.find((e) => e.id === id);
    if (!event) throw new Error(`event ${id} is not in the list`);
    expect(new Date(event.start_time).toISOString().slice(11, 16)).toBe('03:00');
    expect(new Date(event.end_time).toISOString().slice(11, 16)).toBe('04:30');

    // The edit form shows what was picked, not the UTC clock.
    await page.goto(`/app/conferences/${id}/edit`);
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toContainText('10:00');
    await expect(page.getByRole('button', { name: 'End', exact: true })).toContainText('11:30');
  });
});
