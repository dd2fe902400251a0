import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureStrings } from './featureStrings.ts';

/**
 * Pages marked `shellStrings` (join, home) and the shell around every page show before the
 * other features' strings load (resources.ts). A string of those features used there would
 * show as its key: these checks keep such a use from landing.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '../..');

function shellList(file: string): string {
  const text = fs.readFileSync(path.join(here, file), 'utf8');
  const match = /features\/\{([^}]+)\}\/i18n\.ts/.exec(text);
  if (!match?.[1]) throw new Error(`${file} names no shell features`);
  return match[1];
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the strings of the shell and of shell pages', () => {
  const shell = shellList('resources.ts');

  it('the shell features are the same in resources.ts and featureStrings.ts', () => {
    expect(shellList('featureStrings.ts')).toBe(shell);
  });

  it('no shell file uses a string that loads later', () => {
    const lazyNamespaces = [...new Set(featureStrings.flatMap((s) => Object.keys(s.en)))].filter(
      (ns) => ns !== 'serverErrors',
    );
    expect(lazyNamespaces).toContain('room');
    const files = [
      ...sourceFiles(path.join(src, 'app')).filter((f) => !f.endsWith('routes.tsx')),
      ...sourceFiles(path.join(src, 'shared')),
      ...shell.split(',').flatMap((name) => sourceFiles(path.join(src, 'features', name))),
    ];
    const key = new RegExp(`['"\`](${lazyNamespaces.join('|')})\\.[A-Za-z]`);
    const uses = files
      .map(
        (file) =>
          [
            path.relative(src, file),
            key.exec(withoutComments(fs.readFileSync(file, 'utf8'))),
          ] as const,
      )
      .filter(([, match]) => match)
      .map(([file, match]) => `${file}: ${match?.[0]}`);
    expect(uses).toEqual([]);
  });
});
