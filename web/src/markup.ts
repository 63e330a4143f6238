/**
 * Documents as plain data: an element is its tag, its attributes and its
 * children (elements or text). Pages turn them into DOM nodes (./dom) and Node
 * writes them out as markup (here), so a chart, or a whole debrief, is drawn
 * by one function for the page and for a file of its own. Tag and attribute
 * names come from code; text and attribute values from teams, escaped when
 * written out. No DOM here.
 */

/** An element as data. Text children are plain text, escaped only when written out. */
export interface MarkupNode {
  tag: string;
  attributes: Record<string, string | number>;
  children: (MarkupNode | string)[];
}

export const node = (tag: string, attributes: Record<string, string | number>, ...children: (MarkupNode | string)[]): MarkupNode => ({
  tag,
  attributes,
  children,
});

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Tag and attribute names come from code, never from data: anything else is a bug, refused rather than written out. */
const NAME = /^[A-Za-z][\w.:-]*$/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** HTML's void elements: written without an end tag. */
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'col', 'wbr']);

/**
 * Text and attribute values come from teams (their names are hostile input): the five markup characters are
 * escaped, and characters XML forbids (control characters, a lone surrogate) become U+FFFD, so the markup stays
 * well-formed both inside an HTML page and as an .svg file of its own.
 */
export function escapeText(value: string | number): string {
  return String(value)
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not a markup name: ${JSON.stringify(name)}`);
  return name;
}

const attributesOf = (attributes: Record<string, string | number>) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${checkName(name)}="${escapeText(value)}"`)
    .join('');

function svgOf(n: MarkupNode, attributes: Record<string, string | number>): string {
  const tag = checkName(n.tag);
  if (n.children.length === 0) return `<${tag}${attributesOf(attributes)}/>`;
  const children = n.children.map((child) => (typeof child === 'string' ? escapeText(child) : svgOf(child, child.attributes))).join('');
  return `<${tag}${attributesOf(attributes)}>${children}</${tag}>`;
}

/** A chart as SVG markup, for pages written by Node (reports); the root carries the SVG namespace, as a file of its own needs. */
export function svgMarkup(root: MarkupNode): string {
  return svgOf(root, { xmlns: SVG_NS, ...root.attributes });
}

/** HTML elements as markup: an `svg` element inside is written as SVG (./charts draws it). */
export function htmlMarkup(nodes: readonly (MarkupNode | string)[]): string {
  return nodes
    .map((n) => {
      if (typeof n === 'string') return escapeText(n);
      if (n.tag === 'svg') return svgMarkup(n);
      const tag = checkName(n.tag);
      if (VOID.has(tag)) return `<${tag}${attributesOf(n.attributes)}>`;
      return `<${tag}${attributesOf(n.attributes)}>${htmlMarkup(n.children)}</${tag}>`;
    })
    .join('');
}
