/**
 * When a result counts: while scoring is closed (disabled, before the start,
 * after the end and its grace period) a scan is recorded and earns nothing;
 * and a check's own time, not its arrival, orders a service's history and
 * names its last scan.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Service, Team } from '#shared/domain/model';
import { invoke } from '../support/invoke';
import { changeSettings, hour, iso, minute, TIMESTAMP, useCompetition } from './competition';

const { freshCompetition, folded, teamNumbered, servicesOf, report, scorecard } = useCompetition();

describe('scans while scoring is closed', () => {
  let team: Team;
  let ssh: Service;

  // Each test starts from the sample competition: they run in any order (test/handlers/competition.ts).
  beforeEach(async () => {
    await freshCompetition();
    team = await teamNumbered(13);
    ssh = (await servicesOf(13))[1]!;
  });

  const expectEarnsNothing = async (scanId: string, time?: string) => {
    await folded();
    const before = await scorecard(team.id);
    const response = await report(ssh.id, { scan_id: scanId, score: 10, error: null, ...(time ? { time } : {}) });
    expect(response.status).toBe(201);
    expect(response.json.points).toBe(0);
    await folded();
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json).toMatchObject({ last_scan: 10 });
    const after = await scorecard(team.id);
    expect(after.scores).toEqual(before.scores);
    expect(after.stats.checks_total).toBe(before.stats.checks_total + 1);
    expect(after.stats.services_up).toBe(1);
  };

  it('records the scan but earns nothing, nor adds to max_score, while scoring is disabled', async () => {
    await changeSettings({ scoring_enabled: false });
    await expectEarnsNothing('disabled-1');
    expect((await invoke('GET', `/api/v1/services/${ssh.id}`)).json.points_earned).toBe(0);
  });

  it('earns nothing before start_time or from end_time on, judged by the check time', async () => {
    await changeSettings({ scoring_enabled: true, start_time: iso(Date.now() + hour), end_time: null });
    await expectEarnsNothing('before-start');
    await changeSettings({ start_time: iso(Date.now() - 2 * hour), end_time: iso(Date.now() - minute) });
    await expectEarnsNothing('after-end');
    // Checked before the end, arriving within the grace period: it counts.
    const inTime = await report(ssh.id, { scan_id: 'late-but-in-time', score: 4, error: 'x', time: iso(Date.now() - 2 * minute) });
    expect(inTime.json.points).toBe(4);
  });

  it('gives nothing to results arriving after end_time plus the grace period, whatever their time', async () => {
    await changeSettings({ start_time: iso(Date.now() - 2 * hour), end_time: iso(Date.now() - 10 * minute), late_result_grace_seconds: 300 });
    await expectEarnsNothing('backdated', iso(Date.now() - 30 * minute));
    await changeSettings({ late_result_grace_seconds: 3600 });
    const graced = await report(ssh.id, { scan_id: 'graced', score: 3, error: 'x', time: iso(Date.now() - 30 * minute) });
    expect(graced.json.points).toBe(3);
  });

  it('earns again inside the window', async () => {
    await changeSettings({ start_time: iso(Date.now() - hour), end_time: null });
    await folded();
    const before = (await scorecard(team.id)).scores[0];
    const response = await report(ssh.id, { scan_id: 'open-1', score: 7, error: null });
    expect(response.json.points).toBe(7);
    await folded();
    expect((await scorecard(team.id)).scores[0]).toMatchObject({ score: before.score + 7, max_score: before.max_score + 10 });
  });
});

describe("the check's own time", () => {
  let ftp: Service;

  beforeAll(async () => {
    await freshCompetition();
    ftp = (await servicesOf(14))[3]!;
  });

  it('keeps the newest check in the last-scan fields, whatever the order of arrival, and lists history by check time', async () => {
    const now = Date.now();
    expect((await report(ftp.id, { scan_id: 'b', score: ftp.max_score, error: null, time: iso(now - 2 * minute) })).status).toBe(201);
    // Older, arriving later: counted and in the history, but not the last scan.
    expect((await report(ftp.id, { scan_id: 'a', score: 0, error: 'refused', time: iso(now - 5 * minute) })).status).toBe(201);
    expect((await report(ftp.id, { scan_id: 'c', score: 1, error: 'slow', time: iso(now - 3 * minute) })).status).toBe(201);
    await folded();
    const detail = (await invoke('GET', `/api/v1/services/${ftp.id}`)).json;
    expect(detail).toMatchObject({ last_scan: ftp.max_score, last_scan_time: iso(now - 2 * minute), last_scan_error: null, points_earned: ftp.max_score + 1 });
    expect(detail.recent_scans.map((s: { scan_id: string }) => s.scan_id)).toEqual(['b', 'c', 'a']);
    expect(detail.recent_scans[1]).toMatchObject({ time: iso(now - 3 * minute), received_at: expect.stringMatching(TIMESTAMP) });

    // Equal check times are ordered by scan_id.
    const tie = iso(now - minute);
    expect((await report(ftp.id, { scan_id: 'tie-b', score: 0, error: 'down', time: tie })).status).toBe(201);
    expect((await report(ftp.id, { scan_id: 'tie-a', score: ftp.max_score, error: null, time: tie })).status).toBe(201);
    // A check time ahead of the server's clock (an agent's clock running ahead, within 2 minutes) is kept as the
    // result's arrival (decision 0083): it never counts for a moment yet to come. Sent again, it is the same result.
    const ahead = await report(ftp.id, { scan_id: 'ahead', score: 0, error: 'e', time: iso(now + minute) });
    expect(ahead.status).toBe(201);
    expect(ahead.json.time).toBe(ahead.json.received_at);
    expect(Date.parse(ahead.json.time)).toBeLessThan(now + minute);
    const again = await report(ftp.id, { scan_id: 'ahead', score: 0, error: 'e', time: iso(now + minute) });
    expect([again.status, again.json]).toEqual([200, ahead.json]);
    await folded();
    const after = (await invoke('GET', `/api/v1/services/${ftp.id}`)).json;
    expect(after.recent_scans.map((s: { scan_id: string }) => s.scan_id)).toEqual(['ahead', 'tie-b', 'tie-a', 'b', 'c', 'a']);
    expect(after).toMatchObject({ last_scan: 0, last_scan_error: 'failed' }); // no category reported: the public sees `failed`
    const card = await scorecard(ftp.team.id);
    expect(card.stats).toMatchObject({ checks_total: 6, services_down: 1, last_scan_time: ahead.json.time });
  });

  it('never leaves in_progress stuck: a started racing its own result, and a started older than 10 minutes', async () => {
    const [svc] = await servicesOf(22);
    for (let i = 0; i < 10; i++) {
      const scan_id = `race-${i}`;
      const [started, result] = await Promise.all([report(svc!.id, { scan_id, status: 'started' }), report(svc!.id, { scan_id, score: 1, error: null })]);
      expect([200, 202]).toContain(started.status);
      expect(result.status).toBe(201);
    }
    await folded();
    expect((await invoke('GET', `/api/v1/services/${svc!.id}`)).json.in_progress).toBe(false);
    expect((await report(svc!.id, { scan_id: 'never-finished', status: 'started' })).status).toBe(202);
    expect((await invoke('GET', `/api/v1/services/${svc!.id}`)).json.in_progress).toBe(true);
    const { listServiceRecords } = await import('#shared/data/services');
    const later = await listServiceRecords({ teamNumber: 22 }, new Date(Date.now() + 10 * minute + 1000));
    expect(later.find((r) => r.service.id === svc!.id)!.service.in_progress).toBe(false);
  });
});
