/**
 * What makes a JSON body acceptable beyond JSON.parse: UTF-8 and nothing
 * else (RFC 8259 §8.1), and no object with a key twice (§4 leaves the meaning
 * to the receiver; JSON.parse keeps the last, so a client and a proxy that
 * keeps the first would disagree about what was sent). Pure.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or undefined when they are not valid UTF-8 (instead of U+FFFD in their place). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The charset a Content-Type declares, lower-case (undefined: none declared). */
export function declaredCharset(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}

export const isUtf8Charset = (charset: string) => charset === 'utf-8' || charset === 'utf8';

/**
 * The path of the first key an object of `text` repeats (`a.b`, `items.2.name`),
 * compared after unescaping ("a" and "\u0061" are one key); undefined when
 * there is none. Call it on text JSON.parse took: on other text it may give
 * either (the parser's error is the one to report).
 */
export function firstDuplicateKey(text: string): string | undefined {
  // Iterative, with a stack of open containers: a 64 KiB body can nest 32 768 deep.
  const open: ({ kind: 'object'; path: string; keys: Set<string> } | { kind: 'array'; path: string; index: number })[] = [];
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const string = (): string | undefined => {
    const start = at;
    if (text[at] !== '"') return undefined;
    for (at++; at < text.length && text[at] !== '"'; at++) if (text[at] === '\\') at++;
    if (at >= text.length) return undefined;
    at++;
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return undefined;
    }
  };
  const join = (path: string, part: string | number) => (path ? `${path}.${part}` : String(part));
  let path = '';
  for (;;) {
    // A value starts here, at `path`.
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      space();
      if (c === '{' && text[at] !== '}') {
        const key = string();
        if (key === undefined) return undefined;
        open.push({ kind: 'object', path, keys: new Set([key]) });
        path = join(path, key);
        space();
        if (text[at++] !== ':') return undefined;
        continue;
      }
      if (c === '[' && text[at] !== ']') {
        open.push({ kind: 'array', path, index: 0 });
        path = join(path, 0);
        continue;
      }
      at++;
    } else if (c === '"') {
      if (string() === undefined) return undefined;
    } else {
      // A number, true, false or null: up to the next delimiter.
      const start = at;
      while (at < text.length && !',]} \t\n\r'.includes(text[at]!)) at++;
      if (at === start) return undefined;
    }
    // The value ended: close containers until one goes on.
    for (;;) {
      const container = open.at(-1);
      if (!container) return undefined;
      space();
      const next = text[at++];
      if (next === (container.kind === 'object' ? '}' : ']')) {
        open.pop();
        continue;
      }
      if (next !== ',') return undefined;
      space();
      if (container.kind === 'array') {
        path = join(container.path, ++container.index);
        break;
      }
      const key = string();
      if (key === undefined) return undefined;
      path = join(container.path, key);
      if (container.keys.has(key)) return path;
      container.keys.add(key);
      space();
      if (text[at++] !== ':') return undefined;
      break;
    }
  }
}
