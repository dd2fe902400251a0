import type { Page } from '@playwright/test';
import { createEvent, expect, signUpHost, test } from './support/call.ts';

/** What the watch page's <video> has played and decoded so far. */
function playback(page: Page, label: string): Promise<{ time: number; frames: number }> {
  return page.getByLabel(label).evaluate((element) => {
    const video = element as HTMLVideoElement;
    return {
      time: video.currentTime,
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
    };
  });
}

/**
 * Issue 12 item 4, browser e2e: a host and a presenter in a livestream room publish fake
 * camera and microphone; the host starts the audience stream (the egress composes the stage
 * and writes HLS); a viewer in another browser context opens /live/{alias} and its <video>
 * plays the room: currentTime advances and frames are decoded. The host sees the viewer in
 * "Audience: N watching". The viewer is signed in: they write in the event's audience chat, the
 * host reads it in the call's "Audience chat" panel and answers, and the viewer sees the answer
 * marked "Stage"; the page's gift link names the event's host.
 */
test('an audience watches a livestream room on its watch page', async ({ call, request }) => {
  test.setTimeout(600_000);
  const host = await signUpHost(request, 'Hà Host');
  const event = await createEvent(request, host, { mode: 'livestream' });
  const hostPerson = await call.openAsHost(host, event);
  await call.join(hostPerson);
  const presenter = await call.openAsGuest('Phúc Presenter', event);
  await call.join(presenter);
  await hostPerson.room.act('Phúc Presenter', 'Make presenter');
  await call.cameraAndMicOn(hostPerson);
  await call.cameraAndMicOn(presenter);

  // Guests and presenters have no audience control; the host of a livestream room is offered it.
  await expect(presenter.page.getByRole('button', { name: 'Audience stream' })).toHaveCount(0);
  await hostPerson.page.getByRole('button', { name: 'Start audience stream' }).click();
  const watching = hostPerson.page.getByRole('status', { name: /^Audience: \d+ watching$/ });
  await expect(watching).toBeVisible({ timeout: 120_000 });
  // The presenter sees it too.
  await expect(
    presenter.page.getByRole('status', { name: /^Audience: \d+ watching$/ }),
  ).toBeVisible();

  const viewerAccount = await signUpHost(request, 'Ngọc Viewer');
  const viewer = await call.open('Viewer');
  await call.signIn(viewer, viewerAccount);
  await viewer.page.goto(`/live/${event.name}`);
  // A signed-in viewer's page checks its session first; a loaded machine took minutes.
  await expect(viewer.page.getByRole('heading', { name: event.title })).toBeVisible({
    timeout: 180_000,
  });
  await expect(viewer.page.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
  const label = `Live video of ${event.title}`;
  await expect(viewer.page.getByLabel(label)).toBeVisible({ timeout: 30_000 });

  // The video plays the room: time advances and frames keep being decoded.
  await expect
    .poll(async () => (await playback(viewer.page, label)).frames, { timeout: 90_000 })
    .toBeGreaterThan(0);
  const first = await playback(viewer.page, label);
  await expect
    .poll(
      async () => {
        const now = await playback(viewer.page, label);
        return now.time > first.time + 1 && now.frames > first.frames + 15;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Latency (bench/README.md): the wall-clock time of the frame on screen — the segments'
  // EXT-X-PROGRAM-DATE-TIME, stamped by the egress's encoder — against the clock now (one
  // machine, one clock). It leaves out the publisher → composition part before the encoder.
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    const playing = await viewer.page
      .getByLabel(label)
      .evaluate((v) => Number((v as HTMLVideoElement).dataset.playingDate ?? 0));
    if (playing > 0) samples.push(Date.now() - playing);
    await viewer.page.waitForTimeout(1000);
  }
  expect(samples.length).toBeGreaterThan(0);
  samples.sort((a, b) => a - b);
  const latency = `median ${samples[Math.floor(samples.length / 2)]} ms, min ${samples[0]}, max ${samples.at(-1)} (n=${samples.length})`;
  test.info().annotations.push({ type: 'hls-encoder-to-screen-latency', description: latency });
  process.stdout.write(`HLS encoder-to-screen latency: ${latency}\n`);

  // The audience chat: the signed-in viewer writes, the host reads it in the call and answers.
  const viewerChat = viewer.page.getByRole('region', { name: 'Audience chat' });
  await viewerChat
    .getByRole('textbox', { name: 'Message to the audience chat' })
    .fill('Xin chào from the audience!');
  await viewerChat.getByRole('button', { name: 'Send' }).click();
  await expect(
    viewerChat.getByRole('listitem').filter({ hasText: 'Xin chào from the audience!' }),
  ).toContainText('Ngọc Viewer');
  await hostPerson.room.controls.getByRole('button', { name: 'Audience chat' }).click();
  const hostChat = hostPerson.page.getByRole('complementary', { name: 'Audience chat' });
  await expect(
    hostChat.getByRole('listitem').filter({ hasText: 'Xin chào from the audience!' }),
  ).toContainText('Ngọc Viewer', { timeout: 30_000 });
  const answer = hostChat.getByRole('textbox', { name: 'Message to the audience chat' });
  await answer.fill('Thanks for watching!');
  await answer.press('Enter');
  const answered = viewerChat.getByRole('listitem').filter({ hasText: 'Thanks for watching!' });
  await expect(answered).toContainText('Hà Host', { timeout: 30_000 });
  await expect(answered).toContainText('Stage');

  // The host sees the audience.
  await expect
    .poll(async () => Number(/(\d+)/.exec((await watching.textContent()) ?? '')?.[1] ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  await expect(viewer.page.getByText(/\d+ watching/)).toBeVisible();

  // Stopping takes the page offline.
  await hostPerson.page.getByRole('button', { name: 'Audience stream' }).click();
  await expect(viewer.page.getByText('Offline', { exact: true })).toBeVisible({ timeout: 30_000 });

  // A signed-in viewer's gift link opens the gift page for the event's host.
  await viewer.page.getByRole('link', { name: 'Send a gift' }).click();
  await expect(viewer.page.getByText('To Hà Host')).toBeVisible({ timeout: 30_000 });
});
