/**
 * Every text a team or an organiser controls is read in time linear in its
 * length (issue #41): each parser and pattern on such a field, fed the
 * shapes that make backtracking patterns or rescanning loops take quadratic
 * time or worse, at the field's largest size. Linear time reads each in
 * milliseconds; the deadline only proves none takes seconds. (Markdown has
 * its own in markdown.test.ts.)
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UploadBody } from '#shared/api/schemas/requests/files';
import { IncidentReportBody, SubmissionBody } from '#shared/api/schemas/requests/injects';
import { PASSWORD_LIST_MAX } from '#shared/api/schemas/requests/team';
import { TeamName } from '#shared/domain/names';
import { isHostName } from '#shared/domain/hostnames';
import { safeFileName } from '#shared/domain/files';
import { parsePasswordList } from '#shared/domain/password-changes';

const within = (read: () => unknown) => {
  const started = performance.now();
  read();
  return performance.now() - started;
};
const DEADLINE_MS = 1_000;

describe('hostile text at its largest', () => {
  const list = (unit: string) => unit.repeat(Math.floor(PASSWORD_LIST_MAX / unit.length)).slice(0, PASSWORD_LIST_MAX);
  it.each([
    ['quotes', list('"')],
    ['doubled quotes in one field', `"${list('""').slice(2)}"`],
    ['commas', list(',')],
    ['line breaks', list('\r\n')],
    ['a field never closed', `"${list('a,\n')}`],
    ['text after closing quotes', list('"a"b,')],
  ])('a pasted password list of %s', (_, text) => {
    expect(text.length).toBeLessThanOrEqual(PASSWORD_LIST_MAX);
    expect(within(() => parsePasswordList(text))).toBeLessThan(DEADLINE_MS);
  });

  it.each([
    ['spaces', ' '.repeat(100)],
    ['invisible characters', '\u200b'.repeat(100)],
    ['lone surrogates', '\ud800'.repeat(100)],
  ])('a team name of %s', (_, name) => {
    expect(within(() => v.safeParse(TeamName, name))).toBeLessThan(DEADLINE_MS);
  });

  it('file names, hosts, answers and reports at their limits, whatever they hold', () => {
    const cases: [string, () => unknown][] = [
      ['a file name', () => safeFileName(`${'\\/'.repeat(5_000)}${'.'.repeat(5_000)}${'é'.repeat(5_000)}`)],
      ['an upload form', () => v.safeParse(UploadBody, { for: 'inject', inject_id: 1, file_name: '.'.repeat(255), content_type: 'text/plain' })],
      ['a host name', () => isHostName(`${'a.'.repeat(126)}-`)],
      ['a host name of labels', () => isHostName('a'.repeat(63).concat('.').repeat(4))],
      [
        'a report',
        () =>
          v.safeParse(IncidentReportBody, {
            observed_at: '2026-11-22T10:15:00Z',
            hosts: Array(50).fill('a'.repeat(254)),
            description: '\u0000 '.repeat(25_000),
          }),
      ],
      ['an answer', () => v.safeParse(SubmissionBody, { inject_id: 1, text: ' \t'.repeat(25_000), files: [] })],
    ];
    for (const [what, read] of cases) expect([what, within(read) < DEADLINE_MS]).toEqual([what, true]);
  });
});
