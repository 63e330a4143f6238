/** The pages' Markdown (web/src/markdown.ts): what it parses, and what it never lets through. */
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseSpans, type Block } from '../../web/src/markdown-parse';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs with their line breaks, lists, fenced code and quotes', () => {
    const text =
      '# The memo\r\n\nWrite **one page**\nfor the CEO.\n\n- every *rule*\n- `iptables -L`\n\n1. first\n2. second\n\n```\n<b>kept</b>\n```\n\n> quoted';
    expect(parseMarkdown(text)).toEqual([
      { heading: 1, spans: [{ text: 'The memo' }] },
      { paragraph: [[{ text: 'Write ' }, { strong: [{ text: 'one page' }] }], [{ text: 'for the CEO.' }]] },
      { list: 'ul', items: [[{ text: 'every ' }, { em: [{ text: 'rule' }] }], [{ code: 'iptables -L' }]] },
      { list: 'ol', items: [[{ text: 'first' }], [{ text: 'second' }]] },
      { code: '<b>kept</b>' },
      { quote: [{ paragraph: [[{ text: 'quoted' }]] }] },
    ]);
  });

  it('keeps HTML as text, and links only to http, https and mailto', () => {
    expect(parseSpans('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>' }]);
    expect(parseSpans('[the rules](https://example.com/rules) and [x](javascript:alert(1))')).toEqual([
      { link: [{ text: 'the rules' }], href: 'https://example.com/rules' },
      { text: ' and [x](javascript:alert(1))' },
    ]);
    expect(parseSpans('[x](data:text/html,hi)')).toEqual([{ text: '[x](data:text/html,hi)' }]);
  });

  it('leaves an underscore inside a word alone, and code untouched by emphasis', () => {
    expect(parseSpans('snake_case_name and `a *b* c`')).toEqual([{ text: 'snake_case_name and ' }, { code: 'a *b* c' }]);
  });
});

describe('hostile Markdown', () => {
  // The longest text a team or an organiser may send (an answer, a report, an inject), in the shapes that made the
  // old patterns backtrack or rescan the line from every position. Linear time parses each in milliseconds; the
  // deadline only proves it never takes seconds (the old heading pattern took over 20 s at 6 400 spaces).
  const MAX = 50_000;
  const hostile: [string, string][] = [
    ['a heading of spaces', `# a${' '.repeat(MAX - 4)}b`],
    ['a heading of spaces and hashes', `# ${' #'.repeat(MAX / 2 - 2)}x`],
    ['backticks never closed', '`a'.repeat(MAX / 2)],
    ['brackets never closed', '[a'.repeat(MAX / 2)],
    ['one link after many brackets', `${'['.repeat(MAX - 20)}a](http://x.y)`],
    ['strong never closed', '**a '.repeat(MAX / 4)],
    ['emphasis never closed', '*a _b '.repeat(MAX / 6)],
    ['closing marks after spaces', `*a${' *'.repeat(MAX / 2 - 2)}`],
    ['nested emphasis', `${'*_'.repeat(MAX / 4 - 1)}x${'_*'.repeat(MAX / 4 - 1)}`],
    ['quotes within quotes', `${'> '.repeat(MAX / 2 - 1)}x`],
    ['list items of spaces', `-${' '.repeat(MAX - 2)}x`],
    ['many short lines', '# a\n> b\n- c\n`d\n'.repeat(MAX / 16)],
  ];
  it.each(hostile)('parses %s at 50 000 characters at once', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(MAX);
    const started = performance.now();
    const blocks = parseMarkdown(text);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(blocks.length).toBeGreaterThan(0);
  });

  it('still reads a heading with closing hashes and spans within spans, and draws quotes eight deep at most', () => {
    expect(parseMarkdown('## Title ##   ')).toEqual([{ heading: 2, spans: [{ text: 'Title' }] }]);
    expect(parseMarkdown('#Title')).toEqual([{ paragraph: [[{ text: '#Title' }]] }]);
    // A refused address says nothing of a later link's.
    expect(parseSpans('[a](javascript:[b](http://x)')).toEqual([{ text: '[a](javascript:' }, { link: [{ text: 'b' }], href: 'http://x' }]);
    expect(parseSpans('**b [c *d*](http://e) f**')).toEqual([
      { strong: [{ text: 'b ' }, { link: [{ text: 'c ' }, { em: [{ text: 'd' }] }], href: 'http://e' }, { text: ' f' }] },
    ]);
    const deep = parseMarkdown(`${'> '.repeat(12)}x`);
    let depth = 0;
    for (let block: Block | undefined = deep[0]; block && 'quote' in block; block = block.quote[0]) depth++;
    expect(depth).toBe(8);
  });
});
