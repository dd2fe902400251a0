import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

/** Pino's numeric levels, to tell whether a line would be written at all. */
export const PINO_LEVELS: Record<string, number | undefined> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (Fastify's `request.log`) that binds the request id only when a line is
 * written. Fastify made a pino child per request, its bindings serialized up front: ~2 % of the
 * server's busy CPU at 10,000 requests/s (bench/README.md, issue 11 item 2), for requests that
 * mostly write nothing (answers that went well are logged at debug). The child is made on the
 * first line at an enabled level, or when a caller asks for its own child or changes the level.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #parent: FastifyBaseLogger;
  #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  /** The logger a line at `level` goes to, or null when that level is off. */
  #at(level: Level): FastifyBaseLogger | null {
    const current = this.#child ?? this.#parent;
    if ((PINO_LEVELS[level] ?? 0) < (PINO_LEVELS[current.level] ?? 0)) return null;
    return this.#made();
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  /** Writes a line at `level` with the arguments as they came (object or message first). */
  #write(level: Level, args: unknown[]): void {
    const to = this.#at(level);
    // Pino's log methods are overloaded; the arguments go through untouched.
    if (to) (to[level] as unknown as (...line: unknown[]) => void).apply(to, args);
  }

  // Methods on the prototype, not arrow functions: nothing is made per request until a line is.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: the lazy logger above, unless a route asks for its own level or
 * serializers (then pino's child at once, as Fastify would make it).
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger, bindings);
}
