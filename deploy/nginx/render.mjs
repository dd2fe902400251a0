#!/usr/bin/env node
// Renders Podium's nginx front door (podium.conf.template beside this file) for a set of nodes.
//
//   node deploy/nginx/render.mjs --node 10.0.0.11:8080 --node 10.0.0.12:8080 \
//     --server-name podium.example.org --public-url https://podium.example.org \
//     --tls-cert /etc/letsencrypt/live/podium.example.org/fullchain.pem \
//     --tls-key /etc/letsencrypt/live/podium.example.org/privkey.pem \
//     --web-dist /srv/podium/apps/web/dist > /etc/nginx/conf.d/podium.conf
//   nginx -t && systemctl reload nginx
//
// PUBLIC_URL, FRAME_ANCESTORS and PODIUM_NODES (comma-separated) are read from the environment
// when the flags are absent, so the nodes' environment file can be sourced first. Plain Node, no
// dependencies: it runs on the nginx machine without the repository's node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE = path.join(here, 'podium.conf.template');

/** Video sites the app embeds; http/security-headers.ts EMBED_FRAME_SOURCES. */
const EMBED_FRAME_SOURCES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
];
/** http/security-headers.ts HSTS_MAX_AGE_SECONDS: 180 days. */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

const USAGE = `usage: node deploy/nginx/render.mjs --node HOST:PORT [--node HOST:PORT ...]
  [--listen ADDR:PORT|PORT] [--server-name NAME] [--public-url URL] [--frame-ancestors ORIGINS]
  [--web-dist DIR] [--cache-dir DIR] [--log-dir DIR] [--mime-types FILE] [--max-body SIZE]
  [--tls-cert FILE --tls-key FILE] [--no-brotli] [--out FILE]`;

/**
 * SECURITY: every value lands in nginx's configuration; one with a `;`, brace, quote or space
 * could add directives. Each kind of value has its own narrow pattern.
 */
const NODE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/;
const LISTEN = /^(?:(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):)?\d{1,5}$/;
const NAME = /^[A-Za-z0-9.*_-]+(?: [A-Za-z0-9.*_-]+)*$/;
const PATH = /^\/[A-Za-z0-9._/+@-]*$/;
const SIZE = /^\d+[kmg]?$/;

function check(value, pattern, what) {
  if (!pattern.test(value)) throw new Error(`${what}: "${value}" is not allowed here`);
  return value;
}

/** FRAME_ANCESTORS as config.ts reads it: origins only. */
function origins(value) {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      const url = new URL(o);
      if (!/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, '')) {
        throw new Error(
          `FRAME_ANCESTORS: "${o}" is not an origin such as https://intranet.example`,
        );
      }
      return url.origin;
    });
}

/**
 * The headers the node's helmet puts on every answer (http/security-headers.ts), for the files
 * nginx serves itself. The script hashes of index.html are left out: they allow inline scripts,
 * and no file under /assets/ has any. The front-door test compares these with a node's.
 */
export function securityHeaders({ publicUrl = '', frameAncestors = [] } = {}) {
  const https = publicUrl.startsWith('https://');
  const ancestors = frameAncestors.length ? frameAncestors : ["'none'"];
  const csp = [
    ['default-src', "'self'"],
    ['script-src', "'self' 'wasm-unsafe-eval'"],
    ['script-src-attr', "'none'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['media-src', `'self' blob: https:${https ? '' : ' http:'}`],
    ['font-src', "'self' data:"],
    ['connect-src', "'self' https: wss: http://localhost:* http://127.0.0.1:*"],
    ['worker-src', "'self' blob:"],
    ['frame-src', EMBED_FRAME_SOURCES.join(' ')],
    ['frame-ancestors', ancestors.join(' ')],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ...(https ? [['upgrade-insecure-requests', '']] : []),
  ]
    .map(([name, value]) => (value ? `${name} ${value}` : name))
    .join(';');
  return {
    'Content-Security-Policy': csp,
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}` } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    ...(frameAncestors.length ? {} : { 'X-Frame-Options': 'DENY' }),
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
}

/** The configuration text for these options (see USAGE; defaults are Debian's paths). */
export function renderNginxConfig(options) {
  const nodes = options.nodes ?? [];
  if (!nodes.length) throw new Error('name at least one node (--node HOST:PORT)');
  const tls = Boolean(options.tlsCert || options.tlsKey);
  if (tls && !(options.tlsCert && options.tlsKey)) {
    throw new Error('--tls-cert and --tls-key go together');
  }
  const serverName = check(options.serverName ?? '_', NAME, 'server name');
  const listen = check(String(options.listen ?? (tls ? '443' : '80')), LISTEN, 'listen');
  const fields = {
    UPSTREAM_SERVERS: nodes
      .map((n) => `    server ${check(n, NODE, 'node')} max_fails=1 fail_timeout=10s;`)
      .join('\n'),
    LISTEN: `    listen ${listen}${tls ? ' ssl http2' : ''};`,
    SERVER_NAME: serverName,
    TLS: tls
      ? [
          `    ssl_certificate ${check(options.tlsCert, PATH, 'TLS certificate')};`,
          `    ssl_certificate_key ${check(options.tlsKey, PATH, 'TLS key')};`,
          '    ssl_protocols TLSv1.2 TLSv1.3;',
          '    ssl_session_cache shared:podium_tls:10m;',
        ].join('\n')
      : '',
    // With TLS, plain http only redirects (browsers need https for cameras and microphones).
    REDIRECT_SERVER: tls
      ? `server {\n    listen 80;\n    server_name ${serverName};\n    server_tokens off;\n    return 301 https://$host$request_uri;\n}\n`
      : '',
    WEB_DIST: check(options.webDist ?? '/srv/podium/apps/web/dist', PATH, 'web dist'),
    CACHE_DIR: check(options.cacheDir ?? '/var/cache/nginx/podium-hls', PATH, 'cache dir'),
    LOG_DIR: check(options.logDir ?? '/var/log/nginx', PATH, 'log dir'),
    MIME_TYPES: check(options.mimeTypes ?? '/etc/nginx/mime.types', PATH, 'mime types'),
    MAX_BODY: check(options.maxBody ?? '110m', SIZE, 'max body'),
    // Debian: libnginx-mod-http-brotli-static (loaded from /etc/nginx/modules-enabled).
    BROTLI: options.brotli === false ? '' : '        brotli_static on;',
    SECURITY_HEADERS: Object.entries(
      securityHeaders({
        publicUrl: options.publicUrl ?? '',
        frameAncestors: origins(options.frameAncestors),
      }),
    )
      .map(([name, value]) => `        add_header ${name} "${value}" always;`)
      .join('\n'),
  };
  const template = fs.readFileSync(TEMPLATE, 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_m, name) => {
    if (!(name in fields)) throw new Error(`template field {{${name}}} has no value`);
    return fields[name];
  });
}

function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      node: { type: 'string', multiple: true },
      listen: { type: 'string' },
      'server-name': { type: 'string' },
      'public-url': { type: 'string' },
      'frame-ancestors': { type: 'string' },
      'web-dist': { type: 'string' },
      'cache-dir': { type: 'string' },
      'log-dir': { type: 'string' },
      'mime-types': { type: 'string' },
      'max-body': { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'no-brotli': { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env = process.env;
  const text = renderNginxConfig({
    nodes: values.node ?? (env.PODIUM_NODES ?? '').split(',').filter(Boolean),
    listen: values.listen,
    serverName: values['server-name'],
    publicUrl: values['public-url'] ?? env.PUBLIC_URL,
    frameAncestors: values['frame-ancestors'] ?? env.FRAME_ANCESTORS,
    webDist: values['web-dist'],
    cacheDir: values['cache-dir'],
    logDir: values['log-dir'],
    mimeTypes: values['mime-types'],
    maxBody: values['max-body'],
    tlsCert: values['tls-cert'],
    tlsKey: values['tls-key'],
    brotli: !values['no-brotli'],
  });
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
  }
}
