// The bare engine of the signaling benchmark (issue 11, item 5): one conference room on `ws`
// alone, in a process of its own (so its CPU and memory are its own). It speaks the subset of
// Podium's signaling protocol the swarm uses, with the same frame shapes and sizes, and does the
// work any production room must do, nothing more:
//
// - `hello`: one HMAC-SHA256 over the presented credentials (the cost of checking a signed token;
//   the bare room has no accounts, so nothing is compared), reply with a session id;
// - `join`: the first to join is the host (a moderator); reply, `welcome` (the room as this person
//   may see it: the host and themselves), an empty `chat_history`, and `participant_joined` to the
//   moderators;
// - `chat` and `raise_hand`: reply, then one event to everyone, stringified once and sent as the
//   same Buffer to every socket;
// - a ping to every socket every 4 s (Podium's heartbeat), `participant_left` to the moderators
//   when a socket closes.
//
// No schema validation beyond JSON.parse and a type switch, no logging, no database. Podium ÷ this
// in the same run is the ratio issue 11 asks for. Started by bench/signaling/swarm.ts with PORT.
import crypto from 'node:crypto';
import http from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';

const KEY = crypto.randomBytes(32);
const HEARTBEAT_MS = 4000;
const ROOM = { mode: 'conference', locked: false, waiting_room: false, pinned: null };

/** @typedef {{ ws: WebSocket, id: string, view: Record<string, unknown>, moderator: boolean }} Member */
/** @type {Map<string, Member>} */
const members = new Map();
/** @type {Set<Member>} */
const moderators = new Set();
let messageSeq = 0;

const newId = (prefix) => prefix + crypto.randomBytes(9).toString('base64url');

function send(ws, text) {
  if (ws.readyState === WebSocket.OPEN) ws.send(text, { binary: false });
}

function toAll(message) {
  const bytes = Buffer.from(JSON.stringify(message));
  for (const m of members.values()) send(m.ws, bytes);
}

function toModerators(message, except) {
  const bytes = Buffer.from(JSON.stringify(message));
  for (const m of moderators) if (m !== except) send(m.ws, bytes);
}

function view(id, name, moderator) {
  return {
    id,
    name,
    role: moderator ? 'host' : 'attendee',
    guest: !moderator,
    state: 'connected',
    audio: false,
    video: false,
    screen: false,
    hand_raised_at: null,
    invisible: false,
    interpreter_channel: null,
    can_publish: { audio: moderator, video: moderator, screen: moderator },
  };
}

function onSocket(ws) {
  let sessionId = null;
  /** @type {Member | null} */
  let member = null;
  ws.isAlive = true;
  ws.on('pong', () => {
    ws.isAlive = true;
  });
  const reply = (id, data) =>
    send(
      ws,
      JSON.stringify(
        data ? { type: 'reply', id, ok: true, data } : { type: 'reply', id, ok: true },
      ),
    );
  const error = (id, code) =>
    send(ws, JSON.stringify({ type: 'error', id, code, key: 'errors.bad_message', message: code }));
  ws.on('message', (data, isBinary) => {
    let message;
    try {
      message = isBinary ? null : JSON.parse(data.toString('utf8'));
    } catch {
      message = null;
    }
    if (message === null || typeof message !== 'object' || typeof message.type !== 'string') {
      error(null, 'bad_message');
      return;
    }
    const id = typeof message.id === 'string' ? message.id : null;
    switch (message.type) {
      case 'hello': {
        if (typeof message.credentials !== 'string') return error(id, 'unauthorized');
        crypto.createHmac('sha256', KEY).update(message.credentials).digest();
        sessionId = crypto.randomBytes(16).toString('base64url');
        return reply(id, {
          session_id: sessionId,
          protocol_version: message.protocol_version,
          resume_grace_ms: 10000,
        });
      }
      case 'join': {
        if (sessionId === null || member !== null) return error(id, 'not_allowed');
        const pid = newId('p');
        const moderator = moderators.size === 0;
        member = { ws, id: pid, view: view(pid, `Bench ${members.size}`, moderator), moderator };
        members.set(pid, member);
        if (moderator) moderators.add(member);
        reply(id, { participant_id: pid });
        const visible = [];
        for (const m of moderators) if (m !== member) visible.push(m.view);
        visible.push(member.view);
        send(
          ws,
          JSON.stringify({
            type: 'welcome',
            session_id: sessionId,
            participant: member.view,
            room: { ...ROOM, participants: visible, waiting: [] },
          }),
        );
        send(ws, JSON.stringify({ type: 'chat_history', messages: [] }));
        toModerators({ type: 'participant_joined', participant: member.view }, member);
        return;
      }
      case 'chat': {
        if (member === null || typeof message.text !== 'string') return error(id, 'not_joined');
        reply(id);
        messageSeq += 1;
        toAll({
          type: 'chat_message',
          message: {
            id: `m${messageSeq}`,
            from: member.id,
            from_name: member.view.name,
            to: 'everyone',
            text: message.text,
            file: null,
            at: Date.now(),
          },
        });
        return;
      }
      case 'raise_hand': {
        if (member === null) return error(id, 'not_joined');
        reply(id);
        toAll({
          type: 'hand_raised',
          participant_id: member.id,
          name: member.view.name,
          at: Date.now(),
        });
        return;
      }
      case 'heartbeat':
        return reply(id);
      default:
        return error(id, 'bad_message');
    }
  });
  ws.on('close', () => {
    if (member === null) return;
    members.delete(member.id);
    moderators.delete(member);
    toModerators({ type: 'participant_left', participant_id: member.id, reason: 'left' }, member);
    member = null;
  });
  ws.on('error', () => undefined);
}

const server = http.createServer((req, res) => {
  res.writeHead(req.url === '/readyz' ? 200 : 404, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
});
const wss = new WebSocketServer({ server, maxPayload: 1024 * 1024, perMessageDeflate: false });
wss.on('connection', onSocket);
setInterval(() => {
  for (const ws of wss.clients) {
    if (!ws.isAlive) {
      ws.terminate();
      continue;
    }
    ws.isAlive = false;
    ws.ping();
  }
}, HEARTBEAT_MS).unref();
server.listen(Number(process.env.PORT), '127.0.0.1');
// An orderly exit on the swarm's SIGTERM, so a `--cpu-prof` profile is written.
process.on('SIGTERM', () => process.exit(0));
