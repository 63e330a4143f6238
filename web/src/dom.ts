/**
 * Building the DOM from data. Strings from the API only ever become text
 * nodes or attribute values here — never markup.
 */
import type { MarkupNode, MarkupNode as SvgNode } from './markup';

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function s(tag: string, attributes: Attributes = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

/** A chart described by ./charts, as SVG elements: built node by node, so its labels stay text (no innerHTML). */
export function svgElement(node: SvgNode): SVGElement {
  return s(node.tag, node.attributes, ...node.children.map((child) => (typeof child === 'string' ? child : svgElement(child))));
}

/** A document described by ./markup (a debrief), as elements: HTML, with SVG where it holds a chart; text stays text. */
export function markupElement(node: MarkupNode): Element {
  if (node.tag === 'svg') return svgElement(node);
  const element = document.createElement(node.tag);
  setAttributes(element, node.attributes);
  append(
    element,
    node.children.map((child) => (typeof child === 'string' ? child : markupElement(child))),
  );
  return element;
}

function setAttributes(element: Element, attributes: Attributes): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
}

function append(element: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's content with new nodes in one step (no flash of empty content). */
export function replaceContent(target: Element, ...children: Child[]): void {
  const fragment = document.createDocumentFragment();
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    fragment.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  target.replaceChildren(fragment);
}

/** The small icons the page uses, drawn inline (no icon font, no request). */
export function icon(name: 'up' | 'down' | 'unscanned' | 'trophy'): SVGElement {
  const paths = {
    up: 'M3 8.5l3.2 3.2L13 5',
    down: 'M4 4l8 8M12 4l-8 8',
    unscanned: 'M3 8h10',
    trophy: 'M5 2h6v3a3 3 0 0 1-6 0zM8 8v3M5 14h6M5 3H2.5a2 2 0 0 0 2.5 3M11 3h2.5a2 2 0 0 1-2.5 3',
  } as const;
  return s(
    'svg',
    { class: `icon icon-${name}`, viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: paths[name], fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
  );
}

/**
 * A team's logo over a badge with its number, in a box of fixed size. The
 * image stays hidden until it has loaded, so the badge shows while it loads
 * and when it fails (a host that does not answer, a bad URL), and a failed
 * logo changes nothing on the page: no element removed, nothing laid out
 * again (a scoreboard of 100 teams with unreachable logos was laid out and
 * painted again for each failure).
 */
export function teamLogo(team: { logo: string; number: number }): HTMLElement {
  return fillLogo(h('span', { class: 'logo', 'aria-hidden': 'true' }), team);
}

let logoImage: HTMLImageElement | undefined;

function fillLogo(box: HTMLElement, team: { logo: string; number: number }): HTMLElement {
  box.textContent = String(team.number);
  if (/^https:\/\//i.test(team.logo)) {
    logoImage ??= h('img', { alt: '', width: 24, height: 24, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
    const image = logoImage.cloneNode() as HTMLImageElement;
    image.src = team.logo;
    image.addEventListener('load', () => image.classList.add('loaded'), { once: true });
    box.append(image);
  }
  return box;
}

let linkTemplate: HTMLElement | undefined;

/**
 * A link to a team's page with its logo, name and number. Cloned from one built once: a scoreboard has a
 * link per team, and the browser clones a subtree in one call, faster than building it element by element.
 */
export function teamLink(team: { id: number; name: string; number: number; logo: string }): HTMLElement {
  linkTemplate ??= h(
    'a',
    { class: 'team' },
    h('span', { class: 'logo', 'aria-hidden': 'true' }),
    h('span', { class: 'team-name' }),
    h('span', { class: 'team-number' }),
  );
  const link = linkTemplate.cloneNode(true) as HTMLElement;
  link.setAttribute('href', `/team.html?id=${team.id}`);
  const [logo, name, number] = link.children as unknown as [HTMLElement, HTMLElement, HTMLElement];
  fillLogo(logo, team);
  name.textContent = team.name;
  number.textContent = `#${team.number}`;
  return link;
}

export { formatNumber } from './format';

export function formatTime(iso: string | null): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';
}

/**
 * Said above the figures while the scoreboard freeze is in effect (the API's
 * `frozen`, `frozen_since`). The time is written out by hand: the first Intl
 * call is a long task of its own on a slow phone.
 */
export function frozenNotice(view: { frozen: boolean; frozen_since: string | null }): HTMLElement | null {
  if (!view.frozen || !view.frozen_since) return null;
  const since = view.frozen_since.replace('T', ' ').replace(/:\d\dZ$/, ' UTC');
  return h('p', { class: 'notice' }, `Scores frozen since ${since}: they stay as they were then until the organisers lift the freeze. Service status is live.`);
}

export function statCard(label: string, value: Child, detail?: Child): HTMLElement {
  return h(
    'div',
    { class: 'card' },
    h('p', { class: 'card-label' }, label),
    h('p', { class: 'card-value' }, value),
    detail ? h('p', { class: 'card-detail' }, detail) : null,
  );
}

/** A wide table in its own focusable, scrollable region, so the page never scrolls sideways. */
export function scrollRegion(label: string, table: HTMLTableElement): HTMLElement {
  return h('div', { class: 'scroll', role: 'region', 'aria-label': label, tabindex: 0 }, table);
}

/**
 * Runs `work` in a task of its own after the next frame is drawn, so what came before is laid out and painted
 * first (a frame's layout and paint run in one task; work queued in the same task would add to it). Hidden tabs
 * draw no frames: a timer stands in after 100 ms.
 */
export function afterNextFrame(work: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.setTimeout(work, 0);
  };
  requestAnimationFrame(go);
  window.setTimeout(go, 100);
}
