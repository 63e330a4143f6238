/** Formatting the page's figures: pure, no DOM (unit-tested without a browser). */

/**
 * Whole numbers with thousands separators (scores are integers). Not Intl:
 * the first Intl call loads ICU's locale data, a long task of its own on a
 * slow phone, and `toLocaleString` builds a formatter per call.
 */
export const formatNumber = (n: number) => {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
};

/** A span of seconds in the largest whole unit that fits: "45 s", "12 min", "3 h", "2 d" (never negative). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** A number to a tenth, with thousands separated: "12.5", "1,024", "-0.3" (a whole number has no ".0"). */
export function formatTenths(n: number): string {
  const tenths = Math.round(Math.abs(n) * 10);
  const text = `${formatNumber(Math.floor(tenths / 10))}${tenths % 10 === 0 ? '' : `.${tenths % 10}`}`;
  return n < 0 && tenths > 0 ? `-${text}` : text;
}

/** A share (0 to 1) as a percentage to a tenth: 0.995 is "99.5 %", never rounded up to 100; null is "–". */
export const formatShare = (share: number | null) => (share === null ? '–' : `${formatTenths(share * 100)} %`);

/** A span of seconds to the minute, for a length that matters to the minute (an outage): "2 h 59 min", "12 min", "40 s". */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [hours, minutes] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  return hours > 0 ? `${hours} h ${minutes} min` : minutes > 0 ? `${minutes} min` : `${s} s`;
}

/** A red team beacon's state as the console and the red team's page say it: open, or closed and why. */
export const beaconStateText = (beacon: { state: 'open' | 'closed'; closed_reason: string | null; voided: boolean }) =>
  beacon.state === 'open' ? 'open' : `closed (${(beacon.closed_reason ?? 'closed').replace('_', ' ')}${beacon.voided ? ', voided' : ''})`;
