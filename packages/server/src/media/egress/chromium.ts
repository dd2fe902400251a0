import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Measured in headless Chromium 156: 87 px of the window go to its (invisible) toolbar and,
 * once the page captures itself, 113 px to the "sharing this tab" bar. The window is made that
 * much taller so the captured viewport is exactly the recording's size.
 */
const BROWSER_CHROME_PX = 87 + 113;

export interface RecorderBrowserOptions {
  chromiumBin: string;
  url: string;
  width: number;
  height: number;
  /** Run inside this network namespace (Janus never gathers ICE on loopback). */
  netns?: { name: string; hostIp: string } | undefined;
}

/**
 * Headless Debian Chromium showing the recorder page. The page drives itself (join, render,
 * record, stream to the ingest socket), so nothing controls the browser: it is a plain child
 * process with a fresh profile, killed when the composition ends.
 */
export function launchRecorderBrowser(options: RecorderBrowserOptions): {
  proc: ChildProcess;
  cleanup: () => void;
} {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-egress-'));
  const origin = new URL(options.url).origin;
  const args = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--mute-audio',
    // The page renders and records continuously although nobody looks at it.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
    '--autoplay-policy=no-user-gesture-required',
    '--hide-scrollbars',
    // The page records itself (getDisplayMedia preferCurrentTab): granted without a prompt.
    '--auto-accept-this-tab-capture',
    // The window is clamped to the screen (800x600 by default): both sized for the recording.
    `--window-size=${options.width},${options.height + BROWSER_CHROME_PX}`,
    `--screen-info={${options.width}x${options.height + BROWSER_CHROME_PX}}`,
    `--user-data-dir=${profile}`,
    // A plain-http origin that is not localhost gets no WebRTC device APIs otherwise.
    `--unsafely-treat-insecure-origin-as-secure=${origin}`,
    '--force-fieldtrials=WebRTC-IPv6Default/Disabled/',
  ];
  let bin = options.chromiumBin;
  let argv = args;
  if (options.netns) {
    // As the e2e wrapper does: host candidates of the namespace's interface only, no mDNS
    // (Local State is read at start; there is no switch for it), no DNS lookups.
    fs.writeFileSync(
      path.join(profile, 'Local State'),
      JSON.stringify({
        browser: { enabled_labs_experiments: ['enable-webrtc-hide-local-ips-with-mdns@2'] },
      }),
    );
    argv = [
      'netns',
      'exec',
      options.netns.name,
      options.chromiumBin,
      ...args,
      '--webrtc-ip-handling-policy=default_public_interface_only',
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${options.netns.hostIp}`,
    ];
    bin = 'ip';
  } else {
    argv = [...args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];
  }
  // SECURITY: the URL's fragment carries the recorder token; it is not logged.
  // EGRESS_BROWSER_LOG=<file>: the page's console and Chromium's own log, for debugging.
  const logFile = process.env.EGRESS_BROWSER_LOG;
  const extra = logFile ? ['--enable-logging=stderr', '--v=0'] : [];
  const proc = spawn(bin, [...argv, ...extra, options.url], {
    stdio: ['ignore', 'ignore', logFile ? fs.openSync(logFile, 'a') : 'ignore'],
  });
  return {
    proc,
    cleanup: () => fs.rmSync(profile, { recursive: true, force: true }),
  };
}
