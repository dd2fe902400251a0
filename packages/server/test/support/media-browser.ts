// Headless Chromium inside a test network namespace (recipe in notes/media-janus.md): its media
// stays in the namespace with Janus, and it reaches the Podium server only on the host side of
// the veth pair.
import { chmodSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import type { ResolvedNetnsSpec } from '../../src/media/index.ts';

const CHROMIUM = process.env.PODIUM_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launches Chromium in `spec`'s namespace with fake camera and microphone, treating `origin`
 * (http on the host-side address) as secure so getUserMedia works there.
 */
export async function launchNetnsChromium(
  spec: ResolvedNetnsSpec,
  workDir: string,
  origin: string,
  /** More Chromium switches, e.g. `--use-file-for-fake-audio-capture=<wav>`. */
  extraArgs: readonly string[] = [],
): Promise<BrowserContext> {
  const wrapper = path.join(workDir, 'chromium-in-netns');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${spec.name} ${CHROMIUM} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const profile = path.join(workDir, 'profile');
  await fs.mkdir(profile, { recursive: true });
  // No mDNS host candidates: plain addresses inside the namespace.
  writeFileSync(
    path.join(profile, 'Local State'),
    JSON.stringify({
      browser: { enabled_labs_experiments: ['enable-webrtc-hide-local-ips-with-mdns@2'] },
    }),
  );
  return chromium.launchPersistentContext(profile, {
    executablePath: wrapper,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--unsafely-treat-insecure-origin-as-secure=${origin}`,
      '--webrtc-ip-handling-policy=default_public_interface_only',
      '--force-fieldtrials=WebRTC-IPv6Default/Disabled/',
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${spec.hostIp}`,
      ...extraArgs,
    ],
  });
}
