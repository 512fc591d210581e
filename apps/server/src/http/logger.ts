// pino settings: readable lines on a terminal, JSON otherwise; seat tokens never reach the log.
import type { FastifyServerOptions } from 'fastify';

/** Paths pino replaces with "[redacted]" wherever they appear. */
const REDACTED_PATHS = [
  'token',
  '*.token',
  'seat.token',
  '*.seat.token',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** What the log needs from the settings. */
export interface LogSettings {
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly logFormat: 'pretty' | 'json';
}

/** The logger options of the Fastify app. */
export function loggerOptions(config: LogSettings): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** The part of a pino logger the throttle writes to. */
export interface LevelLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How many lines of one kind may be written a minute. */
const LINES_PER_MINUTE = 10;

/**
 * Writes each kind of line (by its message) at most ten times a minute, so no client and no failing disk can fill
 * the log; the first line after a suppressed spell says how many were left out.
 */
export class LogThrottle {
  readonly #kinds = new Map<string, { since: number; written: number; suppressed: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A client-caused problem: a line at warn level, without a stack. */
  warn(log: LevelLog, message: string, fields: object = {}): void {
    const suppressed = this.#admit(message);
    if (suppressed !== null) log.warn(suppressed ? { ...fields, suppressed } : fields, message);
  }

  /** A fault of the server or its storage: error level, with the error. */
  error(log: LevelLog, message: string, error: unknown): void {
    const suppressed = this.#admit(message);
    if (suppressed !== null) log.error(suppressed ? { err: error, suppressed } : { err: error }, message);
  }

  /** Null when the line is suppressed; otherwise how many were suppressed before it. */
  #admit(message: string): number | null {
    const now = this.#now();
    const kind = this.#kinds.get(message);
    if (!kind || now - kind.since >= 60_000) {
      const suppressed = kind?.suppressed ?? 0;
      this.#kinds.set(message, { since: now, written: 1, suppressed: 0 });
      return suppressed;
    }
    if (kind.written >= LINES_PER_MINUTE) {
      kind.suppressed++;
      return null;
    }
    kind.written++;
    return 0;
  }
}
