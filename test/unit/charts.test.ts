/**
 * The charts drawn without a DOM (web/src/charts.ts), as the pages and Node's reports share them: their
 * markup is read back by a strict little XML reader, so what is checked is what a browser would parse.
 */
import { describe, expect, it } from 'vitest';
import { barChart, lineChart, svgMarkup, type SvgNode } from '../../web/src/charts';

interface Parsed {
  tag: string;
  attributes: Record<string, string>;
  children: (Parsed | string)[];
}

const NAME = '[A-Za-z][\\w.:-]*';
/** Text or an attribute value: no raw markup character, only the five entities the renderer writes. */
const ESCAPED = /^(?:[^&<>"']|&(?:amp|lt|gt|quot|#39);)*$/;
const DECODE: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => DECODE[e]!);

/** Reads well-formed markup of one root element, or throws: tags must nest, attributes be quoted and unique, text escaped. */
function parseXml(markup: string): Parsed {
  const token = new RegExp(`<(${NAME})((?:\\s+${NAME}="[^"]*")*)\\s*(/?)>|</(${NAME})>|([^<]+)`, 'y');
  const root: Parsed = { tag: '', attributes: {}, children: [] };
  const open: Parsed[] = [root];
  let at = 0;
  while (at < markup.length) {
    token.lastIndex = at;
    const match = token.exec(markup);
    if (!match) throw new Error(`Not well-formed at ${at}: ${markup.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, tag, attributeText, selfClosing, closing, text] = match;
    const parent = open[open.length - 1]!;
    if (text !== undefined) {
      if (!ESCAPED.test(text)) throw new Error(`Unescaped text: ${text}`);
      parent.children.push(decode(text));
    } else if (closing !== undefined) {
      if (closing !== parent.tag) throw new Error(`</${closing}> closes <${parent.tag}>`);
      open.pop();
    } else {
      const element: Parsed = { tag: tag!, attributes: {}, children: [] };
      for (const [, name, value] of attributeText!.matchAll(new RegExp(`(${NAME})="([^"]*)"`, 'g'))) {
        if (name! in element.attributes) throw new Error(`Attribute ${name} twice`);
        if (!ESCAPED.test(value!)) throw new Error(`Unescaped attribute ${name}: ${value}`);
        element.attributes[name!] = decode(value!);
      }
      parent.children.push(element);
      if (!selfClosing) open.push(element);
    }
  }
  if (open.length !== 1) throw new Error(`<${open[open.length - 1]!.tag}> not closed`);
  const [only, ...rest] = root.children;
  if (typeof only !== 'object' || rest.length > 0) throw new Error('Not a single root element');
  return only;
}

function all(node: Parsed, tag: string): Parsed[] {
  return node.children.flatMap((child) => (typeof child === 'string' ? [] : [...(child.tag === tag ? [child] : []), ...all(child, tag)]));
}

const textOf = (node: Parsed) => node.children.filter((c): c is string => typeof c === 'string').join('');

const HOSTILE = `<script>&"'`;

describe('barChart', () => {
  const bars = [
    { label: 'Red Rangers', value: 1200 },
    { label: 'Blue', value: 600 },
    { label: 'Green', value: 300 },
    { label: 'Zero', value: 0 },
  ];

  it('is an SVG image with its accessible name, a bar per entry, widths in proportion to the values', () => {
    // Node, not a browser: the renderer must not need a DOM.
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const svg = parseXml(svgMarkup(barChart('Total score of each team', bars)));
    expect(svg.tag).toBe('svg');
    expect(svg.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'chart bar-chart',
      role: 'img',
      'aria-label': 'Total score of each team',
      viewBox: `0 0 640 ${bars.length * 22 + 4}`,
    });
    const rects = all(svg, 'rect');
    expect(rects).toHaveLength(bars.length);
    expect(rects.every((r) => r.attributes.class === 'bar')).toBe(true);
    const widths = rects.map((r) => Number(r.attributes.width));
    // The largest value fills the plot (640 wide less 190 for labels and 70 for the figures).
    expect(widths[0]).toBe(380);
    bars.forEach((bar, i) => expect(widths[i]).toBeCloseTo((bar.value / 1200) * 380, 1));
    const labels = all(svg, 'text').filter((t) => t.attributes.class === 'chart-label');
    expect(labels.map(textOf)).toEqual(bars.map((b) => b.label));
    const figures = all(svg, 'text').filter((t) => t.attributes.class === 'chart-value');
    expect(figures.map(textOf)).toEqual(['1,200', '600', '300', '0']);
  });

  it('writes a hostile label and title only escaped', () => {
    const markup = svgMarkup(barChart(HOSTILE, [{ label: HOSTILE, value: 5 }]));
    expect(markup).not.toContain('<script');
    expect(markup).toContain('>&lt;script&gt;&amp;&quot;&#39;</text>');
    expect(markup).toContain('aria-label="&lt;script&gt;&amp;&quot;&#39;"');
    const svg = parseXml(markup);
    expect(svg.attributes['aria-label']).toBe(HOSTILE);
    expect(textOf(all(svg, 'text')[0]!)).toBe(HOSTILE);
  });

  it('cuts a label longer than 26 characters to 25 and an ellipsis, by characters, not UTF-16 units', () => {
    const long = 'A team name far too long for the chart';
    const exact = 'x'.repeat(26);
    const emoji = '🛡️'.repeat(20);
    const svg = parseXml(
      svgMarkup(
        barChart(
          't',
          [long, exact, emoji].map((label) => ({ label, value: 1 })),
        ),
      ),
    );
    const labels = all(svg, 'text')
      .filter((t) => t.attributes.class === 'chart-label')
      .map(textOf);
    expect(labels[0]).toBe(`${long.slice(0, 25)}…`);
    expect(labels[1]).toBe(exact);
    expect(Array.from(labels[2]!)).toHaveLength(26);
    expect(labels[2]).toMatch(/…$/);
    expect(labels[2]).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('writes characters XML forbids as U+FFFD, so the markup stays well-formed', () => {
    const svg = parseXml(svgMarkup(barChart('t', [{ label: 'a\u0000b\u001bc\uD800d', value: 1 }])));
    expect(textOf(all(svg, 'text')[0]!)).toBe('a\uFFFDb\uFFFDc\uFFFDd');
  });
});

describe('lineChart', () => {
  const times = ['2025-03-01T10:00:00Z', '2025-03-01T10:01:00Z', '2025-03-01T10:02:00Z', '2025-03-01T10:03:00Z'];
  const lines = [
    { label: 'Red', colour: '#1f77b4', values: [0, 100, 200, 300] },
    { label: 'Blue', colour: '#d62728', values: [null, 50, null, 150] },
    { label: 'Late', colour: '#2ca02c', values: [null, null, null, 40] },
  ];

  it('draws a polyline per line, a point per value present, and the first and last times', () => {
    const svg = parseXml(svgMarkup(lineChart('Total score over time', times, lines)));
    expect(svg.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'chart line-chart',
      role: 'img',
      'aria-label': 'Total score over time',
      viewBox: '0 0 800 360',
    });
    const polylines = all(svg, 'polyline');
    expect(polylines.map((p) => p.attributes.stroke)).toEqual(lines.map((l) => l.colour));
    const points = polylines.map((p) => p.attributes.points!.split(' '));
    expect(points[0]).toHaveLength(4);
    expect(points[1]).toHaveLength(2);
    // One point is written twice: a polyline needs two.
    expect(points[2]).toEqual([points[2]![0], points[2]![0]]);
    for (const point of points.flat()) expect(point).toMatch(/^\d+(\.\d)?,\d+(\.\d)?$/);
    // The first line spans the plot, left (x 64) to right (800 - 16), bottom (360 - 36) to top (12).
    expect(points[0]![0]).toBe('64.0,324.0');
    expect(points[0]![3]).toBe('784.0,12.0');
    const ticks = all(svg, 'text').map(textOf);
    expect(ticks).toContain('10:00 UTC');
    expect(ticks).toContain('10:03 UTC');
    expect(all(svg, 'line')).toHaveLength(5);
  });

  it('writes a hostile title only escaped, and draws no data with no times', () => {
    const markup = svgMarkup(lineChart(HOSTILE, [], []));
    expect(markup).not.toContain('<script');
    const svg = parseXml(markup);
    expect(svg.attributes['aria-label']).toBe(HOSTILE);
    expect(all(svg, 'polyline')).toHaveLength(0);
  });
});

describe('svgMarkup', () => {
  it('is checked by a reader that refuses what is not well-formed', () => {
    for (const bad of ['<svg><text>a&b</text></svg>', '<svg><text>a<b</text></svg>', '<svg x=1/>', '<svg><g></svg>', '<svg/><svg/>']) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });

  it('puts the namespace on the root only and closes empty elements', () => {
    const chart: SvgNode = {
      tag: 'svg',
      attributes: { viewBox: '0 0 1 1' },
      children: [{ tag: 'g', attributes: {}, children: [{ tag: 'rect', attributes: { width: 1 }, children: [] }] }],
    };
    expect(svgMarkup(chart)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g><rect width="1"/></g></svg>');
  });

  it('refuses a tag or attribute name that is not a name (they come from code, never from data)', () => {
    expect(() => svgMarkup({ tag: 'svg', attributes: { 'x onload="alert(1)"': 1 }, children: [] })).toThrow(/Not a markup name/);
    expect(() => svgMarkup({ tag: 'svg', attributes: {}, children: [{ tag: 'script>', attributes: {}, children: [] }] })).toThrow(/Not a markup name/);
  });
});
