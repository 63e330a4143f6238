/**
 * Two small charts drawn as SVG by hand (a chart library would weigh more
 * than the whole page). They are pictures of numbers the page also shows as
 * text, so screen readers get a label and the table, not the shapes.
 *
 * No DOM here: a chart is described as plain data (SvgNode, ./markup), which
 * the pages turn into elements (svgElement in ./dom) and Node writes out as
 * markup (svgMarkup) for reports, so every chart is drawn by this one file.
 */
import { formatNumber } from './format';

export type { MarkupNode as SvgNode } from './markup';
import { node, type MarkupNode as SvgNode } from './markup';

export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

/** Labels longer than this many characters are cut (counted in code points: a cut never splits an emoji's surrogate pair). */
const LABEL_CHARACTERS = 26;

function shortLabel(label: string): string {
  const characters = Array.from(label);
  return characters.length > LABEL_CHARACTERS ? `${characters.slice(0, LABEL_CHARACTERS - 1).join('')}…` : label;
}

/** A horizontal bar per entry, labelled on the left; `title` is the chart's accessible name (the caller shows it as a caption). */
export function barChart(title: string, bars: { label: string; value: number }[]): SvgNode {
  const rowHeight = 22;
  const labelWidth = 190;
  const width = 640;
  const height = Math.max(1, bars.length) * rowHeight + 4;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const chartWidth = width - labelWidth - 70;
  const svg = node('svg', {
    class: 'chart bar-chart',
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': title,
    preserveAspectRatio: 'xMinYMin meet',
  });
  bars.forEach((bar, index) => {
    const y = index * rowHeight + 2;
    const barWidth = Math.max(0, (bar.value / max) * chartWidth);
    svg.children.push(
      node('text', { x: labelWidth - 8, y: y + 15, 'text-anchor': 'end', class: 'chart-label' }, shortLabel(bar.label)),
      node('rect', { x: labelWidth, y: y + 3, width: barWidth.toFixed(1), height: rowHeight - 6, rx: 2, class: 'bar' }),
      node('text', { x: labelWidth + barWidth + 6, y: y + 15, class: 'chart-value' }, formatNumber(bar.value)),
    );
  });
  return svg;
}

export interface Line {
  label: string;
  colour: string;
  values: (number | null)[];
}

/** A line per team over `times` (a null value has no point: the line joins the values either side); `title` is the chart's accessible name (the caller shows it as a caption). */
export function lineChart(title: string, times: string[], lines: Line[]): SvgNode {
  const width = 800;
  const height = 360;
  const pad = { left: 64, right: 16, top: 12, bottom: 36 };
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const values = lines.flatMap((l) => l.values.filter((v): v is number => v !== null));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const start = times.length ? Date.parse(times[0]!) : 0;
  const end = times.length ? Date.parse(times[times.length - 1]!) : 1;
  const x = (time: string) => pad.left + (end === start ? plotWidth : ((Date.parse(time) - start) / (end - start)) * plotWidth);
  const y = (value: number) => pad.top + plotHeight - ((value - bottom) / (top - bottom)) * plotHeight;

  const svg = node('svg', { class: 'chart line-chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title });
  for (let i = 0; i <= 4; i++) {
    const value = bottom + ((top - bottom) * i) / 4;
    svg.children.push(
      node('line', { x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value), class: 'grid' }),
      node('text', { x: pad.left - 6, y: y(value) + 4, 'text-anchor': 'end', class: 'chart-value' }, formatNumber(Math.round(value))),
    );
  }
  if (times.length) {
    const tick = (time: string, anchor: string) =>
      node('text', { x: x(time), y: height - 12, 'text-anchor': anchor, class: 'chart-value' }, new Date(time).toISOString().slice(11, 16) + ' UTC');
    svg.children.push(tick(times[0]!, 'start'), tick(times[times.length - 1]!, 'end'));
  }
  for (const line of lines) {
    const points = line.values
      .map((value, i) => (value === null ? null : `${x(times[i]!).toFixed(1)},${y(value).toFixed(1)}`))
      .filter((p): p is string => p !== null);
    if (points.length === 1) points.push(points[0]!);
    svg.children.push(node('polyline', { points: points.join(' '), fill: 'none', stroke: line.colour, 'stroke-width': 2, class: 'series' }));
  }
  return svg;
}

export { svgMarkup } from './markup';
