#!/usr/bin/env node
// The test network: a network namespace for Janus (and test browsers) joined to the host by a
// veth pair, so media never touches the machine's real interfaces (notes/media-janus.md).
//
//   node scripts/netns.mjs up   [--name=podium-test] [--host-ip=198.18.0.1] [--ns-ip=198.18.0.2]
//   node scripts/netns.mjs down [--name=…] [--kill]     (--kill ends processes still inside)
//   node scripts/netns.mjs status [--name=…]
//
// Needs root. Idempotent: `up` repairs a half-built namespace, `down` on a missing one is a no-op.
// The implementation is the server's (packages/server/src/media/netns.ts), loaded through tsx.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const netns = await tsImport(
  pathToFileURL(path.join(root, 'packages/server/src/media/netns.ts')).href,
  import.meta.url,
);

const [command, ...rest] = process.argv.slice(2);
const flags = Object.fromEntries(
  rest.map((arg) => {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      console.error(`netns: unexpected argument ${arg}`);
      process.exit(2);
    }
    return [match[1], match[2] ?? true];
  }),
);
const spec = {
  name: flags.name ?? netns.DEFAULT_NETNS.name,
  hostIp: flags['host-ip'] ?? netns.DEFAULT_NETNS.hostIp,
  nsIp: flags['ns-ip'] ?? netns.DEFAULT_NETNS.nsIp,
};

try {
  switch (command) {
    case 'up': {
      const resolved = await netns.netnsUp(spec);
      console.log(
        `netns ${resolved.name} up: host ${resolved.hostVeth} ${resolved.hostIp}/30 <-> ` +
          `${resolved.nsVeth} ${resolved.nsIp}/30 inside`,
      );
      break;
    }
    case 'down':
      await netns.netnsDown(spec, { killProcesses: flags.kill === true });
      console.log(`netns ${spec.name} down`);
      break;
    case 'status': {
      const resolved = netns.resolveNetnsSpec(spec);
      const exists = netns.netnsExists(resolved.name);
      const pids = exists ? await netns.netnsPids(resolved.name) : [];
      console.log(
        exists
          ? `netns ${resolved.name} exists (${pids.length} process${pids.length === 1 ? '' : 'es'} inside)`
          : `netns ${resolved.name} does not exist`,
      );
      break;
    }
    default:
      console.error(
        'usage: node scripts/netns.mjs up|down|status [--name=…] [--host-ip=…] [--ns-ip=…] [--kill]',
      );
      process.exit(2);
  }
} catch (error) {
  console.error(`netns: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
