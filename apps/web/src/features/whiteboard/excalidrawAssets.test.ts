// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@podium/server/test-support';
import { copyExcalidrawFonts, excalidrawFontsSource } from '../../../excalidrawFonts.ts';
import { EXCALIDRAW_ASSET_PATH } from './excalidrawAssets.ts';

/** The font files Excalidraw's own code fetches (relative URIs like "./fonts/Virgil/…woff2"). */
function fontUris(): string[] {
  const prod = path.dirname(excalidrawFontsSource());
  const uris = new Set<string>();
  for (const name of fs.readdirSync(prod).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(prod, name), 'utf8');
    for (const match of code.matchAll(/"(\.\/fonts\/[^"]+\.woff2)"/g)) uris.add(match[1]!);
  }
  return [...uris];
}

/**
 * Whiteboard text uses Excalidraw's own fonts, served by Podium: the build's copy (the same
 * function as the Vite plugin) answers every font URL Excalidraw builds from the asset path.
 */
describe("Excalidraw's fonts from Podium's origin", () => {
  let dist: string;
  let server: TestServer;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-web-fonts-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Podium</title>');
    copyExcalidrawFonts(dist);
    server = await startTestServer('pglite', { WEB_DIST: dist });
    // A server and a 14 MB copy on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the font URLs Excalidraw fetches with the fonts of its package', async () => {
    const uris = fontUris();
    // Excalifont (hand-drawn, the default), Virgil, Nunito, Lilita, Comic Shanns, Cascadia, …
    expect(uris.some((u) => u.includes('/Excalifont/'))).toBe(true);
    expect(uris.some((u) => u.includes('/Virgil/'))).toBe(true);
    const base = new URL(EXCALIDRAW_ASSET_PATH, server.url);
    const families = new Map<string, string>();
    for (const uri of uris) families.set(uri.split('/')[2] ?? '', uri);
    for (const uri of families.values()) {
      // As Excalidraw resolves it: the URI against the asset path.
      const res = await fetch(new URL(uri, base));
      expect(res.status, uri).toBe(200);
      expect(res.headers.get('content-type'), uri).toMatch(/font\/woff2/);
      const bytes = Buffer.from(await res.arrayBuffer());
      const source = fs.readFileSync(
        path.join(excalidrawFontsSource(), uri.slice('./fonts/'.length)),
      );
      expect(bytes.equals(source), uri).toBe(true);
    }
  });
});
