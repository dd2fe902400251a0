import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { WireFrame } from './wire-frame.ts';

/**
 * A frame written straight to the TCP socket must read as the same text message a `ws` client
 * gets from `ws.send`, at each of the three length encodings (7-bit, 16-bit, 64-bit).
 */
describe('WireFrame', () => {
  let server: http.Server;
  let wss: WebSocketServer;
  const sockets: Socket[] = [];
  let url = '';

  beforeAll(async () => {
    server = http.createServer();
    wss = new WebSocketServer({ server });
    wss.on('connection', (_ws, request) => sockets.push(request.socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    server.close();
    await once(server, 'close');
  });

  it('reads as the text message it carries, whatever its length', async () => {
    const client = new WebSocket(url);
    await once(client, 'open');
    while (sockets.length === 0) await new Promise((r) => setTimeout(r, 5));
    const socket = sockets[0]!;
    const texts = [
      JSON.stringify({ type: 'hand_raised', name: 'Bé Na' }),
      JSON.stringify({ type: 'chat_message', text: 'ệ'.repeat(200) }),
      JSON.stringify({ type: 'chat_message', text: 'x'.repeat(70_000) }),
    ];
    const received: { text: string; binary: boolean }[] = [];
    client.on('message', (data, binary) => received.push({ text: String(data), binary }));
    const frame = new WireFrame(texts[1]!);
    expect(frame.frame).toBe(frame.frame); // built once
    for (const text of texts) socket.write(new WireFrame(text).frame);
    while (received.length < texts.length) await new Promise((r) => setTimeout(r, 5));
    expect(received).toEqual(texts.map((text) => ({ text, binary: false })));
    client.close();
  });
});
