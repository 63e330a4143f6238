/**
 * The organisers' console at /admin/, in a real browser against the real
 * local server (./page-setup.ts): signing in and editing the event as it
 * runs, then every view from the keyboard, each with its own address.
 */
import { describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { putHeartbeat } from '#shared/data/agents';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import { idleHeartbeat } from '../support/heartbeat';
import {
  api,
  consoleErrors,
  consoleView,
  HOSTILE_NAME,
  LONG_FLOW,
  ON_SCREEN,
  open,
  page,
  pageAtWrittenPace,
  seriousAxeViolations,
  signInToConsole,
  stack,
  useWebPage,
} from './page-setup';

useWebPage();

describe('the other pages', () => {
  it(
    "the organisers' console at /admin/: signs in with an admin token, edits the settings (a refused field said beside it), moves a service (the board follows), says 412 when someone changed it meanwhile, hides a team from the keyboard, mints and revokes a token, approves a password change; no serious axe violation",
    LONG_FLOW,
    async () => {
      const { token } = await createToken({ role: 'admin', name: 'console organiser', expiresAt: null, audit: TEST_AUDIT });
      const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      await open('/admin/', 'form.member-form');
      expect(await page.title()).toContain('Organisers’ console');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByLabel('Admin token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The overview first.
      await page.locator('table.console-states tbody tr').first().waitFor(ON_SCREEN);
      await consoleView('Teams', 'table.console-teams tbody tr');
      // The hostile team name is text, as everywhere.
      expect(await page.locator('table.console-teams').textContent()).toContain(HOSTILE_NAME);
      expect(await page.evaluate("sessionStorage.getItem('ccdc.admin-token')")).toBe(token);
      expect(await seriousAxeViolations()).toEqual([]);

      // The settings, the whole form: a change saved; a refused field's reason beside it, nothing saved.
      await consoleView('Settings', 'dl.console-settings');
      await page.getByRole('button', { name: 'Edit the settings' }).click();
      await page.getByLabel('competition_name').fill('Console Cup');
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.locator('#console-status', { hasText: 'Settings saved.' }).waitFor(ON_SCREEN);
      const settingsNow = () => fetch(`${stack.url}/api/v1/settings/1`, { headers: admin }).then((r) => r.json() as Promise<Record<string, unknown>>);
      expect((await settingsNow()).competition_name).toBe('Console Cup');
      await page.getByRole('button', { name: 'Edit the settings' }).click();
      await page.getByLabel('round_seconds').fill('0');
      const refusedBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Save the settings' }).click();
      await page.locator('#setting-round_seconds-error').filter({ hasText: /\S/ }).waitFor(ON_SCREEN);
      expect(await page.getByLabel('round_seconds').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#console-status').textContent()).toContain('Not saved');
      expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      expect(await seriousAxeViolations()).toEqual([]);
      expect((await settingsNow()).round_seconds).not.toBe(0);

      // Move team 11's HTTP to another port: saved, and the public read shows it.
      const http = ((await api('/services?team=11')) as { id: number; subtype: string; port: number }[]).find((s) => s.subtype === 'HTTP')!;
      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Port', { exact: true }).fill('8181');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'HTTP of team 11 saved: ' }).waitFor(ON_SCREEN);
      expect(((await api(`/services/${http.id}`)) as { port: number }).port).toBe(8181);

      // Opened, then changed by someone else before the save: 412, said on the page, their change kept.
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Port', { exact: true }).fill('8282');
      const meanwhile = await fetch(`${stack.url}/api/v1/services/${http.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ port: 8383 }) });
      expect(meanwhile.status).toBe(200);
      const errorsBefore = consoleErrors.length;
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'Someone changed this since you opened it' }).waitFor(ON_SCREEN);
      expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 412 (Precondition Failed)']);
      expect(((await api(`/services/${http.id}`)) as { port: number }).port).toBe(8383);

      // Disabled from its editor: out of the public list, said in the table; enabled again the same way.
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Enabled: checked and scored').uncheck();
      await page.getByRole('button', { name: 'Save the service' }).click();
      // Said when it does not come: what the status line says instead (a refusal, such as service_busy, or nothing yet).
      await page
        .locator('#console-status', { hasText: 'HTTP of team 11 saved: disabled' })
        .waitFor(ON_SCREEN)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nThe status line said: ${JSON.stringify(await page.locator('#console-status').textContent())}`);
        });
      await page.locator(`table.console-services tr[data-service-id="${http.id}"]`, { hasText: 'disabled: not checked' }).waitFor(ON_SCREEN);
      expect(((await api('/services?team=11')) as { id: number }[]).map((s) => s.id)).not.toContain(http.id);
      await page.getByRole('button', { name: 'Edit HTTP of team 11' }).click();
      await page.getByLabel('Enabled: checked and scored').check();
      await page.getByRole('button', { name: 'Save the service' }).click();
      await page.locator('#console-status', { hasText: 'checked so from the next round' }).waitFor(ON_SCREEN);
      expect(((await api('/services?team=11')) as { id: number }[]).map((s) => s.id)).toContain(http.id);
      // The save then reads every list again and redraws every table at once: wait for it, or a button focused now is
      // replaced under the keyboard (a clean-clone run pressed Enter on a detached Edit button).
      await page.locator(`table.console-services tr[data-service-id="${http.id}"]:not(.disabled)`).waitFor(ON_SCREEN);

      // Hide team 14 from the keyboard alone: Tab to its Edit button, Enter, Space on the box, Enter to save.
      const team14 = ((await api('/teams')) as { id: number; number: number }[]).find((t) => t.number === 14)!;
      await consoleView('Teams', 'table.console-teams tbody tr');
      await page.getByRole('button', { name: 'Edit team 14' }).focus();
      await page.keyboard.press('Enter');
      // The editor opens with its first field focused.
      await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id'), ON_SCREEN).toBe('team-name');
      // Past its zone to the box.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await page.getByLabel('Hidden from the public (its results stay)').isChecked()).toBe(true);
      // Past its networks to the save button.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.locator('#console-status', { hasText: 'Team 14 saved' }).waitFor(ON_SCREEN);
      expect((await fetch(`${stack.url}/api/v1/teams/${team14.id}`)).status).toBe(404);
      // Shown again, for the tests that follow.
      const shown = await fetch(`${stack.url}/api/v1/teams/${team14.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ hidden: false }) });
      expect(shown.status).toBe(200);

      // A token minted with an expiry, its secret shown once; then revoked, and refused from then on.
      await consoleView('Tokens and accounts', 'table.console-tokens');
      await page.getByLabel('Whose (the audit trail names it)').fill('agent-7');
      await page.getByRole('button', { name: 'Mint the token' }).click();
      const secret = (await page.locator('#token-secret code').textContent({ timeout: ON_SCREEN.timeout }))!;
      expect(secret).toMatch(/^ccdc_[0-9a-f]{8}_/);
      expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
      const tokenId = secret.slice(5, 13);
      await page.getByRole('button', { name: `Revoke token ${tokenId}` }).click();
      await page.locator('#console-status', { hasText: `Token ${tokenId} revoked.` }).waitFor(ON_SCREEN);
      expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

      // Pools (issue #45): no agent has said it is alive here, so cloud's services go unscored, and the console says so.
      // A pool saved from the form shows beside it; an agent token of it is minted with its pool.
      await consoleView('Checks and pools', 'table.console-pools');
      await page.locator('tr[data-pool="cloud"]', { hasText: 'No live agent' }).waitFor(ON_SCREEN);
      await page.getByLabel('Pool (lower-case letters, digits, hyphens)').fill('range-z');
      await page.getByLabel('Where its agents run').fill('Range Z');
      await page.getByRole('button', { name: 'Save the pool' }).click();
      await page.locator('#console-status', { hasText: 'Pool range-z saved: it checks 0 services.' }).waitFor(ON_SCREEN);
      await page.locator('tr[data-pool="range-z"]').waitFor(ON_SCREEN);
      await consoleView('Tokens and accounts', 'table.console-tokens');
      await page.getByLabel('Role', { exact: true }).selectOption('agent');
      await page.getByLabel('Pool (an agent token only)').fill('range-z');
      await page.getByLabel('Whose (the audit trail names it)').fill('range z agent');
      await page.getByRole('button', { name: 'Mint the token' }).click();
      await page.locator('table.console-tokens td', { hasText: 'agent of range-z' }).waitFor(ON_SCREEN);

      // A password change request waiting for an organiser: approved from the console (never a password on the page).
      expect(
        (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'approval' }) })).status,
      ).toBe(200);
      forgetFreshCopies(); // the server runs in this process: its 5 s copy of the settings, dropped now rather than waited out
      const { password: memberPassword } = await createTeamAccount({ home: 1, name: 'console-member', audit: TEST_AUDIT });
      const session = await (
        await fetch(`${stack.url}/api/v1/team/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'console-member', password: memberPassword }),
        })
      ).json();
      const asked = await fetch(`${stack.url}/api/v1/team/1/password-changes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${(session as { token: string }).token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ list: 'FTP,files,Console-Approved-Pa55' }),
      });
      const change = (await asked.json()) as { id: number; state: string };
      expect(change.state).toBe('pending');
      await consoleView('Password changes waiting', 'table.console-changes');
      await page.getByRole('button', { name: `Approve request ${change.id}` }).click();
      await page.locator('#console-status', { hasText: `Request ${change.id} approved` }).waitFor(ON_SCREEN);
      expect(await page.content()).not.toContain('Console-Approved-Pa55');
      expect(await seriousAxeViolations()).toEqual([]);
      expect(
        (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'immediate' }) })).status,
      ).toBe(200);
      forgetFreshCopies();
    },
  );

  it("the console's views (issue #48): each from the keyboard, axe clean, its address reopens it; a service found by typing, its team's view opened from it; the overview's waiting work and pools", async () => {
    const { admin } = await signInToConsole('views organiser');
    const views = [
      ['Overview', 'table.console-states'],
      ['Teams', 'table.console-teams'],
      ['Services', 'table.console-services'],
      ['Checks and pools', 'table.console-subtypes'],
      ['Injects and grading', '#console-view :is(table.console-injects, p.empty)'],
      ['Incident reports', '#console-view :is(table.console-incidents, p.empty)'],
      ['Red team findings and beacons', '#console-view :is(table.console-findings, p.empty)'],
      ['Password changes waiting', '#console-view :is(table.console-changes, p.empty)'],
      ['Tokens and accounts', 'table.console-tokens'],
      ['Audit trail', 'table.console-audit'],
      ['Settings', 'dl.console-settings'],
      ['Closing the event', '#console-view form'],
    ] as const;
    const found: Record<string, { axe: string[]; focus: unknown; address: string }> = {};
    for (const [title, ready] of views) {
      await consoleView(title, ready);
      found[title] = {
        axe: await seriousAxeViolations(),
        // The keyboard lands on the view's heading.
        focus: await page.evaluate('document.activeElement && document.activeElement.id'),
        address: (await page.evaluate('location.hash')) as string,
      };
    }
    expect(Object.values(found).map((f) => [f.axe, f.focus])).toEqual(views.map(() => [[], 'console-view-title']));
    // Each address, opened afresh, is its view again; back goes to the view before.
    for (const [title, ready] of views) {
      await open(`/admin/${found[title]!.address}`, ready);
      expect(await page.locator('#console-view-title').textContent()).toBe(title);
    }
    await page.goBack();
    await page.locator('#console-view-title', { hasText: 'Settings' }).waitFor(ON_SCREEN);

    // Team 12's SSH found by typing; the filter is in the address; the hostile name is text.
    await consoleView('Services', 'table.console-services tbody tr');
    await page.getByLabel('Find (team number or name, check, address)').focus();
    await page.keyboard.type('team 12 ssh');
    const rows = page.locator('table.console-services tbody tr');
    await expect.poll(() => rows.count(), ON_SCREEN).toBe(1);
    expect(await rows.locator('th').textContent()).toBe('SSH');
    expect(await page.evaluate('location.hash')).toBe('#/services?q=team+12+ssh');
    expect(await rows.textContent()).toContain(HOSTILE_NAME);
    expect(await page.locator('#console-view img').count()).toBe(0);
    expect(await seriousAxeViolations()).toEqual([]);
    // Its team's view, from the row's team link by the keyboard: the team's services, accounts and what it filed.
    await rows.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.locator('#console-view-title', { hasText: 'Team 12: ' }).waitFor(ON_SCREEN);
    expect(await page.locator('#console-view-title').textContent()).toBe(`Team 12: ${HOSTILE_NAME}`);
    expect(await page.locator('table.console-services tbody tr').count()).toBe(((await api('/services?team=12')) as unknown[]).length);
    expect(await seriousAxeViolations()).toEqual([]);
    // By its number, as organisers call it.
    expect(await page.evaluate('location.hash')).toBe('#/teams/12');
    await open('/admin/#/teams/12', 'table.console-services tbody tr');
    expect(await page.locator('#console-view-title').textContent()).toBe(`Team 12: ${HOSTILE_NAME}`);
    // Down services only, by the state filter: what the address says is what is drawn.
    await open('/admin/#/services?team=12&state=up', '.service-count');
    expect(await page.getByLabel('In state').inputValue()).toBe('up');
    expect(await page.locator('.service-count').textContent()).toMatch(/^(No service of \d+ matches\.|1–\d+ of \d+ services)/);
    expect(await page.locator('table.console-services tbody tr:not([data-state="up"])').count()).toBe(0);

    // The overview: a password change request waiting, and the cloud pool without a live agent (no agent runs here).
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'approval' }) })).status,
    ).toBe(200);
    forgetFreshCopies();
    const { password } = await createTeamAccount({ home: 1, name: 'views-member', audit: TEST_AUDIT });
    const session = (await (
      await fetch(`${stack.url}/api/v1/team/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'views-member', password }),
      })
    ).json()) as { token: string };
    const asked = await fetch(`${stack.url}/api/v1/team/1/password-changes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ list: 'FTP,files,Views-Waiting-Pa55' }),
    });
    expect(asked.status).toBe(201);
    const waiting = ((await (await fetch(`${stack.url}/api/v1/password-changes?state=pending`, { headers: admin })).json()) as unknown[]).length;
    await open('/admin/#/overview', 'table.console-states tbody tr');
    await page.getByRole('link', { name: `Password changes to decide: ${waiting}` }).waitFor(ON_SCREEN);
    expect(await page.locator('li[data-pool="cloud"]').textContent()).toContain('no live agent');
    // Two agents of the cloud pool: one heard from now, one whose heartbeats stopped an hour ago.
    const sent = await fetch(`${stack.url}/api/v1/pools/cloud/heartbeats`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify(idleHeartbeat('views-live')),
    });
    expect(sent.status).toBe(204);
    await putHeartbeat('cloud', idleHeartbeat('views-stopped'), new Date(Date.now() - 3_600_000));
    // The view asks again by itself (a 304 while nothing changed): the agents show without a reload.
    await page.locator('li[data-pool="cloud"]', { hasText: 'not heard from' }).waitFor(ON_SCREEN);
    expect(await page.locator('li[data-pool="cloud"]').textContent()).toMatch(/^cloud: 1 of 2 agents alive, \d+ services; not heard from: views-stopped$/);
    await page.getByRole('link', { name: `Password changes to decide: ${waiting}` }).click();
    await page.locator('table.console-changes tbody tr').first().waitFor(ON_SCREEN);
    expect(await page.content()).not.toContain('Views-Waiting-Pa55');
    // The member who asked is signed in: the team's view lists the session, and ending the team's sessions empties it.
    const number = ((await api('/teams')) as { id: number; number: number }[]).find((t) => t.id === 1)!.number;
    await open(`/admin/#/teams/${number}`, 'table.console-team-sessions tbody tr');
    expect(await page.locator('table.console-team-sessions tbody').textContent()).toContain('views-member');
    await page.getByRole('button', { name: "End the team's sessions" }).click();
    await page.locator('table.console-team-sessions').waitFor({ state: 'detached', ...ON_SCREEN });
    await page.locator('#console-status', { hasText: 'sessions ended' }).waitFor(ON_SCREEN);
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'immediate' }) })).status,
    ).toBe(200);
    forgetFreshCopies();
  });
  it("the console's overview reads again on a nudge, well before its next 10 s poll (decision 0086)", async () => {
    // Nothing of the tests before it still folding: no nudge comes but this test's.
    await stack.fold.caughtUp();
    const { token } = await createToken({ role: 'admin', name: 'overview nudged', expiresAt: null, audit: TEST_AUDIT });
    const paced = await pageAtWrittenPace();
    await paced.page.goto(`${stack.url}/admin/`);
    await paced.page.getByLabel('Admin token').fill(token);
    await paced.page.getByRole('button', { name: 'Sign in' }).click();
    await paced.page.locator('table.console-states tbody tr').first().waitFor(ON_SCREEN);
    const shownAt = performance.now();
    const overviewReads = (from: number) => paced.requested.slice(from).filter(({ url }) => /\/api\/v1\/overview(\?|$)/.test(url));
    // The socket's handshake, then a result: the overview's services by check move with it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const from = paced.requested.length;
    const services = (await api('/services?team=11')) as { id: number }[];
    const reported = await fetch(`${stack.url}/api/v1/services/${services[0]!.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-overview-nudged-1', score: 0, error: 'connection refused', category: 'connection refused' }),
    });
    expect(reported.status).toBe(201);
    await expect.poll(() => overviewReads(from).length, { timeout: 6_000, interval: 50 }).toBeGreaterThan(0);
    // Its first poll is due 10 s after it was shown: this read came on the nudge.
    expect(overviewReads(from)[0]!.at - shownAt).toBeLessThan(8_000);
    await paced.page.close();
  });
});
