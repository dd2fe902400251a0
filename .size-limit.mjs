// First-load JS budgets per page, checked by `npm test` (scripts/test.mjs runs size-limit after
// the web build). The files come from Vite's manifest (bench/web-routes.mjs); the budgets, the
// targets and the gap between them are in bench/web-routes.mjs and bench/README.md.
import path from 'node:path';
import { PAGES, pageFiles, webDist } from './bench/web-routes.mjs';

export default PAGES.map((page) => ({
  name: `${page.name} first-load JS`,
  path: pageFiles(page).js.map((file) => path.join(webDist, file)),
  gzip: true,
  limit: `${page.budget} B`,
}));
