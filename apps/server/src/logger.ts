// pino settings: readable lines on a terminal, JSON otherwise; seat tokens never reach the log.
import type { FastifyServerOptions } from 'fastify';

import type { Config } from './config.js';

/** Paths pino replaces with "[redacted]" wherever they appear. */
export const REDACTED_PATHS = [
  'token',
  '*.token',
  'seat.token',
  '*.seat.token',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** The logger options of the Fastify app. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
