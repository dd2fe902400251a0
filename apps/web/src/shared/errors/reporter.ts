import {
  CLIENT_LOG_MAX_BYTES,
  CLIENT_LOG_MESSAGE_MAX,
  apiPaths,
  type ClientLogRequest,
} from '@podium/protocol';
import { cookieTokenStore } from '../api/tokens.ts';

/**
 * Sends uncaught errors and unhandled promise rejections to `POST /v1/log` (spec §7 Logger).
 * Throttled (a page stuck in a render loop throws hundreds of times a second) and silent about
 * its own failures: a failed report is dropped, never reported, never retried.
 */
export interface ReporterOptions {
  /** Delivers one report; the default posts it with fetch. Must not throw synchronously. */
  send?: (report: ClientLogRequest) => Promise<unknown>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  /** The page, without query or hash (those may carry tickets or codes). */
  page?: () => string;
  /** Most reports in one window. */
  maxPerWindow?: number;
  windowMs?: number;
}

const STACK_MAX = 8_000;
/** The server refuses bodies over its limit; keep clear of it (headers do not count). */
const BODY_BUDGET = CLIENT_LOG_MAX_BYTES - 256;

const byteSize = (report: ClientLogRequest) =>
  new TextEncoder().encode(JSON.stringify(report)).length;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describe(value: unknown): { message: string; stack?: string; name?: string } {
  if (value instanceof Error) {
    return {
      message: value.message || value.name || 'Error',
      ...(value.stack ? { stack: value.stack } : {}),
      name: value.name,
    };
  }
  if (typeof value === 'string') return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

/** Builds the report for one error; exported for tests. */
export function buildReport(
  kind: 'error' | 'unhandledrejection',
  value: unknown,
  where: { page: string; source?: string; line?: number; column?: number },
): ClientLogRequest {
  const { message, stack, name } = describe(value);
  const context: Record<string, unknown> = { kind, page: clip(where.page, 500) };
  if (name) context.name = name;
  if (where.source) context.source = clip(where.source, 500);
  if (where.line) context.line = where.line;
  if (where.column) context.column = where.column;
  if (stack) context.stack = clip(stack, STACK_MAX);
  const report: ClientLogRequest = {
    level: 'error',
    message: clip(message.trim() || 'Unknown error', CLIENT_LOG_MESSAGE_MAX),
    context,
  };
  // Escaping and multi-byte text can push a report past the limit: shed the bulk, keep the gist.
  if (byteSize(report) > BODY_BUDGET) delete context.stack;
  if (byteSize(report) > BODY_BUDGET) report.message = clip(report.message, 500);
  return report;
}

function postReport(report: ClientLogRequest): Promise<unknown> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  // The account is named when known; an expired token is simply ignored by the server.
  const access = cookieTokenStore.read().access;
  if (access) headers.Authorization = `Bearer ${access}`;
  // Plain fetch, not the API client: its error events would sign people out or show toasts.
  return fetch(apiPaths.logger.clientLog, {
    method: 'POST',
    headers,
    body: JSON.stringify(report),
    credentials: 'same-origin',
    // The report survives the page closing right after the error.
    keepalive: true,
  });
}

/** Starts reporting; returns the function that stops it. */
export function installErrorReporter(options: ReporterOptions = {}): () => void {
  const send = options.send ?? postReport;
  const target = options.target ?? window;
  const now = options.now ?? Date.now;
  const page = options.page ?? (() => window.location.pathname);
  const maxPerWindow = options.maxPerWindow ?? 5;
  const windowMs = options.windowMs ?? 60_000;

  let windowStart = -Infinity;
  let sentInWindow = 0;
  const recent = new Set<string>();
  let sending = 0;

  function report(build: () => ClientLogRequest): void {
    // An error thrown while a report is being handed over is the reporter's own: drop it.
    if (sending > 0) return;
    let body: ClientLogRequest;
    try {
      body = build();
    } catch {
      return;
    }
    const t = now();
    if (t - windowStart >= windowMs) {
      windowStart = t;
      sentInWindow = 0;
      recent.clear();
    }
    // The same error over and over says nothing new.
    if (recent.has(body.message) || sentInWindow >= maxPerWindow) return;
    recent.add(body.message);
    sentInWindow++;
    sending++;
    try {
      void send(body).catch(() => undefined);
    } catch {
      // A failing transport is never reported (that would loop).
    } finally {
      sending--;
    }
  }

  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    report(() =>
      buildReport('error', e.error ?? e.message, {
        page: page(),
        source: e.filename,
        line: e.lineno,
        column: e.colno,
      }),
    );
  };
  const onRejection = (event: Event) => {
    const reason = (event as PromiseRejectionEvent).reason;
    report(() => buildReport('unhandledrejection', reason, { page: page() }));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
