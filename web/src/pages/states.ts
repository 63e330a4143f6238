import type { Service } from '../api';
import { formatTime, h, icon } from '../dom';

export type ServiceState = 'up' | 'down' | 'unscanned';

/** The API's rule: up when the last scan earned the maximum, down when less, unscanned before any result. */
export function serviceState(service: Pick<Service, 'last_scan' | 'last_scan_time' | 'max_score'>): ServiceState {
  if (service.last_scan_time === null) return 'unscanned';
  return service.last_scan >= service.max_score ? 'up' : 'down';
}

export const STATE_TEXT: Record<ServiceState, string> = { up: 'Up', down: 'Down', unscanned: 'Not scanned' };

/** A service's state as a tag (icon and word), with its last scan's details as a tooltip when asked. */
export function stateTag(
  service: Pick<Service, 'subtype' | 'url' | 'port' | 'last_scan' | 'last_scan_time' | 'max_score' | 'last_scan_error'>,
  withTip: boolean,
): HTMLElement {
  const state = serviceState(service);
  const details = [
    `${service.subtype} at ${service.url}:${service.port}`,
    `last scan: ${formatTime(service.last_scan_time)}`,
    service.last_scan_time ? `score ${service.last_scan} of ${service.max_score}` : null,
    service.last_scan_error ? `error: ${service.last_scan_error}` : null,
  ].filter((d): d is string => d !== null);
  return h(
    'span',
    { class: `state state-${state}`, ...(withTip ? { tabindex: 0 } : {}) },
    icon(state),
    h('span', { class: 'state-text' }, STATE_TEXT[state]),
    withTip ? h('span', { class: 'tip', role: 'tooltip' }, details.join(' · ')) : null,
  );
}
