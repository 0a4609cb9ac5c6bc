import {
  destination as fileDestination,
  pino,
  stdTimeFunctions,
  type DestinationStream,
} from 'pino';
import { stripPersonal, stripText } from '../contract/personal.ts';
import { currentRequestId } from './request-context.ts';

/**
 * The server's only way to report. Tests pass a memory logger so expected failures
 * neither reach console.error (which fails a test) nor vanish unchecked.
 */
export type LogFields = Record<string, unknown>;

export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

export type LogEntry = { level: 'info' | 'warn' | 'error'; message: string; fields: LogFields };

/**
 * The running server's logger: one JSON line per entry on standard output (pino), with
 * `level`, `time`, `msg`, the request id of the request or job under way, and the fields
 * stripped of personal data (contract/personal.ts).
 */
export function jsonLogger(destination?: DestinationStream): Logger {
  const out = pino(
    {
      base: null,
      messageKey: 'msg',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Written as it comes, as console.log did: a line before a crash is not lost.
    destination ?? fileDestination({ dest: 1, sync: true }),
  );
  const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) => {
    // The id is the server's own or a sane client's (server/request-context.ts): kept as is.
    const { request_id: given, ...rest } = fields ?? {};
    const requestId = typeof given === 'string' ? given : currentRequestId();
    const safe = stripPersonal(rest) as LogFields;
    out[level]({ ...(requestId ? { request_id: requestId } : {}), ...safe }, stripText(message));
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

export type MemoryLogger = Logger & { entries: LogEntry[] };

export function memoryLogger(): MemoryLogger {
  const entries: LogEntry[] = [];
  const push = (level: LogEntry['level']) => (message: string, fields?: LogFields) => {
    entries.push({ level, message, fields: fields ?? {} });
  };
  return { entries, info: push('info'), warn: push('warn'), error: push('error') };
}
