/**
 * Keeps a page following the API: polls every `everyMs` (a spectator's page
 * or a member's: #shared/api/polling.ts), pauses while the tab is hidden,
 * shows a banner and backs off when a poll fails, and says how fresh the
 * figures are. Whatever was drawn stays on screen.
 */

const MAX_BACKOFF_MS = 60_000;

/** Stops following: no poll starts after it; resolves once the poll under way (if any) has ended. */
export type StopFollowing = () => Promise<void>;

export function follow(refresh: () => Promise<void>, everyMs: number): StopFollowing {
  const banner = document.getElementById('banner')!;
  const live = document.getElementById('live')!;
  let lastSuccess = 0;
  let failures = 0;
  let timer: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const showAge = () => {
    if (document.hidden) live.textContent = 'Paused while this tab is hidden';
    else if (lastSuccess === 0) live.textContent = 'Connecting…';
    else live.textContent = `Live · updated ${Math.max(0, Math.round((Date.now() - lastSuccess) / 1000))} s ago`;
    live.classList.toggle('stale', failures > 0);
  };

  const schedule = (ms: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void tick(), ms);
  };

  const tick = () => {
    if (document.hidden || running || stopped) return running;
    running = poll();
    return running;
  };
  const poll = async () => {
    try {
      await refresh();
      lastSuccess = Date.now();
      failures = 0;
      banner.hidden = true;
      schedule(everyMs);
    } catch (error) {
      failures += 1;
      const wait = Math.min(MAX_BACKOFF_MS, everyMs * 2 ** (failures - 1));
      banner.textContent = `Could not reach the scoreboard (${error instanceof Error ? error.message : 'network error'}). Showing the last figures; retrying in ${Math.round(wait / 1000)} s.`;
      banner.hidden = false;
      schedule(wait);
    } finally {
      running = undefined;
      if (stopped) window.clearTimeout(timer);
      showAge();
    }
  };

  const onVisibility = () => {
    showAge();
    if (document.hidden) window.clearTimeout(timer);
    else void tick();
  };
  document.addEventListener('visibilitychange', onVisibility);
  const ages = window.setInterval(showAge, 1000);
  showAge();
  void tick();
  return async () => {
    stopped = true;
    window.clearTimeout(timer);
    window.clearInterval(ages);
    document.removeEventListener('visibilitychange', onVisibility);
    await running;
  };
}
