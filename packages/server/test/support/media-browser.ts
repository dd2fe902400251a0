// Headless Chromium inside a test network namespace (recipe in notes/media-janus.md): its media
// stays in the namespace with Janus, and it reaches the Podium server only on the host side of
// the veth pair.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import type { ResolvedNetnsSpec } from '../../src/media/index.ts';
import {
  CHROMIUM_ARGS,
  netnsChromiumArgs,
  writeNetnsChromiumWrapper,
} from '../../src/test-support/chromium.ts';

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
  // The wrapper also turns off mDNS host candidates in the profile: plain addresses inside.
  const wrapper = writeNetnsChromiumWrapper(path.join(workDir, 'chromium-in-netns'), spec.name);
  const profile = path.join(workDir, 'profile');
  await fs.mkdir(profile, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: wrapper,
    headless: true,
    args: [...CHROMIUM_ARGS, ...netnsChromiumArgs(origin, spec.hostIp), ...extraArgs],
  });
}
