import type { PublicTopic } from '#shared/domain/public-topics';
import { listenForNudges, type PushListener } from './push';

/**
 * Keeps a page following the API, and says how fresh the figures are.
 * Whatever was drawn stays on screen.
 *
 * A spectator's page names the public topics it shows (`push`): it is then
 * nudged when one moves (decision 0086) and reads again at once, naming the
 * version it was nudged to, and asks nothing while nothing moves. While the
 * nudges cannot reach it (no socket, or it dropped), it polls every `everyMs`
 * and says "live (polling)"; it goes back to the nudges when the socket
 * returns, reading once to catch up. A signed-in page listens to the public
 * topics its figures move with, and polls all the same (`polls: 'always'`):
 * what is its own alone (a team's queues, the red team's findings) has no
 * topic, since a version per team on a public socket would tell every
 * spectator when that team got a grade, a finding or an announcement.
 * A hidden tab keeps neither socket nor polls. A read that fails shows a
 * banner and is tried again, backing off.
 */

const MAX_BACKOFF_MS = 60_000;

/** Stops following: no read starts after it; resolves once the read under way (if any) has ended. */
export type StopFollowing = () => Promise<void>;

/** Reads what the page shows; `nudged`: the version a nudge named, for the reads to ask for (`?v=`). */
export type Refresh = (nudged?: number) => Promise<void>;

export interface Push {
  topics: readonly PublicTopic[];
  /** `fallback` (a spectator's page): polls only while the nudges cannot reach it. `always`: a signed-in page's own data has no topic. */
  polls?: 'fallback' | 'always';
}

/**
 * What a signed-in page listens to: a member's services and scores, and the
 * red team's findings once the organisers approve them (a deduction), move
 * with the live topic; the rest of what it shows comes with its polls.
 */
export const SIGNED_IN_PUSH: Push = { topics: ['live'], polls: 'always' };

export function follow(refresh: Refresh, everyMs: number, push?: Push): StopFollowing {
  const banner = document.getElementById('banner')!;
  const live = document.getElementById('live')!;
  let lastSuccess = 0;
  let failures = 0;
  let timer: number | undefined;
  let running: Promise<void> | undefined;
  /** A nudge that came while a read was under way: read again after it, for that version. */
  let queued: number | undefined;
  let stopped = false;
  let pushed = false;
  const pollsAlways = push?.polls === 'always';

  const showAge = () => {
    const mode = pushed || !push || pollsAlways ? 'Live' : 'Live (polling)';
    if (document.hidden) live.textContent = 'Paused while this tab is hidden';
    else if (lastSuccess === 0) live.textContent = 'Connecting…';
    else live.textContent = `${mode} · updated ${Math.max(0, Math.round((Date.now() - lastSuccess) / 1000))} s ago`;
    live.classList.toggle('stale', failures > 0);
  };

  const schedule = (ms: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void read(), ms);
  };

  const read = (nudged?: number): Promise<void> | undefined => {
    if (document.hidden || stopped) return running;
    if (running) {
      queued = Math.max(queued ?? 0, nudged ?? 0);
      return running;
    }
    window.clearTimeout(timer);
    running = once(nudged);
    return running;
  };
  const once = async (nudged?: number) => {
    try {
      await refresh(nudged);
      lastSuccess = Date.now();
      failures = 0;
      banner.hidden = true;
      // On the nudges, nothing is asked until the next one; polling, the next poll.
      if (!pushed || pollsAlways) schedule(everyMs);
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
      if (queued !== undefined && !stopped) {
        const version = queued;
        queued = undefined;
        void read(version || undefined);
      }
    }
  };

  const listener: PushListener | undefined =
    push &&
    listenForNudges(push.topics, {
      onNudge: ({ version }) => void read(version),
      onLive: (now) => {
        pushed = now;
        showAge();
        // A page that polls anyway has nothing to catch up on, and its polls go on.
        if (pollsAlways) return;
        // Back on the nudges: one read for whatever moved meanwhile. Off them: poll from now.
        if (now) void read();
        else if (!running) schedule(0);
      },
    });

  // A page opened in a background tab listens from when it is first shown.
  if (document.hidden) listener?.pause();

  const onVisibility = () => {
    showAge();
    if (document.hidden) {
      window.clearTimeout(timer);
      listener?.pause();
    } else {
      listener?.resume();
      void read();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  const ages = window.setInterval(showAge, 1000);
  showAge();
  void read();
  return async () => {
    stopped = true;
    window.clearTimeout(timer);
    window.clearInterval(ages);
    listener?.stop();
    document.removeEventListener('visibilitychange', onVisibility);
    await running;
  };
}
