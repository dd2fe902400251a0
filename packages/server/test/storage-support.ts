import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOM_CREDENTIALS_HEADER, apiPaths } from '@podium/protocol';
import type { StoreKind } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';

export const MB = 1024 * 1024;

/** A test server whose data folder is a real temporary folder, so uploads land on disk. */
export interface StorageServer extends TestServer {
  dataDir: string;
  uploadsDir: string;
}

export async function startStorageServer(
  kind: StoreKind,
  env: Record<string, string> = {},
): Promise<StorageServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'podium-storage-test-'));
  const server = await startTestServer(kind, { DATA_DIR: dataDir, ...env });
  return {
    ...server,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    async close() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Names in the uploads folder (empty when it was never made). */
export async function uploadsOnDisk(server: StorageServer): Promise<string[]> {
  try {
    return (await fs.readdir(server.uploadsDir)).sort();
  } catch {
    return [];
  }
}

export interface UploadOptions {
  name: string;
  bytes: Uint8Array;
  type?: string;
  token?: string;
  credentials?: string;
  room?: string;
  /** Extra multipart fields (sent before the file). */
  fields?: Record<string, string>;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are inspected field by field
  body: any;
}

/** A real multipart upload over HTTP, as the browser's chat panel sends it. */
export async function upload(server: TestServer, options: UploadOptions): Promise<Answer> {
  const form = new FormData();
  if (options.room !== undefined) form.append('room', options.room);
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append(
    'file',
    new Blob([options.bytes], { type: options.type ?? 'application/octet-stream' }),
    options.name,
  );
  return post(server, form, options);
}

export async function post(
  server: TestServer,
  body: FormData | Uint8Array | string,
  options: { token?: string; credentials?: string; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.credentials) headers[ROOM_CREDENTIALS_HEADER] = options.credentials;
  if (options.contentType) headers['content-type'] = options.contentType;
  const res = await fetch(server.url + apiPaths.storage.upload, { method: 'POST', headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}

/** `size` bytes starting with `magic`, the rest random. */
export function fileBytes(magic: number[] | string, size: number): Uint8Array {
  const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
  const bytes = Buffer.alloc(size);
  crypto.randomFillSync(bytes);
  head.copy(bytes, 0, 0, Math.min(head.length, size));
  return new Uint8Array(bytes);
}

export const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const JPEG = [0xff, 0xd8, 0xff, 0xe0];
export const PDF = '%PDF-1.7\n';
export const ZIP = [0x50, 0x4b, 0x03, 0x04];
