import * as v from 'valibot';
import type { FieldError } from '#shared/http/problem';

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Validate with a valibot schema, reporting every problem with its dotted path. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, errors: result.issues.map(toFieldError) };
}

function toFieldError(issue: v.BaseIssue<unknown>): FieldError {
  const path = v.getDotPath(issue) ?? '';
  // valibot's message for an unknown key in a strict object names the expected `never`.
  if (issue.kind === 'schema' && issue.expected === 'never' && issue.path) {
    return { path, message: 'is not a known field' };
  }
  return { path, message: issue.message };
}

/** ISO 8601 in UTC with a Z; stored and returned without fractional seconds. */
export const Timestamp = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'must be an ISO 8601 UTC time such as 2026-11-22T10:15:00Z'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a real date and time'),
  v.transform((s: string) => formatTimestamp(s)),
);

export function formatTimestamp(time: string | number | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const PositiveInt = v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'));

/** A positive integer as written in a path or a query: digits only, no sign, no leading zero. */
const POSITIVE_INT_TEXT = /^[1-9]\d{0,14}$/;

/** A positive integer from a path or query string; anything else is `undefined`. */
export function positiveIntFrom(text: string | undefined): number | undefined {
  if (text === undefined || !POSITIVE_INT_TEXT.test(text)) return undefined;
  return Number(text);
}

/** A query parameter that must be a positive integer, as a number. */
export const PositiveIntParam = v.pipe(v.string(), v.regex(POSITIVE_INT_TEXT, 'must be a positive integer'), v.transform(Number));
