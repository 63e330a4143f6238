/**
 * Structured JSON logs, one line per event, always with the request id.
 * Never pass tokens or request bodies holding secrets.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

type Level = 'INFO' | 'WARN' | 'ERROR';

/** Where lines go; the local server and tests may redirect them. */
export const logSink = {
  write: (line: string) => process.stdout.write(`${line}\n`),
};

export function createLogger(base: LogFields): Logger {
  const emit = (level: Level, message: string, fields?: LogFields) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    logSink.write(JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...fields }));
  };
  return {
    info: (message, fields) => emit('INFO', message, fields),
    warn: (message, fields) => emit('WARN', message, fields),
    error: (message, fields) => emit('ERROR', message, fields),
  };
}

export function describeError(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
