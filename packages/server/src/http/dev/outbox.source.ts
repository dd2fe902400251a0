import fs from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '../../services/index.ts';
import type { OutboxEntry } from '../../services/mail.ts';

/** Enough of the file's end for the last few hundred messages. */
const TAIL_BYTES = 1024 * 1024;

function isOutboxEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.to === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.text === 'string' &&
    typeof v.at === 'string' &&
    (v.channel === 'email' || v.channel === 'sms')
  );
}

async function readTail(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const text = buffer.toString('utf8');
    // A cut in the middle leaves a partial first line; drop it.
    return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}

/**
 * The dev outbox, newest first. The JSON-lines file in the data directory (where the mailer
 * appends, see app.ts) survives restarts, which `npm run dev` does on every save, so it is
 * preferred; the mailer's in-memory list covers in-memory data directories (tests).
 */
export async function readOutbox(services: Services): Promise<OutboxEntry[]> {
  const { dataDir } = services.config;
  const fromFile = dataDir.startsWith('memory://')
    ? null
    : await readTail(path.join(dataDir, 'outbox.jsonl'));
  if (fromFile === null) return [...services.mailer.outbox()].reverse();
  const entries: OutboxEntry[] = [];
  for (const line of fromFile.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed: unknown = JSON.parse(line);
      if (isOutboxEntry(parsed)) entries.push(parsed);
    } catch {
      // a line cut by a crash mid-write; the others are still worth showing
    }
  }
  return entries.reverse();
}
