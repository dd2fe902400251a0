// The egress process: started (and restarted) by the Podium server, one per server for now;
// it may later run on a machine of its own, with the IPC channel replaced by a socket.
//
// Environment: EGRESS_FFMPEG, EGRESS_CHROMIUM, EGRESS_INGEST_HOST (the address the recorder
// page reaches: 127.0.0.1, or the host side of MEDIA_NETNS), EGRESS_NETNS / EGRESS_NETNS_HOST_IP.
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { Composition } from './composition.ts';
import type { ChildMessage, EgressRequest, ParentMessage } from './ipc.ts';

const ffmpegBin = process.env.EGRESS_FFMPEG || 'ffmpeg';
const chromiumBin = process.env.EGRESS_CHROMIUM || '/usr/bin/chromium';
const ingestHost = process.env.EGRESS_INGEST_HOST || '127.0.0.1';
const netns = process.env.EGRESS_NETNS
  ? { name: process.env.EGRESS_NETNS, hostIp: process.env.EGRESS_NETNS_HOST_IP || ingestHost }
  : undefined;

const compositions = new Map<string, Composition>();

function send(message: ChildMessage): void {
  process.send?.(message);
}

function log(
  level: 'info' | 'warn' | 'error',
  msg: string,
  data?: Record<string, unknown>,
  session?: string,
): void {
  send({
    t: 'log',
    level,
    msg,
    data: { ...data, ...(session ? { session: session.slice(0, 8) } : {}) },
  });
}

async function handle(request: EgressRequest): Promise<unknown> {
  if (request.t === 'open') {
    if (compositions.has(request.session)) return undefined;
    const { session } = request;
    const composition = new Composition(request, {
      ffmpegBin,
      chromiumBin,
      netns,
      report: (status) => send({ t: 'output', session, status }),
      ended: (reason) => {
        compositions.delete(session);
        send({ t: 'ended', session, reason });
      },
      browser: (pid) => send({ t: 'browser', session, pid }),
      log: (level, msg, data) => log(level, msg, data, session),
    });
    compositions.set(session, composition);
    return undefined;
  }
  const composition = compositions.get(request.session);
  if (!composition) throw new Error('no such egress session');
  switch (request.t) {
    case 'add':
      return composition.add(request.output, request.at);
    case 'remove':
      return composition.remove(request.outputId, request.at);
    case 'pause':
      return composition.pause(request.outputId, request.at);
    case 'resume':
      return composition.resume(request.outputId, request.at);
    case 'close':
      return composition.close();
    default: {
      const never: never = request;
      throw new Error(`unknown request ${JSON.stringify(never)}`);
    }
  }
}

process.on('message', (message: ParentMessage) => {
  const { id, ...request } = message;
  handle(request as EgressRequest).then(
    (data) => send({ t: 'reply', id, ok: true, ...(data === undefined ? {} : { data }) }),
    (error: unknown) =>
      send({
        t: 'reply',
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});

// SECURITY: the ingest socket accepts a stream only on the path of an open session, whose id
// is 128 random bits known to the server and the recorder page it launched.
const server = http.createServer((_req, res) => {
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
server.on('upgrade', (req, socket, head) => {
  const match = /^\/ingest\/([A-Za-z0-9_-]{16,64})$/.exec(req.url ?? '');
  const composition = match ? compositions.get(match[1]!) : undefined;
  if (!composition) {
    socket.destroy();
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => composition.attach(ws));
});
server.listen(0, ingestHost, () => {
  const address = server.address();
  send({ t: 'ready', ingestPort: typeof address === 'object' && address ? address.port : 0 });
});

// The server went away (the IPC channel closed): finish every recording cleanly, then exit.
process.on('disconnect', () => {
  void Promise.all([...compositions.values()].map((c) => c.close())).finally(() => process.exit(0));
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void Promise.all([...compositions.values()].map((c) => c.close())).finally(() =>
      process.exit(0),
    );
  });
}
