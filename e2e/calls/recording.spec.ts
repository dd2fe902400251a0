import { recIndicator, library, download, egressPid } from './support/recording.ts';
import { expect, expectMediaFlow, startTwoWayCall, test } from './support/call.ts';

/**
 * Issue 12 item 2, browser e2e: killing the egress process mid-recording keeps the part so far
 * (listed, playable), tells the host, and the call goes on.
 */

test('killing the egress mid-recording keeps the part so far, tells the host, and the call goes on', async ({
  call,
  request,
}) => {
  test.setTimeout(300_000);
  const { hostPerson, guest, event } = await startTwoWayCall(call, request);
  const page = hostPerson.page;
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(recIndicator(page)).toBeVisible({ timeout: 120_000 });
  await page.waitForTimeout(6_000);

  const pid = egressPid();
  expect(pid, 'the egress process of this calls server').toBeDefined();
  process.kill(pid!, 'SIGKILL');

  await expect(
    page.getByText('Recording stopped: the recorder stopped unexpectedly.', { exact: false }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(recIndicator(page)).toHaveCount(0);
  await expect(recIndicator(guest.page)).toHaveCount(0);
  // The call itself keeps running.
  await expectMediaFlow(page, { video: 1, audio: 1 });
  await expectMediaFlow(guest.page, { video: 1, audio: 1 });

  const list = await library(hostPerson);
  const row = list.getByRole('listitem').filter({ hasText: event.title });
  await expect(row).toContainText('Partial', { timeout: 30_000 });
  const { probe } = await download(list, event.title);
  expect(probe.streams.some((s) => s.codec_type === 'video')).toBe(true);
  // About what was recorded before the kill (6 s); a few seconds at least are playable.
  expect(Number(probe.format.duration)).toBeGreaterThan(2);
  expect(Number(probe.format.duration)).toBeLessThan(20);
});
