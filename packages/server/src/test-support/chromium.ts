import fs from 'node:fs';

/** Debian's Chromium: Playwright's own download cannot work here. */
export const CHROMIUM_PATH = process.env.PODIUM_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The switches every test browser gets (e2e specs, media tests, benchmarks): no background
 * traffic to Google's services, synthetic camera and microphone with their prompts accepted.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Camera and microphone: synthetic devices, permission prompts accepted.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * The extra switches of a browser inside a test network namespace that reaches the Podium
 * server at `origin` on the host side of the veth pair (`hostIp`).
 */
export function netnsChromiumArgs(origin: string, hostIp: string): string[] {
  return [
    // A plain-http origin that is not localhost gets no navigator.mediaDevices otherwise.
    `--unsafely-treat-insecure-origin-as-secure=${origin}`,
    // Host candidates of the namespace's interface only; no IPv6.
    '--webrtc-ip-handling-policy=default_public_interface_only',
    '--force-fieldtrials=WebRTC-IPv6Default/Disabled/',
    // SECURITY: no DNS lookup leaves the machine; only the server's address resolves.
    `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${hostIp}`,
  ];
}

/**
 * Writes a shell wrapper to launch instead of Chromium: it turns off mDNS host candidates in the
 * profile it is given (Local State is read at start; there is no flag for it, and
 * `--disable-features` would replace Playwright's own list), then runs Chromium inside the
 * namespace. Playwright drives Chromium over a pipe, so control is unaffected.
 */
export function writeNetnsChromiumWrapper(
  file: string,
  netnsName: string,
  chromium: string = CHROMIUM_PATH,
): string {
  const localState = JSON.stringify({
    browser: { enabled_labs_experiments: ['enable-webrtc-hide-local-ips-with-mdns@2'] },
  });
  fs.writeFileSync(
    file,
    [
      '#!/bin/sh',
      'profile=',
      'for arg in "$@"; do',
      '  case "$arg" in --user-data-dir=*) profile="${arg#--user-data-dir=}" ;; esac',
      'done',
      'if [ -n "$profile" ] && [ ! -e "$profile/Local State" ]; then',
      '  mkdir -p "$profile"',
      `  printf '%s' '${localState}' > "$profile/Local State"`,
      'fi',
      `exec ip netns exec ${netnsName} ${chromium} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return file;
}
