#!/usr/bin/env node
// `npm run bench -- web`: first-load bytes per page of the built web app (apps/web/dist), from
// Vite's manifest: the files index.html loads plus what the page's lazy modules import. Prints
// raw, gzip and Brotli sizes (what the server sends, scripts/build-web.mjs precompresses) against
// the targets of issue 11 and the budgets `npm test` enforces (.size-limit.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PAGES, pageFiles, webDist } from './web-routes.mjs';

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

function sizes(files) {
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    const data = fs.readFileSync(path.join(webDist, file));
    raw += data.length;
    gzip += zlib.gzipSync(data, { level: 9 }).length;
    br += zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return { raw, gzip, br };
}

console.log(`web first load (load average ${os.loadavg()[0].toFixed(2)})\n`);
const rows = PAGES.map((page) => {
  const { js, css } = pageFiles(page);
  const s = sizes(js);
  const c = sizes(css);
  return {
    page: page.name,
    'JS files': js.length,
    'JS raw': kb(s.raw),
    'JS gzip': kb(s.gzip),
    'JS br': kb(s.br),
    'CSS gzip': kb(c.gzip),
    'target (gzip)': kb(page.target),
    'over target': s.gzip > page.target ? `${(s.gzip / page.target).toFixed(2)}×` : 'met',
    budget: kb(page.budget),
  };
});
console.table(rows);
