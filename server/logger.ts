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

function line(message: string, fields: LogFields | undefined): string {
  if (fields === undefined) return message;
  const parts = Object.entries(fields).map(([key, value]) => {
    const shown = value instanceof Error ? (value.stack ?? value.message) : JSON.stringify(value);
    return `${key}=${shown}`;
  });
  return `${message} ${parts.join(' ')}`;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(line(message, fields)),
  warn: (message, fields) => console.warn(line(message, fields)),
  error: (message, fields) => console.error(line(message, fields)),
};

export type MemoryLogger = Logger & { entries: LogEntry[] };

export function memoryLogger(): MemoryLogger {
  const entries: LogEntry[] = [];
  const push = (level: LogEntry['level']) => (message: string, fields?: LogFields) => {
    entries.push({ level, message, fields: fields ?? {} });
  };
  return { entries, info: push('info'), warn: push('warn'), error: push('error') };
}
