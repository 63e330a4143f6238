/** The pages' Markdown (web/src/markdown.ts): what it parses, and what it never lets through. */
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseSpans } from '../../web/src/markdown-parse';

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
