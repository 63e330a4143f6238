import * as v from 'valibot';

/**
 * Host names and labels as a zone file accepts them. Deliberately narrower
 * than DNS allows (no underscores, no escapes, ASCII only): whatever passes
 * here can be written into a zone file verbatim without changing its meaning.
 */
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

export function isLabel(text: string): boolean {
  return LABEL.test(text);
}

/** One or more labels joined by dots, optionally fully qualified (trailing dot), at most 253 characters. */
export function isHostName(text: string): boolean {
  const bare = text.endsWith('.') ? text.slice(0, -1) : text;
  if (bare.length === 0 || bare.length > 253) return false;
  return bare.split('.').every(isLabel);
}

/**
 * A host name field: checked as written, then stored lower-case. Checking
 * first matters: `toLowerCase` maps some non-ASCII letters to ASCII (the
 * Kelvin sign becomes `k`), which must not sneak past the ASCII rule.
 */
export const HostNameSchema = v.pipe(
  v.string(),
  v.check(isHostName, 'must be a host name: labels of letters, digits and hyphens joined by dots'),
  v.toLowerCase(),
);

/** A host name that is not fully qualified (no trailing dot), such as a team's zone. */
export const RelativeHostNameSchema = v.pipe(
  v.string(),
  v.check((s) => isHostName(s) && !s.endsWith('.'), 'must be a host name without a trailing dot, e.g. team1.example.org'),
  v.toLowerCase(),
);
