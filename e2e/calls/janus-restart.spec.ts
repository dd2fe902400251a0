import {
  expectMediaFlow,
  janusPid,
  markPage,
  startTwoWayCall,
  test,
  expect,
} from './support/call.ts';

/**
 * Issue 4, browser e2e "Janus killed mid-call → media resumes without a page reload": the
 * server restarts its Janus and rebuilds the room; the browsers set up their media again on the
 * same pages, with the same camera and microphone switches.
 */
test.describe('media server restart', () => {
  test('Janus killed mid-call: it is restarted and media resumes without a reload', async ({
    call,
    request,
  }) => {
    const { hostPerson, guest } = await startTwoWayCall(call, request);
    const hostNotReloaded = await markPage(hostPerson.page);
    const guestNotReloaded = await markPage(guest.page);

    const before = janusPid();
    expect(before).toBeDefined();
    process.kill(before!, 'SIGKILL');
    // The server starts a new Janus and rebuilds the room; the browsers set up media again.
    // (The killed one may linger a moment as a zombie until the server reaps it.)
    await expect.poll(() => (janusPid() ?? before) !== before, { timeout: 30_000 }).toBe(true);

    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 }, 60_000);
    await expectMediaFlow(guest.page, { video: 1, audio: 1 }, 60_000);
    // And it lasts (a half-set-up connection would die within ICE's consent timeout).
    await hostPerson.page.waitForTimeout(8_000);
    await expectMediaFlow(hostPerson.page, { video: 1, audio: 1 });
    await expectMediaFlow(guest.page, { video: 1, audio: 1 });
    expect(await hostNotReloaded()).toBe(true);
    expect(await guestNotReloaded()).toBe(true);
    await expect(hostPerson.room.camera).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.room.microphone).toHaveAttribute('aria-pressed', 'true');
  });
});
