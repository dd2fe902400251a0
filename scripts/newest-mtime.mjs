// When a build is stale: the newest modification time under a path (node_modules skipped).
import fs from 'node:fs';
import path from 'node:path';

/** Newest mtime (ms) of `p` and everything below it; 0 when it does not exist. */
export function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows up as a newer directory
  for (const name of fs.readdirSync(p)) {
    if (name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}
