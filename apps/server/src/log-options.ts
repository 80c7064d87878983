import { createRequire } from 'node:module';
import type PinoPrettyModule from 'pino-pretty';
import type { Config } from './config/config';

// Loaded only for the readable format: a JSON process (PostgreSQL, production) never needs it.
const require = createRequire(import.meta.url);

/**
 * Pino's level and, for the readable format, the stream that turns each JSON line into a line of
 * text. Written synchronously: the embedded default logs little (warnings and errors), and a
 * message printed just before a crash must not be lost.
 */
export function logOptions(
  config: Config,
  destination: number | NodeJS.WritableStream = 1,
): { level: string; stream?: NodeJS.WritableStream } {
  const { level, format } = config.log;
  if (format === 'json') return { level };
  const PinoPretty = require('pino-pretty') as typeof PinoPrettyModule;
  return {
    level,
    stream: PinoPretty({
      destination,
      sync: true,
      colorize: typeof destination === 'number' && process.stdout.isTTY,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    }),
  };
}
