import { destination as fileDestination, pino, type DestinationStream } from 'pino';
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

/** Above this many characters waiting, the lines go at once rather than at the turn's end. */
const BATCH_CHARACTERS = 64 * 1024;

/**
 * Log lines kept in memory and written together, in the order given, once per turn of
 * the event loop (one write for every line of the turn, not one per line), or at once
 * past 64 Ki characters. The process's exit (process.exit, the end of a clean stop, an
 * uncaught error) writes what is left before it ends; only a kill that gives the process
 * no last word (SIGKILL, or a signal it does not handle) loses the lines of the turn
 * under way (docs/decisions/0038-per-request-work.md).
 */
/** Every writer still open, for `flushLogs`. */
const open = new Set<LineWriter>();

/**
 * Writes every line still waiting, now: for a process about to end without its exit
 * handlers (the crash points' SIGKILL, server/crash-point.ts).
 */
export function flushLogs(): void {
  for (const writer of open) writer.flushSync();
}

export class LineWriter implements DestinationStream {
  #pending: string[] = [];
  #characters = 0;
  #scheduled = false;
  readonly #sink: { write(text: string): unknown };

  /** `sink` takes the lines synchronously (by default standard output, pino's sync destination). */
  constructor(sink?: { write(text: string): unknown }) {
    this.#sink = sink ?? fileDestination({ dest: 1, sync: true });
    process.on('exit', this.flushSync);
    open.add(this);
  }

  write(line: string): void {
    this.#pending.push(line);
    this.#characters += line.length;
    if (this.#characters >= BATCH_CHARACTERS) this.flushSync();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#turnEnd);
    }
  }

  /** Writes every line waiting, now. */
  readonly flushSync = (): void => {
    if (this.#pending.length === 0) return;
    const text = this.#pending.length === 1 ? this.#pending[0]! : this.#pending.join('');
    this.#pending = [];
    this.#characters = 0;
    this.#sink.write(text);
  };

  /** No longer writes at the process's exit (what waits is written now). */
  close(): void {
    this.flushSync();
    process.off('exit', this.flushSync);
    open.delete(this);
  }

  readonly #turnEnd = (): void => {
    this.#scheduled = false;
    this.flushSync();
  };
}

/** The fields last vouched for, until they are written: see {@link vouched}. */
let vouchedFields: LogFields | undefined;

/**
 * Marks fields that cannot hold anything personal (a method, which Node's parser takes
 * only from the standard list, a route pattern, a status, numbers, a sane request id),
 * which the JSON log then writes as they are, without stripping them or going through
 * pino: the request line, written once per request, costs one JSON.stringify. Only the
 * very next entry is vouched for, and only when it carries these very fields. The
 * request id is required, since vouched fields are written as given, without the id of
 * the request under way.
 */
export function vouched<T extends LogFields & { request_id: string }>(fields: T): T {
  vouchedFields = fields;
  return fields;
}

let stampedAt = Number.NaN;
let stamp = '';

/** pino's `,"time":"…"` (ISO 8601, UTC) for now, made once per millisecond. */
function isoTimestamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/**
 * The running server's logger: one JSON line per entry on standard output (pino, through
 * a LineWriter), with `level`, `time`, `msg`, the request id of the request or job under
 * way, and the fields stripped of personal data (contract/personal.ts) unless vouched for.
 */
export function jsonLogger(destination?: DestinationStream): Logger {
  const sink = destination ?? new LineWriter();
  const out = pino(
    {
      base: null,
      messageKey: 'msg',
      timestamp: isoTimestamp,
      formatters: { level: (label) => ({ level: label }) },
    },
    sink,
  );
  const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) => {
    const isVouched = fields !== undefined && fields === vouchedFields;
    vouchedFields = undefined;
    if (isVouched) {
      // The line pino writes for these fields: level, time, the fields in order, msg.
      const body = JSON.stringify(fields);
      sink.write(
        `{"level":"${level}"${isoTimestamp()},${body.slice(1, -1)},"msg":${JSON.stringify(message)}}\n`,
      );
      return;
    }
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
