import type { Service } from '../api';

export type ServiceState = 'up' | 'down' | 'unscanned';

/** The API's rule: up when the last scan earned the maximum, down when less, unscanned before any result. */
export function serviceState(service: Pick<Service, 'last_scan' | 'last_scan_time' | 'max_score'>): ServiceState {
  if (service.last_scan_time === null) return 'unscanned';
  return service.last_scan >= service.max_score ? 'up' : 'down';
}

export const STATE_TEXT: Record<ServiceState, string> = { up: 'Up', down: 'Down', unscanned: 'Not scanned' };
