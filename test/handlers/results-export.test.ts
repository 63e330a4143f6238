import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdjustment } from '#shared/app/adjustments';
import { createInject, editInject, gradeSubmission } from '#shared/app/injects';
import { putSubmission } from '#shared/data/submissions';
import { recordScanResult } from '#shared/app/scans';
import { listServiceRecords } from '#shared/data/services';
import { listTeamRecords } from '#shared/data/teams';
import type { ServiceRecord } from '#shared/domain/model';
import { exportResults, type ResultsExport } from '../../lib/local/results-export';
import { toCsv } from '#shared/csv';
import { sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { invoke } from '../support/invoke';

const TRICKY_NAME = 'Commas, "Quotes" & Co';
const TRICKY_ERROR = '=HYPERLINK("http://evil.example","click")\nsecond line';

let services: ServiceRecord[];
let exported: ResultsExport;
let fold: Awaited<ReturnType<typeof startFold>>;

beforeAll(async () => {
  const competition = sampleCompetition();
  competition.teams[1]!.name = TRICKY_NAME; // team 12
  await useFreshTable(competition);
  fold = await startFold();
  services = await listServiceRecords();
  const of = (number: number) => services.filter((s) => s.service.team.number === number);

  // Team 12: two rounds on every service, one failure with a hostile error text.
  for (const round of [1, 2]) {
    for (const s of of(12)) {
      const failed = round === 2 && s.service.subtype === 'HTTP';
      await recordScanResult(s.service.id, { scan_id: `r${round}`, score: failed ? 0 : s.service.max_score, error: failed ? TRICKY_ERROR : null });
    }
  }
  // Team 11: one service scanned once, partly; team 21 (guest) fully once; the hidden team too.
  await recordScanResult(of(11)[0]!.service.id, { scan_id: 'r1', score: 3, error: 'slow' });
  for (const s of of(21)) await recordScanResult(s.service.id, { scan_id: 'r1', score: s.service.max_score, error: null });
  await recordScanResult(of(99)[0]!.service.id, { scan_id: 'r1', score: 10, error: null });

  const team11 = (await listTeamRecords()).find((t) => t.team.number === 11)!;
  await createAdjustment(team11.team.id, { super_type_id: 3, points: -7, reason: 'red team' }, 'test', TEST_AUDIT);
  // An inject due before the export, team 12's answer graded 30, then regraded 25: the grade that counts is the regrade.
  const inject = await createInject(
    {
      title: 'Memo',
      text: 'Write it.',
      super_type_id: 2,
      open_at: '2026-11-22T10:00:00Z',
      due_at: '2026-11-22T12:00:00Z',
      late_penalty_percent_per_hour: 0,
      points: 40,
      rubric: [],
    },
    TEST_AUDIT,
  );
  await editInject(inject.id, { state: 'published' }, undefined, TEST_AUDIT);
  const team12 = (await listTeamRecords()).find((t) => t.team.number === 12)!;
  await putSubmission({
    inject_id: inject.id,
    team_id: team12.team.id,
    version: 1,
    text: 'Ours.',
    files: [],
    submitted_at: '2026-11-22T11:00:00Z',
    submitted_by: 'alice',
    late_share: 1,
    revision_request: null,
  });
  await gradeSubmission(inject.id, { team_id: team12.team.id, submission_version: 1, points: 30, replaces: null }, TEST_AUDIT);
  await gradeSubmission(inject.id, { team_id: team12.team.id, submission_version: 1, points: 25, replaces: 1 }, TEST_AUDIT);
  await fold.caughtUp();
  exported = await exportResults({ now: new Date('2026-11-22T18:00:00.123Z') });
});

afterAll(() => fold?.stop());

/** Team 12's services: how many, and the sum of their maximum scores (each scanned twice, one HTTP failure). */
function team12Services() {
  const own = services.filter((s) => s.service.team.number === 12);
  return { count: own.length, maxSum: own.reduce((n, s) => n + s.service.max_score, 0) };
}

describe('exportResults', () => {
  it("ranks like the public scoreboard, with each team's super type scores and statistics", async () => {
    const board = (await invoke('GET', '/api/v1/teams/scoreboard')).json;
    const { json } = exported;
    expect(json).toMatchObject({ competition_name: 'Regional CCDC Practice Round', exported_at: '2026-11-22T18:00:00Z', segregate: false });
    expect(json.super_types.map((s) => s.name)).toEqual(['Services', 'Injects', 'Red Team']);
    expect(json.standings.map((e) => [e.team.number, e.rank, e.total_score])).toEqual(
      board.scoreboard.map((r: { team: { number: number }; rank: number; total_score: number }) => [r.team.number, r.rank, r.total_score]),
    );
    const team12 = json.standings.find((e) => e.team.number === 12)!;
    const { count, maxSum } = team12Services();
    expect(team12).toMatchObject({
      rank: 1,
      division: 'main',
      hidden: false,
      total_score: 2 * maxSum - 10 + 25,
      stats: {
        checks_total: 2 * count,
        checks_passed: 2 * count - 1,
        checks_failed: 1,
        uptime: (2 * count - 1) / (2 * count),
        services_up: count - 1,
        services_down: 1,
        services_unscanned: 0,
      },
    });
    expect(json.standings.find((e) => e.team.number === 11)).toMatchObject({
      total_score: 3 - 7,
      stats: { adjustments_total: -7 },
      scores: [
        { super_type_id: 1, score: 3, max_score: 10 },
        { super_type_id: 2, score: 0, max_score: 40 },
        { super_type_id: 3, score: -7, max_score: 0 },
      ],
    });
  });

  it('lists the grades that count (the latest of each inject, per team), and the maxima with the injects past due', () => {
    const { json, csv } = exported;
    expect(json.grades).toEqual([
      expect.objectContaining({ kind: 'inject', team_number: 12, super_type_id: 2, n: 2, points: 25, awarded: 25, graded_by: 'test' }),
    ]);
    for (const entry of json.standings) expect(entry.scores.find((s) => s.super_type_id === 2)!.max_score, `team ${entry.team.number}`).toBe(40);
    const rows = csv.grades.trim().split('\r\n');
    expect(rows[0]).toBe('team_number,team_name,kind,of_id,super_type_id,n,points,awarded,graded_by,graded_at');
    expect(rows).toHaveLength(2);
  });

  it('leaves the hidden team out unless asked', async () => {
    expect(exported.json.standings.some((e) => e.team.number === 99)).toBe(false);
    expect(exported.json.services.some((s) => s.team_number === 99)).toBe(false);
    const all = await exportResults({ includeHidden: true });
    expect(all.json.standings.find((e) => e.team.number === 99)).toMatchObject({ hidden: true, rank: 3, total_score: 10 });
    expect(all.json.services.filter((s) => s.team_number === 99).length).toBe(4);
  });

  it('gives each service its figures from its history', () => {
    const rows = exported.json.services;
    expect(rows.length).toBe(services.filter((s) => s.service.team.number !== 99).length);
    expect(rows.map((r) => [r.team_number, r.service_id])).toEqual(
      [...rows].sort((a, b) => a.team_number - b.team_number || a.service_id - b.service_id).map((r) => [r.team_number, r.service_id]),
    );
    const http12 = rows.find((r) => r.team_number === 12 && r.subtype === 'HTTP')!;
    expect(http12).toMatchObject({ scans: 2, scans_passed: 1, uptime: 0.5, points_earned: 10, last_scan: 0, last_scan_error: TRICKY_ERROR });
    expect(rows.find((r) => r.team_number === 13)).toMatchObject({ scans: 0, scans_passed: 0, uptime: null, last_scan_time: null });
  });

  it('writes CSV that reads back to the same cells, with text formulas neutralised', () => {
    const standings = parseCsv(exported.csv.standings);
    expect(exported.csv.standings.endsWith('\r\n')).toBe(true);
    expect(standings[0]).toEqual([
      'rank',
      'division',
      'team_id',
      'team_number',
      'team_name',
      'hidden',
      'total_score',
      'Services score',
      'Services max',
      'Injects score',
      'Injects max',
      'Red Team score',
      'Red Team max',
      'services_up',
      'services_down',
      'services_unscanned',
      'services_total',
      'checks_total',
      'checks_passed',
      'checks_failed',
      'uptime',
      'adjustments_total',
      'last_scan_time',
    ]);
    expect(standings.length).toBe(1 + exported.json.standings.length);
    const first = standings[1]!;
    expect(first.slice(0, 7)).toEqual([
      '1',
      'main',
      String(exported.json.standings[0]!.team.id),
      '12',
      TRICKY_NAME,
      'false',
      String(2 * team12Services().maxSum - 10 + 25),
    ]);
    expect(standings.find((row) => row[3] === '11')!.slice(11, 13)).toEqual(['-7', '0']);

    const servicesCsv = parseCsv(exported.csv.services);
    const errorColumn = servicesCsv[0]!.indexOf('last_scan_error');
    const http12 = servicesCsv.find((row) => row[1] === TRICKY_NAME && row[3] === 'HTTP')!;
    expect(http12[errorColumn]).toBe(`'${TRICKY_ERROR}`);
    expect(servicesCsv.find((row) => row[0] === '13')![errorColumn]).toBe('');
  });

  it('quotes only what needs quoting, and never touches numbers', () => {
    expect(toCsv([['plain', 'a,b', 'say "hi"', 'two\nlines', -5, 0.5, null, true, '-5', '@sum', '+1']])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",-5,0.5,,true,\'-5,\'@sum,\'+1\r\n',
    );
  });
});

/** A strict RFC 4180 reader, to check the writer against. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}
