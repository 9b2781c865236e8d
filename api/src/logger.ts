/** pino JSON logger; every request line carries the request id (docs/ARCHITECTURE.md#conventions). */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
