import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Excalidraw's fonts (Excalifont, Virgil, Nunito, Xiaolai, …) ship in its npm package; Excalidraw
 * fetches them from `window.EXCALIDRAW_ASSET_PATH` + `fonts/<Family>/<file>.woff2`, else from a
 * CDN, which Podium's CSP (and a network without internet) refuses, so whiteboard text fell back
 * to a system font. The build copies them to `excalidraw-assets/fonts` of the web app, served by
 * Podium itself; the whiteboard points the asset path there (src/features/whiteboard/
 * excalidrawAssets.ts).
 */

/** Where the fonts are served, under the web app's root (the asset path is `/excalidraw-assets/`). */
const EXCALIDRAW_FONTS_DIR = 'excalidraw-assets/fonts';

/** The fonts folder of the installed @excalidraw/excalidraw (its production build's). */
export function excalidrawFontsSource(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@excalidraw/excalidraw')), 'fonts');
}

/** Copies the fonts into a built web app (`dist`). */
export function copyExcalidrawFonts(dist: string): void {
  fs.cpSync(excalidrawFontsSource(), path.join(dist, EXCALIDRAW_FONTS_DIR), { recursive: true });
}

/** The Vite plugin: the fonts go into the build, and `vite dev` serves them from the package. */
export function excalidrawFonts(): Plugin {
  return {
    name: 'podium:excalidraw-fonts',
    writeBundle(options) {
      copyExcalidrawFonts(options.dir ?? 'dist');
    },
    configureServer(server) {
      const root = excalidrawFontsSource();
      server.middlewares.use(`/${EXCALIDRAW_FONTS_DIR}`, (req, res, next) => {
        // SECURITY: only files inside the package's fonts folder.
        const file = path.resolve(
          root,
          `.${decodeURIComponent((req.url ?? '').split('?')[0] ?? '')}`,
        );
        if (!file.startsWith(root + path.sep) || !fs.existsSync(file)) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'font/woff2');
        fs.createReadStream(file).pipe(res);
      });
    },
  };
}
