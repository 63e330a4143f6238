/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger, one line
 * per event, always with the request id (and, from the endpoint wrapper, the
 * route and the caller's role). Secrets never reach a line: fields named like
 * credentials are dropped and token- or signature-shaped strings are masked,
 * whoever passes them.
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Where lines go; the local server prints them readably, tests may capture them. */
export const logSink = {
  write: (line: string) => process.stdout.write(`${line}\n`),
};

/** Field names that hold a credential (`token`, `adminToken`, `admin_token`, `authorization`, ...), not its public id (`tokenId`). */
const SECRET_FIELD = /^(authorization|token|secret|signature|password|x-amz-security-token)$|[_-](token|secret|signature)$|(Token|Secret|Signature)$|^secret/i;
const SECRET_TEXT = [/Bearer\s+\S+/gi, /ccdc_[0-9a-f]{8}_[\w-]{20,}/g, /ccdcb_[\w-]{20,}/g, /Signature=[0-9a-f]{16,}/gi, /AWS4-HMAC-SHA256\s+\S.*/g];

/** JSON.stringify replacer: drops credential fields, masks credential-shaped text anywhere. */
export function redact(key: string, value: unknown): unknown {
  if (key !== '' && SECRET_FIELD.test(key)) return undefined;
  if (typeof value === 'string') return SECRET_TEXT.reduce((text, pattern) => text.replace(pattern, '[redacted]'), value);
  return value;
}

/** Powertools' Logger, printing through `logSink` with our redaction instead of its own console. */
class SinkLogger extends PowertoolsLogger {
  protected override printLog(_level: number, log: LogItem): void {
    log.prepareForPrint();
    logSink.write(JSON.stringify(log.getAttributes(), redact));
  }
}

// One logger per process (module scope, like the DynamoDB client); a request's
// fields ride on each call, so concurrent local requests never share state.
// Its level is INFO; LOG_LEVEL=silent is read on each call (tests flip it).
const root = new SinkLogger({ serviceName: 'scoring', logLevel: 'INFO' });

export function createLogger(base: LogFields): Logger {
  const emit = (level: 'info' | 'warn' | 'error', message: string, fields?: LogFields) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    root[level](message, { ...base, ...fields });
  };
  return {
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  };
}

export function describeError(error: unknown): LogFields {
  if (error instanceof Error) return { error: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}

/**
 * The same line for a person at a terminal (the local server):
 * `12:00:01 INFO  request GetTeam 200 3ms method=GET path=/api/v1/teams/1 ...`.
 */
export function readableLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { level, message, timestamp, service: _service, sampling_rate: _rate, xray_trace_id: _trace, requestId, ...rest } = record;
  const time = typeof timestamp === 'string' ? timestamp.slice(11, 19) : '';
  const extras = Object.entries(rest)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? oneLine(key, value) : JSON.stringify(value)}`);
  const id = typeof requestId === 'string' ? ` [${requestId.slice(0, 8)}]` : '';
  return `${time} ${String(level ?? '').padEnd(5)} ${String(message ?? '')}${id} ${extras.join(' ')}`.trimEnd();
}

/** A field as one line: a stack by its first frame (the JSON line keeps it whole), other text with its line breaks escaped. */
function oneLine(key: string, value: string): string {
  // Line by line: a pattern whose leading \s may span line breaks takes quadratic time on a message of many.
  if (key === 'stack')
    return (
      value
        .split('\n')
        .find((line) => /^[ \t]+at /.test(line))
        ?.trim() ?? value.split('\n')[0]!
    );
  return value.replace(/\r?\n/g, '\\n');
}
