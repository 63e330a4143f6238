/**
 * Markdown as the pages show it (an inject's text, a revision request, a
 * grader's comment, a team's answer or report): a small subset, parsed here
 * into blocks and spans (pure: the unit tests read it), then built as DOM
 * nodes with `h` by markdown.ts. Nothing is ever parsed as HTML: `<b>` in a
 * text shows as `<b>`. Links go only to http, https and mailto addresses.
 *
 * Blocks: headings (`#` to `######`), paragraphs, `-`/`*` and `1.` lists,
 * fenced code (```), quotes (`>`). Spans: `code`, **strong**, *em* or
 * _em_, [text](url). A line break inside a paragraph is kept.
 *
 * A team writes what organisers read, so every step takes time linear in
 * the text: each line is classified by a fixed prefix test (no pattern that
 * can backtrack over the line), and spans find their closing marks through
 * tables of "the next one from here" built once per line, never by
 * scanning the rest of the line again from each position.
 */
export type Span = { text: string } | { code: string } | { strong: Span[] } | { em: Span[] } | { link: Span[]; href: string };

export type Block =
  { heading: number; spans: Span[] } | { paragraph: Span[][] } | { list: 'ul' | 'ol'; items: Span[][] } | { code: string } | { quote: Block[] };

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Up to three spaces of indent, as CommonMark allows before a block's mark: where the mark starts, or -1 past three. */
function markStart(line: string): number {
  let i = 0;
  while (i < 3 && isSpace(line[i])) i++;
  return isSpace(line[i]) ? -1 : i;
}

/** `-`, `*`, `+` or up to nine digits and `.`/`)`, then whitespace, then the item's text. */
function listItem(line: string): { kind: 'ul' | 'ol'; text: string } | undefined {
  const at = markStart(line);
  if (at < 0) return undefined;
  let i = at;
  let kind: 'ul' | 'ol';
  if (line[i] === '-' || line[i] === '*' || line[i] === '+') {
    kind = 'ul';
    i++;
  } else {
    while (i < line.length && i - at < 9 && line[i]! >= '0' && line[i]! <= '9') i++;
    if (i === at || (line[i] !== '.' && line[i] !== ')')) return undefined;
    kind = 'ol';
    i++;
  }
  if (!isSpace(line[i])) return undefined;
  while (isSpace(line[i])) i++;
  return { kind, text: line.slice(i) };
}

/** `#` to `######`, whitespace, the text; trailing whitespace and a closing run of `#` dropped. */
function heading(line: string): { level: number; text: string } | undefined {
  const at = markStart(line);
  if (at < 0) return undefined;
  let i = at;
  while (line[i] === '#' && i - at < 7) i++;
  const level = i - at;
  if (level < 1 || level > 6 || !isSpace(line[i])) return undefined;
  let end = line.length;
  while (end > i && isSpace(line[end - 1])) end--;
  while (end > i && line[end - 1] === '#') end--;
  while (end > i && isSpace(line[end - 1])) end--;
  let start = i;
  while (start < end && isSpace(line[start])) start++;
  return { level, text: line.slice(start, end) };
}

const isFence = (line: string) => {
  const at = markStart(line);
  return at >= 0 && line.startsWith('```', at);
};

/** A quote's line: `>`, one optional space, its text. */
function quoted(line: string): string | undefined {
  const at = markStart(line);
  if (at < 0 || line[at] !== '>') return undefined;
  return line.slice(isSpace(line[at + 1]) ? at + 2 : at + 1);
}

/** The blocks of a text (its line ends may be CRLF). */
export function parseMarkdown(text: string, depth = 0): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (isFence(line)) {
      const code: string[] = [];
      for (i++; i < lines.length && !isFence(lines[i]!); i++) code.push(lines[i]!);
      i++; // the closing fence (or the end)
      blocks.push({ code: code.join('\n') });
      continue;
    }
    const title = heading(line);
    if (title) {
      blocks.push({ heading: title.level, spans: parseSpans(title.text) });
      i++;
      continue;
    }
    // Quotes nest (`> > text`), each level a pass over fewer lines: a few levels, then the rest is text.
    if (quoted(line) !== undefined && depth < MAX_QUOTE_DEPTH) {
      const inner: string[] = [];
      for (let q = quoted(lines[i]!); i < lines.length && q !== undefined; q = quoted(lines[++i] ?? '')) inner.push(q);
      blocks.push({ quote: parseMarkdown(inner.join('\n'), depth + 1) });
      continue;
    }
    const item = listItem(line);
    if (item) {
      const items: Span[][] = [];
      for (; i < lines.length; i++) {
        const next = listItem(lines[i]!);
        if (next && next.kind === item.kind) items.push(parseSpans(next.text));
        else if (lines[i]!.trim() !== '' && isSpace(lines[i]![0]) && isSpace(lines[i]![1]) && items.length > 0)
          items[items.length - 1]!.push({ text: ` ${lines[i]!.trim()}` });
        else break;
      }
      blocks.push({ list: item.kind, items });
      continue;
    }
    const paragraph: Span[][] = [];
    for (; i < lines.length; i++) {
      const next = lines[i]!;
      if (next.trim() === '' || isFence(next) || heading(next) || (quoted(next) !== undefined && depth < MAX_QUOTE_DEPTH) || listItem(next)) break;
      paragraph.push(parseSpans(next.trim()));
    }
    blocks.push({ paragraph });
  }
  return blocks;
}

/** Quotes within quotes drawn as such; deeper, the marks are text. */
const MAX_QUOTE_DEPTH = 8;
/** Spans within spans (strong in a link in emphasis…) parsed as such; deeper, the rest is text. */
const MAX_SPAN_DEPTH = 4;

const SAFE_LINK = /^(?:https?:\/\/|mailto:)[^\s<>"']+$/i;
const isWordCharacter = (c: string | undefined) => c !== undefined && /\w/.test(c);

/**
 * For each position of a line, where the next position at or after it is
 * that passes `is` (or -1): built once from the end, read in O(1).
 */
function nextWhere(text: string, is: (i: number) => boolean): Int32Array {
  const next = new Int32Array(text.length + 2).fill(-1);
  for (let i = text.length - 1; i >= 0; i--) next[i] = is(i) ? i : next[i + 1]!;
  return next;
}

/** The tables one line's spans are found with. */
function marksOf(text: string) {
  // A closing mark: the mark, after a character that is not a space.
  const closesAfterNonSpace = (mark: string) => nextWhere(text, (j) => j > 0 && !isSpace(text[j - 1]) && text.startsWith(mark, j));
  return {
    backtick: nextWhere(text, (j) => text[j] === '`'),
    bracket: nextWhere(text, (j) => text[j] === ']'),
    paren: nextWhere(text, (j) => text[j] === ')'),
    space: nextWhere(text, (j) => isSpace(text[j])),
    '**': closesAfterNonSpace('**'),
    __: closesAfterNonSpace('__'),
    '*': closesAfterNonSpace('*'),
    _: closesAfterNonSpace('_'),
  };
}

/** The spans of one line: code first (nothing inside it is markup), then links, strong and emphasis. */
export function parseSpans(text: string, depth = 0): Span[] {
  if (depth >= MAX_SPAN_DEPTH) return text === '' ? [] : [{ text }];
  const marks = marksOf(text);
  const at = (table: Int32Array, i: number) => (i < text.length ? table[i]! : -1);
  // A link's address is checked once, whichever `[` before its `]` it follows (keyed by that `]`, where it starts).
  const safeAddress = new Map<number, boolean>();
  const spans: Span[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') spans.push({ text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      const close = at(marks.backtick, i + 1);
      if (close > i + 1) {
        flush();
        spans.push({ code: text.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = at(marks.bracket, i + 1);
      if (close > i + 1 && text[close + 1] === '(') {
        const end = at(marks.paren, close + 2);
        const space = at(marks.space, close + 2);
        if (end > close + 2 && (space < 0 || space > end)) {
          if (!safeAddress.has(close)) safeAddress.set(close, SAFE_LINK.test(text.slice(close + 2, end)));
          if (safeAddress.get(close)) {
            flush();
            spans.push({ link: parseSpans(text.slice(i + 1, close), depth + 1), href: text.slice(close + 2, end) });
            i = end + 1;
            continue;
          }
        }
      }
    }
    if ((c === '*' || c === '_') && text[i + 1] === c && i + 2 < text.length && !isSpace(text[i + 2])) {
      const close = at(marks[c === '*' ? '**' : '__'], i + 3);
      if (close > 0) {
        flush();
        spans.push({ strong: parseSpans(text.slice(i + 2, close), depth + 1) });
        i = close + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && i + 1 < text.length && !isSpace(text[i + 1]) && (c === '*' || !isWordCharacter(text[i - 1]))) {
      const close = at(marks[c], i + 2);
      if (close > 0) {
        flush();
        spans.push({ em: parseSpans(text.slice(i + 1, close), depth + 1) });
        i = close + 1;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return spans;
}
