/**
 * The sample competition in a table of its own, with an admin and a service
 * token and the fold consumer on its stream, for the handler tests that
 * score and edit it (scan-reports, scan-times, scoreboard, live-edits-*).
 * The tests of test/handlers/ run in a random order (vitest.config.ts), so a
 * describe block whose tests change what its other tests read takes a fresh
 * competition before each test, and the others one before all of them.
 *
 * A file calls `useCompetition()` once, at its top: the hooks it adds and
 * the state it keeps are that file's.
 */
import { afterAll, expect } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { getSettings, saveSettings } from '#shared/data/settings';
import type { Service, Team } from '#shared/domain/model';
import type { SettingsFields } from '#shared/domain/settings';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';
import { startFold } from '../support/fold';
import { bearer, invoke } from '../support/invoke';

export const minute = 60_000;
export const hour = 3600_000;
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** How many services each of the sample's main teams has (team 12's). */
export const MAIN_TEAM_SERVICES = sampleCompetition().teams.find((t) => t.number === 12)!.services.length;

/** Changes the settings as a competition load would (the API refuses some of these changes, such as a start in the past). */
export async function changeSettings(patch: Partial<SettingsFields>) {
  const current = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = current.settings;
  const saved = await saveSettings({ ...fields, ...patch }, current, { ...TEST_AUDIT, action: 'settings.update' });
  expect(saved).not.toBe('stale');
  // Functions keep the settings for a few seconds; the test's next result must see this change.
  forgetFreshCopies();
}

export function useCompetition() {
  let tokens: { admin: string; service: string } | undefined;
  let fold: Awaited<ReturnType<typeof startFold>> | undefined;
  afterAll(() => fold?.stop());

  const admin = () => bearer(tokens!.admin);
  const agent = () => bearer(tokens!.service);
  const teams = async (): Promise<Team[]> => (await invoke('GET', '/api/v1/teams', { headers: admin() })).json;
  return {
    /** A new table with the sample, new tokens, and the fold consumer on its stream (the last one's stopped). */
    async freshCompetition() {
      await fold?.stop();
      await useFreshTable();
      tokens = await mintTokens();
      fold = await startFold();
    },
    /** Waits until every result written so far is in the services' state and the teams' totals. */
    folded: () => fold!.caughtUp(),
    fold: () => fold!,
    admin,
    agent,
    tokens: () => tokens!,
    teams,
    teamNumbered: async (number: number): Promise<Team> => (await teams()).find((t) => t.number === number)!,
    servicesOf: async (teamNumber: number): Promise<Service[]> => (await invoke('GET', `/api/v1/services?team=${teamNumber}`, { headers: admin() })).json,
    report: (serviceId: number, body: unknown, headers: Record<string, string> = agent()) =>
      invoke('POST', `/api/v1/services/${serviceId}/scans`, { headers, body }),
    scorecard: async (teamId: number, headers: Record<string, string> = {}) => (await invoke('GET', `/api/v1/teams/${teamId}/scorecard`, { headers })).json,
    scoreboard: async (headers: Record<string, string> = {}) => (await invoke('GET', '/api/v1/teams/scoreboard', { headers })).json,
    adjust: (teamId: number, body: unknown, headers: Record<string, string> = admin()) =>
      invoke('POST', `/api/v1/teams/${teamId}/adjustments`, { headers, body }),
  };
}
