// The layer rules of .dependency-cruiser.cjs bite: a tree that breaks each rule once makes
// `depcruise` (the command `npm run lint:deps` runs, with the same config) fail and name the
// rule, and a tree of allowed imports passes. A rule whose paths stop matching anything (a
// renamed folder, a typo in a regex) would otherwise pass silently forever.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const ruleNames: string[] = (
  createRequire(import.meta.url)(config) as { forbidden: Array<{ name: string }> }
).forbidden.map((rule) => rule.name);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path → source) into a fresh folder laid out like the repository. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'podium-deps-'));
  made.push(dir);
  fs.copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

/** Runs the lint's depcruise over the tree: its exit code and the rule of each error line. */
function cruise(dir: string): Promise<{ code: number; rules: string[]; output: string }> {
  const targets = ['packages', 'apps', 'e2e', 'bench', 'scripts'].filter((d) =>
    fs.existsSync(path.join(dir, d)),
  );
  return new Promise((resolve) => {
    execFile(
      depcruise,
      [...targets, '--config', config, '--output-type', 'err', '--no-progress'],
      { cwd: dir },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        const rules = [...output.matchAll(/^\s*error ([a-z0-9-]+):/gm)].map((m) => m[1]!);
        resolve({ code: error ? Number(error.code ?? 1) : 0, rules: rules.sort(), output });
      },
    );
  });
}

const use = (spec: string, name = 'x') =>
  `import { ${name} } from '${spec}';\nexport { ${name} };\n`;
const leaf = (name = 'x') => `export const ${name} = 1;\n`;

const S = 'packages/server/src';

describe('dependency rules (npm run lint:deps)', () => {
  it('fail on each kind of break and name its rule', async () => {
    const dir = tree({
      // no-circular: two shared modules that import each other
      [`${S}/shared/a.ts`]: use('./b.ts', 'b'),
      [`${S}/shared/b.ts`]: `import { a } from './a.ts';\nexport const b = () => a;\n`,
      // services-not-http-or-realtime
      [`${S}/services/gifts/service.ts`]: use('../../http/route.ts'),
      [`${S}/http/route.ts`]: leaf(),
      // transports-not-store
      [`${S}/realtime/room-host.ts`]: use('../store/db.ts'),
      [`${S}/store/db.ts`]: leaf(),
      // http-graphql-siblings
      [`${S}/graphql/wallet.ts`]: use('../http/route.ts'),
      // rooms-pure
      [`${S}/rooms/room-machine.ts`]: use('../media/janus-client.ts'),
      [`${S}/media/janus-client.ts`]: leaf(),
      // server-not-test-support
      [`${S}/app.ts`]: use('./test-support/index.ts'),
      [`${S}/test-support/index.ts`]: leaf(),
      // protocol-is-a-leaf
      ['packages/protocol/src/index.ts']: use('../../server/src/store/db.ts'),
      // web-not-server
      ['apps/web/src/features/room/api.ts']: use('../../../../../packages/server/src/app.ts'),
      // web-tests-through-test-support
      ['apps/web/src/features/room/room.test.ts']: use(
        '../../../../../packages/server/src/realtime/room-host.ts',
      ),
      // e2e-bench-through-test-support
      ['e2e/support/global-setup.ts']: use('../../packages/server/src/media/janus-client.ts'),
      ['bench/lib/media-stack.ts']: use('../../packages/server/src/store/db.ts'),
    });
    const { code, rules, output } = await cruise(dir);
    expect(code, output).not.toBe(0);
    expect(new Set(rules), output).toEqual(new Set(ruleNames));
    expect(rules.filter((r) => r === 'e2e-bench-through-test-support')).toHaveLength(2);
  });

  it('pass on the imports the layers allow', async () => {
    const dir = tree({
      [`${S}/shared/errors.ts`]: leaf(),
      [`${S}/store/db.ts`]: leaf(),
      [`${S}/rooms/room-machine.ts`]: use('../shared/errors.ts'),
      [`${S}/services/chat/repository.ts`]: use('../../store/db.ts'),
      [`${S}/services/chat/service.ts`]: use('./repository.ts'),
      [`${S}/http/chat/export.handler.ts`]: use('../../services/chat/service.ts'),
      [`${S}/graphql/chat.ts`]: use('../services/chat/service.ts'),
      [`${S}/realtime/room-host.ts`]: use('../rooms/room-machine.ts'),
      [`${S}/test-support/index.ts`]: use('../realtime/room-host.ts'),
      [`${S}/realtime/room-host.test.ts`]: use('../test-support/index.ts'),
      ['packages/protocol/src/index.ts']: leaf(),
      ['apps/web/src/features/room/api.ts']: use('../../../../../packages/protocol/src/index.ts'),
      ['apps/web/src/features/room/room.test.ts']: use(
        '../../../../../packages/server/src/test-support/index.ts',
      ),
      ['apps/web/src/test/gateway.ts']: use(
        '../../../../packages/server/src/test-support/index.ts',
      ),
      ['e2e/support/global-setup.ts']: use('../../packages/server/src/test-support/index.ts'),
      ['bench/lib/media-stack.ts']: use('../../packages/server/src/test-support/index.ts'),
    });
    const { code, rules, output } = await cruise(dir);
    expect(rules, output).toEqual([]);
    expect(code, output).toBe(0);
  });
});
