import { h, scrollRegion } from '../dom';

/**
 * A console list: a table with its caption (for screen readers), its column
 * headers and its rows, in a focusable region that scrolls on its own.
 */
export function listTable(spec: { className: string; caption: string; region: string; headers: string[] }, rows: HTMLElement[]): HTMLElement {
  const table = h(
    'table',
    { class: spec.className },
    h('caption', { class: 'visually-hidden' }, spec.caption),
    h('thead', {}, h('tr', {}, ...spec.headers.map((label) => h('th', { scope: 'col' }, label)))),
    h('tbody', {}, ...rows),
  );
  return scrollRegion(spec.region, table);
}
