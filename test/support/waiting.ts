/**
 * The overview's counts of what waits (data/waiting.ts keeps them as markers,
 * written by each writer) against the queues the list routes compute from
 * the records themselves: the two must always agree.
 */
import { expect } from 'vitest';
import { invoke } from './invoke';

type Admin = Record<string, string>;

/** What each list route says waits: pending password changes, ungraded reports, findings to review, every inject's grading queue. */
export async function waitingAsListed(admin: Admin) {
  const list = async (path: string) => {
    const answer = await invoke('GET', path, { headers: admin });
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  };
  const injects = (await list('/api/v1/injects')) as { id: number }[];
  let answers = 0;
  for (const inject of injects) {
    let cursor: string | null = null;
    do {
      const page = (await list(`/api/v1/submissions?inject_id=${inject.id}&state=ungraded${cursor ? `&cursor=${cursor}` : ''}`)) as {
        items: unknown[];
        cursor: string | null;
      };
      answers += page.items.length;
      cursor = page.cursor;
    } while (cursor);
  }
  return {
    password_changes: ((await list('/api/v1/password-changes?state=pending')) as unknown[]).length,
    answers,
    incident_reports: ((await list('/api/v1/incidents?state=ungraded')) as unknown[]).length,
    findings: ((await list('/api/v1/red-team/findings?state=submitted')) as unknown[]).length,
  };
}

/** The overview's counts, which must be the listed queues' (returned, for a test to say what it expects besides). */
export async function expectWaitingAsListed(admin: Admin) {
  const overview = await invoke('GET', '/api/v1/overview', { headers: admin });
  expect(overview.status, overview.text).toBe(200);
  expect(overview.json.waiting).toEqual(await waitingAsListed(admin));
  return overview.json.waiting as Awaited<ReturnType<typeof waitingAsListed>>;
}
