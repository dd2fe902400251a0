import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureStrings } from './featureStrings.ts';
import { mainStrings } from './mainStrings.ts';
import type { FeatureStrings } from './strings.ts';

/**
 * Pages marked `shellStrings` (join, home) and the shell around every page show before the
 * other features' strings load, and every page but the main layout's shows before the main
 * layout's strings load (resources.ts). A string of those features used there would show as its
 * key: these checks keep such a use from landing.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '../..');

function featureList(file: string): string[] {
  const text = fs.readFileSync(path.join(here, file), 'utf8');
  const match = /features\/\{([^}]+)\}\/i18n\.ts/.exec(text);
  if (!match?.[1]) throw new Error(`${file} names no features`);
  return match[1].split(',');
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

const namespacesOf = (parts: readonly FeatureStrings[]) =>
  [...new Set(parts.flatMap((s) => Object.keys(s.en)))].filter((ns) => ns !== 'serverErrors');

/** `file: match` for every file that names a key under one of `namespaces`. */
function usesOf(files: string[], namespaces: string[]): string[] {
  const key = new RegExp(`['"\`](${namespaces.join('|')})\\.[A-Za-z]`);
  return files
    .map(
      (file) =>
        [
          path.relative(src, file),
          key.exec(withoutComments(fs.readFileSync(file, 'utf8'))),
        ] as const,
    )
    .filter(([, match]) => match)
    .map(([file, match]) => `${file}: ${match?.[0]}`);
}

const featureFiles = (names: string[]) =>
  names.flatMap((name) => sourceFiles(path.join(src, 'features', name)));

describe('the strings of the shell and of shell pages', () => {
  const shell = featureList('resources.ts');
  const main = featureList('mainStrings.ts');
  const app = sourceFiles(path.join(src, 'app')).filter((f) => !f.endsWith('routes.tsx'));
  const shared = sourceFiles(path.join(src, 'shared'));

  it('featureStrings.ts leaves out exactly the features of the shell and of the main layout', () => {
    expect(featureList('featureStrings.ts').sort()).toEqual([...shell, ...main].sort());
  });

  it('no shell file and no main-layout file uses a string that loads with other pages', () => {
    const later = namespacesOf(featureStrings);
    expect(later).toContain('room');
    expect(usesOf([...app, ...shared, ...featureFiles([...shell, ...main])], later)).toEqual([]);
  });

  it('only the main layout and its features use the strings of the main layout', () => {
    const mainNamespaces = namespacesOf(mainStrings);
    expect(mainNamespaces).toEqual(expect.arrayContaining(['home', 'notifications', 'qrCall']));
    const everyPage = app.filter(
      (f) => !f.includes(`${path.sep}header${path.sep}`) && !f.endsWith('MainLayout.tsx'),
    );
    expect(usesOf([...everyPage, ...shared, ...featureFiles(shell)], mainNamespaces)).toEqual([]);
  });
});
