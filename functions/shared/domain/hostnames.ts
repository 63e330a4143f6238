/**
 * Host names and labels as a zone file accepts them. Deliberately narrower
 * than DNS allows (no underscores, no escapes, ASCII only): whatever passes
 * here can be written into a zone file verbatim without changing its meaning.
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function isLabel(text: string): boolean {
  return LABEL.test(text);
}

/** One or more labels joined by dots, optionally fully qualified (trailing dot), at most 253 characters. */
export function isHostName(text: string): boolean {
  const bare = text.endsWith('.') ? text.slice(0, -1) : text;
  if (bare.length === 0 || bare.length > 253) return false;
  return bare.split('.').every(isLabel);
}

/** Host name in the canonical lower-case form, for comparisons and storage. */
export function canonicalHostName(text: string): string {
  return text.toLowerCase();
}
