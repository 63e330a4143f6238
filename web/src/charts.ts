/**
 * Two small charts drawn as SVG by hand (a chart library would weigh more
 * than the whole page). They are pictures of numbers the page also shows as
 * text, so screen readers get a label and the table, not the shapes.
 */
import { formatNumber, h, s } from './dom';

export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

export function barChart(title: string, bars: { label: string; value: number }[]): HTMLElement {
  const rowHeight = 22;
  const labelWidth = 190;
  const width = 640;
  const height = Math.max(1, bars.length) * rowHeight + 4;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const chartWidth = width - labelWidth - 70;
  const svg = s('svg', { class: 'chart bar-chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title, preserveAspectRatio: 'xMinYMin meet' });
  bars.forEach((bar, index) => {
    const y = index * rowHeight + 2;
    const barWidth = Math.max(0, (bar.value / max) * chartWidth);
    const label = bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label;
    svg.append(
      s('text', { x: labelWidth - 8, y: y + 15, 'text-anchor': 'end', class: 'chart-label' }, label),
      s('rect', { x: labelWidth, y: y + 3, width: barWidth.toFixed(1), height: rowHeight - 6, rx: 2, class: 'bar' }),
      s('text', { x: labelWidth + barWidth + 6, y: y + 15, class: 'chart-value' }, formatNumber(bar.value)),
    );
  });
  return h('figure', { class: 'chart-figure' }, svg, h('figcaption', {}, title));
}

export interface Line {
  label: string;
  colour: string;
  values: (number | null)[];
}

export function lineChart(title: string, times: string[], lines: Line[]): HTMLElement {
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

  const svg = s('svg', { class: 'chart line-chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title });
  for (let i = 0; i <= 4; i++) {
    const value = bottom + ((top - bottom) * i) / 4;
    svg.append(
      s('line', { x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value), class: 'grid' }),
      s('text', { x: pad.left - 6, y: y(value) + 4, 'text-anchor': 'end', class: 'chart-value' }, formatNumber(Math.round(value))),
    );
  }
  if (times.length) {
    const tick = (time: string, anchor: string) =>
      s('text', { x: x(time), y: height - 12, 'text-anchor': anchor, class: 'chart-value' }, new Date(time).toISOString().slice(11, 16) + ' UTC');
    svg.append(tick(times[0]!, 'start'), tick(times[times.length - 1]!, 'end'));
  }
  for (const line of lines) {
    const points = line.values
      .map((value, i) => (value === null ? null : `${x(times[i]!).toFixed(1)},${y(value).toFixed(1)}`))
      .filter((p): p is string => p !== null);
    if (points.length === 1) points.push(points[0]!);
    svg.append(s('polyline', { points: points.join(' '), fill: 'none', stroke: line.colour, 'stroke-width': 2, class: 'series' }));
  }
  return h('figure', { class: 'chart-figure' }, svg, h('figcaption', {}, title));
}
