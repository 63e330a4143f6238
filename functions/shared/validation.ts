import * as v from 'valibot';

/** One field that failed validation: `path` is dotted (`settings.dns_ttl`, `records.0.name`). */
export interface FieldError {
  path: string;
  message: string;
}

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
  // valibot's own messages quote what they received ("… but received \"<value>\""): a string sent where it
  // does not belong may be a password, so a problem never repeats one.
  const received = issue.received;
  const message = received.startsWith('"') ? issue.message.split(received).join('a string') : issue.message;
  return { path, message };
}

/**
 * Input bounds: one rule per kind of value, shared by every route and by the
 * competition-file loader, so that nothing is accepted in one place and
 * refused (or stored wrongly) in another.
 */

/** The largest id or count anything accepts: a signed 32-bit integer, far past any event and exact in every language. */
export const INT_MAX = 2 ** 31 - 1;

/** ISO 8601 in UTC with a Z; stored and returned without fractional seconds. */
const TIMESTAMP_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?Z$/;

/**
 * Whether an RFC 3339 UTC time exists on the calendar: `Date.parse` would
 * read 2026-02-30 as March 2 and 24:00 as the next day.
 */
function onTheCalendar(text: string): boolean {
  const [, year, month, day, hour, minute, second] = TIMESTAMP_SHAPE.exec(text)!.map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

export const Timestamp = v.pipe(
  v.string(),
  v.regex(TIMESTAMP_SHAPE, 'must be an ISO 8601 UTC time such as 2026-11-22T10:15:00Z'),
  v.check(onTheCalendar, 'is not a real date and time'),
  v.transform((s: string) => formatTimestamp(s)),
);

export function formatTimestamp(time: string | number | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A whole number from `min` to `max` (at most INT_MAX): 1e300 or 2^53 is a 400, never a 500 from the database. */
export const BoundedInt = (min: number, max: number = INT_MAX) =>
  v.pipe(
    v.number('must be a number'),
    v.integer('must be an integer'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(Math.min(max, INT_MAX), `must be at most ${Math.min(max, INT_MAX)}`),
  );

export const PositiveInt = BoundedInt(1);

/** Bidirectional embeddings, overrides and isolates: they make text display other than it reads (U+202A–202E, U+2066–2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** Half of a UTF-16 pair without its other half: not a character, and invalid in UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0, DEL and C1: no line breaks or tabs in a name or a reason either. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/**
 * What shows nothing on screen: white space, format characters (zero-width
 * space, joiners, BOM, soft hyphen…) and the blank-looking fillers. Only used
 * to tell whether anything visible is left; joiners inside text stay.
 */
// U+034F (the combining grapheme joiner) is a combining mark: outside the class, where it stands for itself alone.
const INVISIBLE = /[\p{White_Space}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|\u034F/gu;

/**
 * Free text (names, reasons, error messages): trimmed, at most `max`
 * characters, no control characters, no lone surrogates, no bidirectional
 * controls, and something visible in it. Zero-width joiners (U+200C, U+200D),
 * which emoji and many scripts need, are allowed.
 */
export const FreeText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.check((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode (no lone surrogates)'),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'must not contain control characters (line breaks, tabs, NUL…)'),
    v.check((s) => !BIDI_CONTROLS.test(s), 'must not contain bidirectional control characters (U+202A–202E, U+2066–2069)'),
    v.check((s) => s.replace(INVISIBLE, '') !== '', 'must not be empty or only invisible characters'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

/** Control characters but the line feed and the tab: what a text of several lines may not hold. */
const CONTROL_BUT_LINES = /[^\P{Cc}\n\t]/u;

/**
 * A text of several lines (an inject's Markdown): FreeText's rules, but line
 * feeds and tabs are allowed (a CR LF becomes a line feed), at most `max`
 * characters.
 */
export const MultilineText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.transform((s: string) => s.replace(/\r\n/g, '\n').trim()),
    v.check((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode (no lone surrogates)'),
    v.check((s) => !CONTROL_BUT_LINES.test(s), 'must not contain control characters but line breaks and tabs'),
    v.check((s) => !BIDI_CONTROLS.test(s), 'must not contain bidirectional control characters (U+202A–202E, U+2066–2069)'),
    v.check((s) => s.replace(INVISIBLE, '') !== '', 'must not be empty or only invisible characters'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

/**
 * A password as typed: FreeText's rules without the trim (a space at either
 * end is part of a password), at most `max` characters.
 */
export const PasswordText = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.check((s) => !LONE_SURROGATE.test(s), 'must be valid Unicode (no lone surrogates)'),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'must not contain control characters (line breaks, tabs, NUL…)'),
    v.check((s) => !BIDI_CONTROLS.test(s), 'must not contain bidirectional control characters (U+202A–202E, U+2066–2069)'),
    v.check((s) => s.replace(INVISIBLE, '') !== '', 'must not be empty or only invisible characters'),
    v.maxLength(max, `must be at most ${max} characters`),
  );

/** A positive integer as written in a path or a query: digits only, no sign, no leading zero, at most INT_MAX. */
const POSITIVE_INT_TEXT = /^[1-9]\d{0,9}$/;

/** A positive integer from a path or query string; anything else is `undefined`. */
export function positiveIntFrom(text: string | undefined): number | undefined {
  if (text === undefined || !POSITIVE_INT_TEXT.test(text) || Number(text) > INT_MAX) return undefined;
  return Number(text);
}

/** A query parameter that must be a positive integer, as a number. */
export const PositiveIntParam = v.pipe(
  v.string(),
  v.check((s) => positiveIntFrom(s) !== undefined, `must be a positive integer up to ${INT_MAX}`),
  v.transform(Number),
);
