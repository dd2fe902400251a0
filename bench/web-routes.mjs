// Which built files a page's first load fetches, read from Vite's manifest
// (apps/web/dist/.vite/manifest.json). Used by bench/web.mjs (the `web` benchmark) and by the size
// budgets in .size-limit.mjs that `npm test` checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST measures another build (an experiment built with `vite build --outDir`).
export const webDist = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(root, 'apps/web/dist');

/**
 * The pages measured, each with the modules its first load imports lazily: the route's own
 * module (the `lazy` of its routes.tsx) and its layout's with what loads beside it (the main
 * layout's strings and the query client: app/buildRoutes.tsx). What a page
 * loads once it is idle or first used (the header's menus, the dialog container:
 * shared/ui/deferredModule.ts) is not part of it.
 * `target` is the first-load JS budget of issue 11 (gzip, bytes); `budget` is what `npm test`
 * enforces today (a ratchet at the measured size while the target is not met; bench/README.md).
 */
export const PAGES = [
  {
    name: '/j/{alias}',
    lazy: ['src/features/join/JoinRoute.tsx'],
    target: 150_000,
    budget: 181_000,
  },
  {
    name: '/app',
    lazy: [
      'src/app/layouts/MainLayout.tsx',
      'src/shared/i18n/mainStrings.ts',
      // Shared with pages that import it: a chunk of its own (no `src/` key), named by Rolldown.
      'chunk:queryClient',
      'src/features/home/HomePage.tsx',
    ],
    target: 200_000,
    budget: 190_000,
  },
];

function readManifest() {
  const file = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${path.relative(root, file)} is missing: build the web app first`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The manifest key of a page's lazy module: `src/…` as written, or `chunk:<name>` for a module
 * that shares a chunk with the pages importing it (the manifest then names the chunk only).
 */
function chunkKey(key, manifest) {
  if (!key.startsWith('chunk:')) return key;
  const name = key.slice('chunk:'.length);
  const keys = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k].name === name);
  if (keys.length !== 1) {
    throw new Error(
      `${keys.length} chunks are named ${name}; update PAGES in bench/web-routes.mjs`,
    );
  }
  return keys[0];
}

/** The files (relative to dist/) a first load of `page` fetches: JS and CSS. */
export function pageFiles(page, manifest = readManifest()) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    if (!manifest[key]) {
      // A renamed or moved page module: update PAGES rather than measure the wrong thing.
      throw new Error(`${key} is not in the Vite manifest; update PAGES in bench/web-routes.mjs`);
    }
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...page.lazy]) visit(chunkKey(key, manifest));
  const js = [...keys].map((k) => manifest[k].file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  return { js, css };
}
