import type { Page as FirefoxPage } from 'puppeteer-core';
import { callsEnv } from '../support/netns-env.ts';
import { launchFirefoxInNetns } from './support/firefox.ts';
import {
  expectMediaFlow,
  expectTileDecoding,
  keepPeerConnections,
  startHostedCall,
  test,
  expect,
  type StatsPage,
} from './support/call.ts';

/** The puppeteer page of the Firefox guest, as the media-flow helpers read it. */
function statsPage(page: FirefoxPage): StatsPage {
  return {
    evaluate: (fn) => page.evaluate(fn),
    url: () => page.url(),
  };
}

/**
 * Issue 15 item 6, the spec names Chromium and Firefox: a host in Chromium (Playwright) and a
 * guest in Debian's Firefox ESR (puppeteer-core over WebDriver BiDi), both inside the test
 * namespace, meet through Janus. Each decodes the other's video and receives their audio.
 */
test('a host in Chromium and a guest in Firefox ESR see and hear each other', async ({
  call,
  request,
}, testInfo) => {
  const { event, hostPerson, host } = await startHostedCall(call, request);
  const firefox = await launchFirefoxInNetns();
  const page = await firefox.browser.newPage();
  // Firefox's page errors, shown when the test fails (not asserted: Firefox reports zod's
  // eval probe, refused by the CSP as intended, as a page error).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    testInfo.annotations.push({ type: 'firefox', description: firefox.version });
    await page.evaluateOnNewDocument(keepPeerConnections);
    page.setDefaultTimeout(30_000);
    await page.setViewport({ width: 1280, height: 800 });

    await page.goto(callsEnv('baseUrl') + event.link);
    await page.locator('::-p-aria([name="Your name"][role="textbox"])').fill('Firefox Phương');
    await page.locator('::-p-aria([name="Join in browser"][role="button"])').click();
    await page.locator('::-p-aria([name="Call controls"][role="region"])').wait();

    // The host sees the guest's tile before any media.
    await expect(hostPerson.room.tile('Firefox Phương')).toBeVisible();

    await call.cameraAndMicOn(hostPerson);
    for (const name of ['Camera', 'Microphone']) {
      await page.locator(`::-p-aria([name="${name}"][role="button"])`).click();
      await page.waitForFunction(
        (label) =>
          document
            .querySelector(`[aria-label="Call controls"] [aria-label="${label}"]`)
            ?.getAttribute('aria-pressed') === 'true',
        {},
        name,
      );
    }

    // Chromium decodes Firefox's camera and plays its microphone.
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
    await expectTileDecoding(hostPerson.room, 'Firefox Phương');
    // Firefox decodes Chromium's camera and plays its microphone.
    await expectMediaFlow(statsPage(page), { video: 1, audio: 1 });
    // …and its tile's <video> keeps painting new frames. (Firefox counts none in
    // getVideoPlaybackQuality() for a MediaStream source: its own mozPaintedFrames instead.)
    const frames = () =>
      page.evaluate((label) => {
        const video = document.querySelector(`video[aria-label="${label}"]`);
        return (
          (video as (HTMLVideoElement & { mozPaintedFrames?: number }) | null)?.mozPaintedFrames ??
          0
        );
      }, `Video of ${host.name}`);
    await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await frames();
    await expect.poll(frames, { timeout: 20_000 }).toBeGreaterThan(before + 5);
  } catch (error) {
    // What Firefox showed: the trace and screenshot of a failed test are Chromium's only.
    await page.screenshot({ path: testInfo.outputPath('firefox.png') });
    await testInfo.attach('firefox-errors.txt', {
      body: errors.join('\n'),
      contentType: 'text/plain',
    });
    throw error;
  } finally {
    await firefox.close();
  }
});
