/**
 * Markdown as DOM nodes (the subset markdown-parse.ts reads): only elements
 * and text nodes, never markup; a link opens in a new tab with no referrer.
 */
import { h } from './dom';
import { parseMarkdown, type Block, type Span } from './markdown-parse';

function spanNodes(spans: Span[]): Node[] {
  return spans.map((span) => {
    if ('text' in span) return document.createTextNode(span.text);
    if ('code' in span) return h('code', {}, span.code);
    if ('strong' in span) return h('strong', {}, ...spanNodes(span.strong));
    if ('em' in span) return h('em', {}, ...spanNodes(span.em));
    return h('a', { href: span.href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...spanNodes(span.link));
  });
}

function blockNode(block: Block, headingBase: number): Node {
  if ('heading' in block) {
    const level = Math.min(6, block.heading + headingBase - 1) as 1 | 2 | 3 | 4 | 5 | 6;
    return h(`h${level}`, {}, ...spanNodes(block.spans));
  }
  if ('paragraph' in block) return h('p', {}, ...block.paragraph.flatMap((line, index) => [...(index > 0 ? [h('br')] : []), ...spanNodes(line)]));
  if ('list' in block) return h(block.list, {}, ...block.items.map((item) => h('li', {}, ...spanNodes(item))));
  if ('code' in block) return h('pre', {}, h('code', {}, block.code));
  return h('blockquote', {}, ...block.quote.map((inner) => blockNode(inner, headingBase)));
}

/**
 * A text's Markdown as DOM nodes in a `div.markdown`; its headings start at
 * `headingBase` (h4 inside a card whose title is an h3), so a text never
 * breaks the page's outline.
 */
export function renderMarkdown(text: string, headingBase = 4): HTMLElement {
  return h('div', { class: 'markdown' }, ...parseMarkdown(text).map((block) => blockNode(block, headingBase)));
}
