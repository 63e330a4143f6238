/**
 * Markdown as the pages show it (an inject's text, a revision request, a
 * grader's comment): a small subset, parsed here into blocks and spans
 * (pure: the unit tests read it), then built as DOM nodes with `h` by
 * markdown.ts. Nothing is ever parsed as HTML: `<b>` in a text shows as
 * `<b>`. Links go only to http, https and mailto addresses.
 *
 * Blocks: headings (`#` to `######`), paragraphs, `-`/`*` and `1.` lists,
 * fenced code (```), quotes (`>`). Spans: `code`, **strong**, *em* or
 * _em_, [text](url). A line break inside a paragraph is kept.
 */
export type Span = { text: string } | { code: string } | { strong: Span[] } | { em: Span[] } | { link: Span[]; href: string };

export type Block =
  { heading: number; spans: Span[] } | { paragraph: Span[][] } | { list: 'ul' | 'ol'; items: Span[][] } | { code: string } | { quote: Block[] };

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s{0,3}```/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/** The blocks of a text (its line ends may be CRLF). */
export function parseMarkdown(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]!); i++) code.push(lines[i]!);
      i++; // the closing fence (or the end)
      blocks.push({ code: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ heading: heading[1]!.length, spans: parseSpans(heading[2]!) });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) quoted.push(QUOTE.exec(lines[i]!)![1]!);
      blocks.push({ quote: parseMarkdown(quoted.join('\n')) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const kind = item[1] ? 'ul' : 'ol';
      const items: Span[][] = [];
      for (; i < lines.length; i++) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (next && (next[1] ? 'ul' : 'ol') === kind) items.push(parseSpans(next[3]!));
        else if (lines[i]!.trim() !== '' && /^\s{2,}/.test(lines[i]!) && items.length > 0) items[items.length - 1]!.push({ text: ` ${lines[i]!.trim()}` });
        else break;
      }
      blocks.push({ list: kind, items });
      continue;
    }
    const paragraph: Span[][] = [];
    for (; i < lines.length; i++) {
      const next = lines[i]!;
      if (next.trim() === '' || FENCE.test(next) || HEADING.test(next) || QUOTE.test(next) || LIST_ITEM.test(next)) break;
      paragraph.push(parseSpans(next.trim()));
    }
    blocks.push({ paragraph });
  }
  return blocks;
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:)[^\s<>"']+$/i;

/** The spans of one line: code first (nothing inside it is markup), then links, strong and emphasis. */
export function parseSpans(text: string): Span[] {
  const spans: Span[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') spans.push({ text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const code = /^`([^`]+)`/.exec(rest);
    if (code) {
      flush();
      spans.push({ code: code[1]! });
      i += code[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link && SAFE_LINK.test(link[2]!)) {
      flush();
      spans.push({ link: parseSpans(link[1]!), href: link[2]! });
      i += link[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)(.+?)(?<=\S)\1/.exec(rest);
    if (strong) {
      flush();
      spans.push({ strong: parseSpans(strong[2]!) });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)(.+?)(?<=\S)\1/.exec(rest);
    if (em && (em[1] === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      flush();
      spans.push({ em: parseSpans(em[2]!) });
      i += em[0].length;
      continue;
    }
    plain += text[i];
    i++;
  }
  flush();
  return spans;
}
