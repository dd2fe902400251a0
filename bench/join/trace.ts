// Reads a Chromium trace written by `npm run bench -- join --trace <dir>`: where the page's main
// thread spent the time between the join's marks (click, requests out and answers in, the
// offer applied, the first frame). For each gap between two marks it prints how long the main
// thread was busy, its long tasks, and the functions on the stack (V8's samples, mapped through
// the build's source maps to the source files).
//
//   node --import tsx bench/join/trace.ts <trace.json> [--web-dist apps/web/dist] [--top 8]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { repoRoot } from '../signaling/server-process.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'web-dist': { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
    top: { type: 'string', default: '8' },
  },
});
const file = positionals[0];
if (!file) throw new Error('usage: trace.ts <trace.json> [--web-dist dir] [--top n]');
const top = Number(values.top);
const webDist = path.resolve(values['web-dist']!);

const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as
  TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The page's main thread is where the benchmark's marks are.
const marks = events
  .filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('bench:'))
  .sort((a, b) => a.ts - b.ts);
const click = marks.find((m) => m.name === 'bench:click');
if (!click) throw new Error('no bench:click mark in the trace');
const { pid, tid } = click;
const end = marks.find((m) => m.name === 'bench:firstFrame')?.ts ?? marks[marks.length - 1]!.ts;
const own = marks.filter((m) => m.pid === pid && m.ts >= click.ts && m.ts <= end);

// Top-level tasks of the main thread (Chromium writes each task twice, as RunTask and as
// ThreadControllerImpl::RunTask around it: the outer one is kept).
const taskEvents = (name: string) =>
  events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === name)
    .sort((a, b) => a.ts - b.ts);
const outer = taskEvents('ThreadControllerImpl::RunTask');
const tasks = outer.length ? outer : taskEvents('RunTask');

// V8's samples of the main thread: a Profile event names the thread, its chunks carry the
// nodes (added to as it goes) and the samples with their time deltas.
const profileIds = new Set(
  events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
);
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
{
  // Profile ids repeat across processes (the host's page is in the same browser).
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && profileIds.has(e.id));
  let ts = Number(start?.args?.data?.startTime ?? 0);
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !profileIds.has(e.id)) continue;
    const data = e.args?.data as
      | {
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, n) => {
      ts += deltas[n] ?? 0;
      samples.push({ ts, node: id });
    });
  }
}

// Minified frames back to their source files through the build's maps.
const maps = new Map<string, SourceMap | null>();
function mapFor(url: string): SourceMap | null {
  const name = url.split('/').pop()?.split('?')[0] ?? '';
  if (!maps.has(name)) {
    const mapFile = path.join(webDist, 'assets', `${name}.map`);
    const payload = fs.existsSync(mapFile)
      ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapPayload)
      : null;
    maps.set(name, payload ? new SourceMap(payload) : null);
  }
  return maps.get(name) ?? null;
}

const labels = new Map<number, string>();
function label(node: ProfileNode): string {
  const known = labels.get(node.id);
  if (known) return known;
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  let text = functionName || '(anonymous)';
  if (url) {
    const map = mapFor(url);
    // Both 0-based, like the profile's frames.
    const entry = map?.findEntry(lineNumber, Math.max(0, columnNumber));
    const pos =
      entry && 'originalSource' in entry
        ? {
            source: entry.originalSource,
            line: entry.originalLine + 1,
            // Node 20's types leave out the name it returns.
            name: (entry as { name?: string }).name,
          }
        : null;
    if (pos?.source) {
      const source = pos.source
        .replace(/^(\.\.\/)+/, '')
        .replace(/^node_modules\//, '~')
        .replace(/^apps\/web\/src\//, '');
      text = `${source}:${pos.line} ${pos.name ?? functionName ?? ''}`.trim();
    } else {
      text = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    }
  }
  labels.set(node.id, text);
  return text;
}

/** The stack of a sample, leaf first. */
function stackOf(id: number): ProfileNode[] {
  const stack: ProfileNode[] = [];
  for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined) {
    stack.push(node);
  }
  return stack;
}

/** Whether a frame is the app's own code (not a library, not the browser). */
const isApp = (text: string) =>
  !text.startsWith('~') && !text.startsWith('(') && /\.(ts|tsx):/.test(text);

const ms = (us: number) => (us / 1000).toFixed(1);

const threadEvents = events
  .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
/** The events directly inside a task (not nested in another event of it). */
function childrenOf(task: TraceEvent): TraceEvent[] {
  const end = task.ts + task.dur!;
  const inside = threadEvents.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && e.name !== 'RunTask',
  );
  const direct: TraceEvent[] = [];
  let coveredUntil = -Infinity;
  for (const e of inside) {
    if (e.ts >= coveredUntil) {
      direct.push(e);
      coveredUntil = e.ts + e.dur!;
    }
  }
  return direct;
}
const parents = new Map<number, number>();
for (const node of nodes.values()) {
  for (const child of (node as { children?: number[] }).children ?? []) {
    parents.set(child, node.id);
  }
}
for (const node of nodes.values()) {
  if (node.parent === undefined && parents.has(node.id)) node.parent = parents.get(node.id);
}

console.log(
  `${path.basename(file)}: ${own.length} marks, ${tasks.length} tasks, ${samples.length} samples`,
);
for (let n = 0; n + 1 < own.length; n++) {
  const from = own[n]!;
  const to = own[n + 1]!;
  const span = to.ts - from.ts;
  if (span < 2000) continue; // gaps under 2 ms: nothing to see
  const inside = tasks.filter((t) => t.ts < to.ts && t.ts + t.dur! > from.ts);
  const busy = inside.reduce(
    (sum, t) => sum + Math.min(to.ts, t.ts + t.dur!) - Math.max(from.ts, t.ts),
    0,
  );
  const long = inside.filter((t) => t.dur! >= 8000);
  console.log(
    `\n${from.name.slice(6)} → ${to.name.slice(6)}: ${ms(span)} ms, main thread busy ${ms(busy)} ms` +
      (long.length
        ? `; long tasks ${long.map((t) => `${ms(t.dur!)} (at +${ms(t.ts - click.ts)})`).join(', ')}`
        : ''),
  );
  // Inclusive time per app function and self time per leaf, from the samples in the gap.
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const within = samples.filter((s) => s.ts >= from.ts && s.ts < to.ts);
  within.forEach((s, k) => {
    const next = within[k + 1]?.ts ?? Math.min(to.ts, s.ts + 1000);
    const weight = Math.max(0, next - s.ts);
    const stack = stackOf(s.node).map(label);
    const leaf = stack[0] ?? '?';
    if (leaf === '(idle)' || leaf === '(root)') return;
    self.set(leaf, (self.get(leaf) ?? 0) + weight);
    for (const frame of new Set(stack.filter(isApp))) {
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + weight);
    }
  });
  const show = (title: string, entries: Map<string, number>) => {
    const sorted = [...entries].sort((a, b) => b[1] - a[1]).slice(0, top);
    if (!sorted.length) return;
    console.log(`  ${title}: ${sorted.map(([k, v]) => `${ms(v)} ${k}`).join(' | ')}`);
  };
  show('self', self);
  show('app, inclusive', inclusive);
  // What the long tasks were made of: the trace events directly inside them (script, style,
  // layout, paint, garbage collection), by name.
  const parts = new Map<string, number>();
  for (const task of long) {
    const from = Math.max(task.ts, own[n]!.ts);
    const until = Math.min(task.ts + task.dur!, to.ts);
    for (const e of childrenOf(task)) {
      const overlap = Math.min(until, e.ts + e.dur!) - Math.max(from, e.ts);
      if (overlap > 0) parts.set(e.name, (parts.get(e.name) ?? 0) + overlap);
    }
  }
  show('in long tasks', parts);
}
