import fs from 'node:fs';

/**
 * UDP sockets a process holds (its fds whose inode is in its network namespace's UDP tables):
 * for Janus about one per PeerConnection (bundle and rtcp-mux, one interface) plus two per
 * remote publisher an edge receives. Tells how the server spread its viewers over the Janus
 * instances of a cascade (issue 16) without asking the server.
 */
export function udpSockets(pid: number): number {
  const inodes = new Set<string>();
  for (const table of ['udp', 'udp6']) {
    try {
      const lines = fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n');
      // Header, then one line per socket; the inode is the tenth column.
      for (const line of lines.slice(1)) {
        const inode = line.trim().split(/\s+/)[9];
        if (inode) inodes.add(inode);
      }
    } catch {
      // gone, or no IPv6
    }
  }
  let count = 0;
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1]!)) count += 1;
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return 0;
  }
  return count;
}
