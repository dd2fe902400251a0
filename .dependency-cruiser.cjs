// The layers of ARCHITECTURE.md ("Repository layout", "Dependencies point one way"), checked by
// `npm run lint` (scripts/lint-deps.mjs runs `depcruise` with this file). A rule's name is what
// the error names, so a newcomer can find the rule from the message. The fixtures under
// scripts/dependency-rules/fixtures break each rule once; scripts/dependency-rules.test.ts checks
// that every rule still fires on them (a rule that matches nothing would pass silently).

const SERVER = '^packages/server/';
const SRC = '^packages/server/src/';
// The one way in to the server for code outside it: the exported test-support entry
// (`@podium/server/test-support`, packages/server/package.json `exports`).
const TEST_SUPPORT = '^packages/server/src/test-support/index[.]ts$';
// Web tests and their shared helpers; they may start the real server through test-support.
const WEB_TESTS = '^apps/web/(src/)?(.+[.]test[.]tsx?$|test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Import cycles make load order fragile and layers meaningless. Move what both sides ' +
        'need into a third module (for the server, usually src/shared/).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-not-http-or-realtime',
      comment:
        'Services hold the business logic that http/, graphql/ and realtime/ call; they never ' +
        'reach back into a transport. Shared pieces (errors, queues) live in src/shared/.',
      severity: 'error',
      from: { path: `${SRC}services/` },
      to: { path: `${SRC}(http|realtime)/` },
    },
    {
      name: 'transports-not-store',
      comment:
        'http/ and realtime/ reach the database only through a service (repositories live in ' +
        'services/<domain>/repository.ts); they never import store/.',
      severity: 'error',
      from: { path: `${SRC}(http|realtime)/` },
      to: { path: `${SRC}store/` },
    },
    {
      name: 'http-graphql-siblings',
      comment:
        'http/ and graphql/ are two transports over the same services; app.ts mounts both. ' +
        'Neither imports the other (shared request helpers live in src/shared/).',
      severity: 'error',
      from: { path: `${SRC}(http|graphql)/` },
      to: { path: `${SRC}(http|graphql)/`, pathNot: `${SRC}$1/` },
    },
    {
      name: 'rooms-pure',
      comment:
        'rooms/ is the pure room state machine and permission table: no media, transport, ' +
        'database or service imports (effects live at its edges, in realtime/).',
      severity: 'error',
      from: { path: `${SRC}rooms/` },
      to: { path: `${SRC}(media|http|store|realtime|services|graphql)/` },
    },
    {
      name: 'protocol-is-a-leaf',
      comment: 'packages/protocol is shared by server and web and depends on zod only.',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^(packages/server|apps|e2e|bench|scripts)/' },
    },
    {
      name: 'server-not-test-support',
      comment:
        'Production server code never imports test-support (the way in for tests); only tests ' +
        'and test-support itself do.',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}(test-support/|.+[.]test[.]ts$)` },
      to: { path: `${SRC}test-support/` },
    },
    {
      name: 'web-not-server',
      comment:
        'The web app never imports server code; it shares only packages/protocol. Web tests ' +
        'may start the real server through @podium/server/test-support (web-tests-through-test-support).',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: WEB_TESTS },
      to: { path: SERVER },
    },
    {
      name: 'web-tests-through-test-support',
      comment:
        'Web tests reach the server only through the exported test-support entry ' +
        '(@podium/server/test-support), never its internals.',
      severity: 'error',
      from: { path: WEB_TESTS },
      to: { path: SERVER, pathNot: TEST_SUPPORT },
    },
    {
      name: 'e2e-bench-through-test-support',
      comment:
        'Browser tests, benchmarks and scripts drive the server as a process or through ' +
        '@podium/server/test-support; they never import its internals.',
      severity: 'error',
      from: { path: '^(e2e|bench|scripts)/' },
      to: { path: SERVER, pathNot: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|[.]tmp|test-results|playwright-report)/' },
    // Type-only imports count: a layer that knows another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages resolve through node_modules symlinks to their real folders and their
    // `exports` map, so `@podium/server/test-support` lands on packages/server/test-support/.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
