import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { forgetFreshCopies } from '#shared/data/fresh';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { HOSTILE_NAME, ON_SCREEN, PNG_BYTES, pageHelpers, usePages, type Row } from './pages';

/**
 * The organisers' console at /admin/, in Debian's Chromium against the real
 * local server (test/browser/pages.ts sets it up), beside the public pages'
 * tests (web-page.test.ts).
 */
const pages = usePages();
const { api, open, seriousAxeViolations } = pageHelpers(pages);
const { consoleErrors } = pages;
let stack: LocalStack;
let page: Page;
beforeAll(() => void ({ stack, page } = pages));

describe("the organisers' console", () => {
  it("the organisers' console at /admin/: signs in with an admin token, edits the settings (a refused field said beside it), moves a service (the board follows), says 412 when someone changed it meanwhile, hides a team from the keyboard, mints and revokes a token, approves a password change; no serious axe violation", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await createToken({ role: 'admin', name: 'console organiser', expiresAt: null, audit: TEST_AUDIT });
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await open('/admin/', 'form.member-form');
    expect(await page.title()).toContain('Organisers’ console');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByLabel('Admin token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('table.console-services tbody tr').first().waitFor(ON_SCREEN);
    // The hostile team name is text, as everywhere.
    expect(await page.locator('table.console-teams').textContent()).toContain(HOSTILE_NAME);
    expect(await page.evaluate("sessionStorage.getItem('ccdc.admin-token')")).toBe(token);
    expect(await seriousAxeViolations()).toEqual([]);

    // The settings, the whole form: a change saved; a refused field's reason beside it, nothing saved.
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
    await page.locator('#console-status', { hasText: 'HTTP of team 11 saved: disabled' }).waitFor(ON_SCREEN);
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
    await page.getByRole('button', { name: 'Edit team 14' }).focus();
    await page.keyboard.press('Enter');
    // The editor opens with its first field focused.
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id'), ON_SCREEN).toBe('team-name');
    // Past its zone to the box.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Hidden from the public (its results stay)').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.locator('#console-status', { hasText: 'Team 14 saved' }).waitFor(ON_SCREEN);
    expect((await fetch(`${stack.url}/api/v1/teams/${team14.id}`)).status).toBe(404);
    // Shown again, for the tests that follow.
    const shown = await fetch(`${stack.url}/api/v1/teams/${team14.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ hidden: false }) });
    expect(shown.status).toBe(200);

    // A token minted with an expiry, its secret shown once; then revoked, and refused from then on.
    await page.getByLabel('Whose (the audit trail names it)').fill('agent-7');
    await page.getByRole('button', { name: 'Mint the token' }).click();
    const secret = (await page.locator('#token-secret code').textContent({ timeout: ON_SCREEN.timeout }))!;
    expect(secret).toMatch(/^ccdc_[0-9a-f]{8}_/);
    expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    const tokenId = secret.slice(5, 13);
    await page.getByRole('button', { name: `Revoke token ${tokenId}` }).click();
    await page.locator('#console-status', { hasText: `Token ${tokenId} revoked.` }).waitFor(ON_SCREEN);
    expect((await fetch(`${stack.url}/api/v1/settings/1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    // A password change request waiting for an organiser: approved from the console (never a password on the page).
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'approval' }) })).status,
    ).toBe(200);
    forgetFreshCopies(); // the server runs in this process: its 5 s copy of the settings, dropped now rather than waited out
    const { password: memberPassword } = await createTeamAccount({ teamId: 1, name: 'console-member', audit: TEST_AUDIT });
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
    await page.reload();
    await page.getByRole('button', { name: `Approve request ${change.id}` }).click();
    await page.locator('#console-status', { hasText: `Request ${change.id} approved` }).waitFor(ON_SCREEN);
    expect(await page.content()).not.toContain('Console-Approved-Pa55');
    expect(await seriousAxeViolations()).toEqual([]);
    expect(
      (await fetch(`${stack.url}/api/v1/settings/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ password_changes: 'immediate' }) })).status,
    ).toBe(200);
    forgetFreshCopies();
  });

  it("the console's other pages: adds a team and a service (the board follows), changes a check's content, adjusts a score, announces, writes and publishes an inject, attaches a file to it, and grades a team's answer from the queue (its file downloaded; the board's Injects column moves), exports every answer as one ZIP, grades an incident report, voids results after a preview, reads it all in the filtered audit trail, creates and removes a member's account, resets a check account, finalises; keyboard labels and axe clean", async () => {
    // Signed in already (the tab's session storage).
    await open('/admin/', 'table.console-subtypes');
    const say = (text: string | RegExp) => page.locator('#console-status', { hasText: text }).waitFor(ON_SCREEN);

    // A late team, then its web server.
    await page.getByRole('button', { name: 'Add a team' }).click();
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByLabel('Team number').fill('15');
    await page.getByLabel('Team name').fill('Late Arrivals');
    await page.getByLabel("Team's DNS zone (team15.example.org)").fill('team11.ccdc.example');
    const takenBefore = consoleErrors.length;
    await page.getByRole('button', { name: 'Add the team' }).click();
    // A zone another team has: refused beside its field, nothing added.
    await page.locator('#new-team-team_url-error').filter({ hasText: /\S/ }).waitFor(ON_SCREEN);
    expect(await page.getByLabel("Team's DNS zone (team15.example.org)").getAttribute('aria-invalid')).toBe('true');
    expect(consoleErrors.splice(takenBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await page.getByLabel("Team's DNS zone (team15.example.org)").fill('team15.ccdc.example');
    await page.getByRole('button', { name: 'Add the team' }).click();
    await say('Team 15 added: Late Arrivals');
    const board = async () => ((await api('/teams/scoreboard')) as { scoreboard: Row[] }).scoreboard;
    const late = (await board()).find((row) => row.team.number === 15)!;
    expect(late.total_score).toBe(0);

    await page.getByRole('button', { name: 'Add a service' }).click();
    await page.getByLabel('Team', { exact: true }).selectOption({ label: '15 Late Arrivals' });
    await page.getByLabel('Check (subtype)').selectOption({ label: 'HTTP (10 points)' });
    await page.getByLabel('Host the check connects to').fill('www.team15.ccdc.example');
    await page.getByLabel('Port the check connects to').fill('8080');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Add the service' }).click();
    await say('HTTP added to the team at www.team15.ccdc.example:8080');
    const added = ((await api('/services?team=15')) as { id: number }[])[0]!;
    await page.locator(`table.console-services tr[data-service-id="${added.id}"]`).waitFor(ON_SCREEN);

    // The HTTP check now expects other content: from the agent's next round.
    await page.getByRole('button', { name: 'The check of HTTP' }).click();
    await page.getByLabel('content', { exact: true }).fill('Welcome to the shop');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save the check' }).click();
    await say('The check of HTTP saved');
    const subtypes = (await api('/subtypes', { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } })) as { id: number; content?: string }[];
    expect(subtypes.find((s) => s.id === 1)!.content).toBe('Welcome to the shop');

    // Team 15's HTTP alone expects other content: its own check, then its subtype's again.
    await page.getByRole('button', { name: 'Edit HTTP of team 15' }).click();
    const checkErrorsBefore = consoleErrors.length;
    await page.getByRole('button', { name: 'Show its own check' }).click();
    await page.getByLabel('Its check, as JSON').fill('{"check":"http","content":"Late Arrivals shop"}');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save its own check' }).click();
    await say('HTTP of team 15 has its own check now');
    // It had none: its read was a 404, which the browser logs.
    expect(consoleErrors.splice(checkErrorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    const ownCheck = `/services/${added.id}/check`;
    const { token: organiser } = await createToken({ role: 'admin', name: 'own check reader', expiresAt: null, audit: TEST_AUDIT });
    const asOrganiser = { headers: { authorization: `Bearer ${organiser}` } };
    expect(((await api(ownCheck, asOrganiser)) as { check: { content: string } }).check.content).toBe('Late Arrivals shop');
    const removedErrorsBefore = consoleErrors.length;
    await page.getByRole('button', { name: 'Check it as its subtype says again' }).click();
    await say('HTTP of team 15 is checked as HTTP says again');
    // The part reads it again, and has none to show.
    await expect
      .poll(() => consoleErrors.slice(removedErrorsBefore), ON_SCREEN)
      .toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    consoleErrors.splice(removedErrorsBefore);
    expect((await fetch(`${stack.url}/api/v1${ownCheck}`, asOrganiser)).status).toBe(404);

    // DNS is worth more from now on: a preview of which services follow, then each of them.
    const asAgent = { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } };
    const dnsBefore = (await api('/services?subtype_id=3', asAgent)) as { id: number; max_score: number }[];
    await page.getByRole('button', { name: 'Name and points of DNS' }).click();
    await page
      .locator('#subtype-fields-preview', { hasText: `${dnsBefore.length} service(s) of DNS: ${dnsBefore.length} have its 5 points` })
      .waitFor(ON_SCREEN);
    await page.getByLabel('Points per passed check (from each service’s next result)').fill('6');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: `Save, and change its ${dnsBefore.length} service(s)` }).click();
    await say('DNS saved: worth 6');
    expect(((await api('/services?subtype_id=3', asAgent)) as { max_score: number }[]).map((s) => s.max_score)).toEqual(dnsBefore.map(() => 6));

    // A kind of check added, then retired (no service has it); a super type added, renamed, retired.
    await page.getByRole('button', { name: 'Add a subtype' }).click();
    await page.getByLabel('Subtype name').fill('Printer');
    await page.getByLabel('Points per passed check', { exact: true }).fill('4');
    await page.getByLabel('Check kind (http, tcp, ssh…; empty: not checked by agents)').fill('tcp');
    await page.getByLabel('The check’s parameters (JSON, as in a competition file)').fill('{"timeout_seconds": 3}');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Add the subtype' }).click();
    await say(/Subtype Printer added \(id \d+\)/);
    await page.getByRole('button', { name: 'Retire of Printer' }).click();
    await say('Subtype Printer retired.');
    await page.getByRole('button', { name: 'Add a super type' }).click();
    await page.getByLabel('New super type name').fill('Uptime bonus');
    await page.getByRole('button', { name: 'Add the super type' }).click();
    await say('Super type Uptime bonus added.');
    await page.getByRole('button', { name: 'Rename Uptime bonus' }).click();
    await page.getByLabel('Super type name').fill('Uptime');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save the name' }).click();
    await say('Super type Uptime saved');
    // Exactly: until the list is drawn again after the rename, its old row's "Retire Uptime bonus" would match too.
    await page.getByRole('button', { name: 'Retire Uptime', exact: true }).click();
    await say('Super type Uptime retired.');

    // The new service's first result earns; the board follows.
    const report = await fetch(`${stack.url}/api/v1/services/${added.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'late-console-1', score: 10, error: null }),
    });
    expect(report.status).toBe(201);
    await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(10);

    // An adjustment by hand.
    await page.getByRole('button', { name: 'Adjust a score' }).click();
    await page.getByLabel('Team', { exact: true }).selectOption({ label: '15 Late Arrivals' });
    await page.getByLabel('Points (negative to take)').fill('5');
    await page.getByLabel('Reason (the audit trail keeps it)').fill('Inject 1, late');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save the adjustment' }).click();
    await say('Adjustment of 5 points saved.');
    await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(15);

    // An announcement to the new team.
    await page.getByRole('button', { name: 'Announce' }).click();
    await page.getByLabel('To', { exact: true }).selectOption({ label: '15 Late Arrivals' });
    await page.getByLabel('Message (Markdown)').fill('Welcome, late arrivals.\nYour services are scored from now on.');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Post the announcement' }).click();
    await say(/^Announcement \d+ posted to team \d+\.$/);
    const { token: reader } = await createToken({ role: 'admin', name: 'announcement reader', expiresAt: null, audit: TEST_AUDIT });
    const posted = (await api('/announcements', { headers: { authorization: `Bearer ${reader}` } })) as { text: string; team_id: number }[];
    expect(posted[0]).toMatchObject({ text: 'Welcome, late arrivals.\nYour services are scored from now on.', team_id: late.team.id });

    // An inject written in the console, published; a member of team 11 answers it; graded from the queue: the board's Injects column moves.
    await page.getByRole('button', { name: 'Write an inject' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Console memo');
    await page.getByLabel('What the teams are asked (Markdown)').fill('# Memo\n\nOne page.');
    await page.getByLabel('Points', { exact: true }).fill('30');
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await say('Inject Console memo saved as a draft');
    await page.getByRole('button', { name: 'Publish Console memo' }).click();
    await say(/^Inject Console memo published/);
    // A template attached to it: uploaded to the file store, named by the inject's edit.
    await page.getByRole('button', { name: 'Attach a file Console memo' }).click();
    await page.getByLabel(/^A file to attach/).setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: Buffer.from('section,owner\n') });
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Attach it to Console memo' }).click();
    await say('template.csv attached to Console memo (1 in all).');
    // Downloaded back through the inject's own route, as organisers download its attachments in any state.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template.csv' }).click()]);
    expect([template.suggestedFilename(), readFileSync((await template.path())!, 'utf8')]).toEqual(['template.csv', 'section,owner\n']);
    const written = ((await api('/injects', { headers: { authorization: `Bearer ${reader}` } })) as { id: number; title: string }[]).find(
      (i) => i.title === 'Console memo',
    )!;
    const team11 = (await board()).find((row) => row.team.number === 11)!;
    const { password: memberPassword } = await createTeamAccount({ teamId: team11.team.id, name: 'console-answerer', audit: TEST_AUDIT });
    const { token: session } = (await (
      await fetch(`${stack.url}/api/v1/team/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'console-answerer', password: memberPassword }),
      })
    ).json()) as { token: string };
    const asMember = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
    // With a file, uploaded as the page does: an upload form, the file posted to the file store with it.
    const form = (await (
      await fetch(`${stack.url}/api/v1/team/${team11.team.id}/uploads`, {
        method: 'POST',
        headers: asMember,
        body: JSON.stringify({ for: 'inject', inject_id: written.id, file_name: 'diagram.png', content_type: 'image/png' }),
      })
    ).json()) as { key: string; url: string; fields: Record<string, string> };
    const upload = new FormData();
    for (const [name, value] of Object.entries(form.fields)) upload.append(name, value);
    upload.append('file', new Blob([PNG_BYTES]), 'diagram.png');
    expect((await fetch(form.url, { method: 'POST', body: upload })).status).toBe(201);
    const answered = await fetch(`${stack.url}/api/v1/team/${team11.team.id}/submissions`, {
      method: 'POST',
      headers: asMember,
      body: JSON.stringify({ inject_id: written.id, text: '## Our memo\n\nDone.', files: [form.key] }),
    });
    expect(answered.status).toBe(201);
    const injectsOf11 = async () => (await board()).find((row) => row.team.number === 11)!.scores.find((x) => x.super_type_id === 2)!.score;
    const before = await injectsOf11();
    await page.getByRole('button', { name: 'Grade Console memo' }).click();
    const queued = page.locator(`section.grading[data-team-id="${team11.team.id}"]`);
    await queued.locator('.markdown h4', { hasText: 'Our memo' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    const [diagram] = await Promise.all([page.waitForEvent('download'), queued.getByRole('button', { name: 'Download diagram.png' }).click()]);
    expect(readFileSync((await diagram.path())!)).toEqual(PNG_BYTES);
    // Every answer to it as one ZIP, from the file store.
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export answers Console memo' }).click()]);
    expect(zip.suggestedFilename()).toBe(`inject-${written.id}-submissions.zip`);
    expect(execFileSync('unzip', ['-l', (await zip.path())!]).toString()).toContain('/v1/files/diagram.png');
    await queued.getByLabel('Points (at most 30)').fill('24');
    await queued.getByRole('button', { name: /^Save the grade of / }).click();
    await say(/graded: 24 points on the board/);
    await expect.poll(injectsOf11, ON_SCREEN).toBe(before + 24);
    // An incident report the member files, graded from the console's list.
    const filed = await fetch(`${stack.url}/api/v1/team/${team11.team.id}/incidents`, {
      method: 'POST',
      headers: asMember,
      body: JSON.stringify({ observed_at: '2026-11-22T10:15:00Z', hosts: ['www.team11.ccdc.example'], description: 'A web shell, removed.' }),
    });
    const incident = (await filed.json()) as { id: number };
    await page.reload();
    await page.getByRole('button', { name: `Grade report ${incident.id}`, exact: true }).click();
    await page.getByLabel('Points', { exact: true }).fill('40');
    await page.getByRole('button', { name: `Save the grade of report ${incident.id}` }).click();
    await say(`Report ${incident.id} graded: 40 points (+40 on the board).`);

    // A void of the new team's results: previewed (nothing changes), confirmed, followed to its end.
    await page.getByRole('button', { name: 'Void results' }).click();
    await page.getByLabel('Whose results').selectOption({ label: '15 Late Arrivals' });
    await page.getByRole('button', { name: 'Preview the void' }).click();
    await page.locator('#void-preview table').waitFor(ON_SCREEN);
    expect(await page.locator('#void-preview').textContent()).toContain('1 results');
    expect(await seriousAxeViolations()).toEqual([]);
    expect((await board()).find((row) => row.team.number === 15)?.total_score).toBe(15);
    await page.getByRole('button', { name: 'Void these 1 results' }).click();
    await say(/Void \d+ done: 1 results voided/);
    await expect.poll(async () => (await board()).find((row) => row.team.number === 15)?.total_score, ON_SCREEN).toBe(5);

    // All of it in the audit trail, filtered by the team, then by the kind of action.
    await page.getByLabel('Target (and its parts)').fill(`teams/${late.team.id}`);
    await page.getByRole('button', { name: 'Show the entries' }).click();
    await page.locator('table.console-audit th', { hasText: 'adjustment.create' }).waitFor(ON_SCREEN);
    const ofTeam = await page.locator('table.console-audit tbody th').allTextContents();
    expect(ofTeam).toEqual(['adjustment.create', 'team.create']);
    await page.getByLabel('Target (and its parts)').fill('');
    await page.getByLabel('Action (or its kind, ending in a dot)').fill('scans.');
    await page.getByRole('button', { name: 'Show the entries' }).click();
    await page.locator('table.console-audit th', { hasText: 'scans.void' }).waitFor(ON_SCREEN);
    await page.getByLabel('Action (or its kind, ending in a dot)').fill('service.create');
    await page.getByRole('button', { name: 'Show the entries' }).click();
    await expect.poll(() => page.locator('table.console-audit tbody th').allTextContents(), ON_SCREEN).toEqual(['service.create']);
    expect(await seriousAxeViolations()).toEqual([]);
    expect(await page.content()).not.toContain(ENV_TOKENS.service);

    // A member's sign-in account for the new team: its password shown once, and it signs in; removed, it does not.
    await page.getByLabel('Member of team').selectOption({ label: '15 Late Arrivals' });
    await page.getByLabel('Sign-in name (letters, digits, . _ -)').fill('late-alice');
    await page.getByRole('button', { name: 'Create the account' }).click();
    const password = (await page.locator('#account-password code').textContent({ timeout: ON_SCREEN.timeout }))!;
    const signIn = () =>
      fetch(`${stack.url}/api/v1/team/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'late-alice', password }),
      });
    expect((await signIn()).status).toBe(201);
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Remove account late-alice' }).click();
    await say('Account late-alice removed');
    expect((await signIn()).status).toBe(401);

    // A check account set back to its default from the service's editor (never a secret on the page).
    await page.getByRole('button', { name: 'Edit SSH of team 11' }).click();
    await page.getByRole('button', { name: 'Show its check accounts' }).click();
    await page.getByRole('button', { name: 'Set back to its default (blue)' }).click();
    await say('blue of SSH of team 11 set back to its default');
    expect(await page.content()).not.toContain('Sample-Blue-Pa55');
    expect(await seriousAxeViolations()).toEqual([]);

    // Finalise: refused while results may arrive, then forced.
    const refusedBefore = consoleErrors.length;
    await page.getByRole('button', { name: 'Finalise' }).click();
    await say("Refused in the event's current state");
    expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await page.getByLabel('Even though the event has not ended (results may still arrive)').check();
    await page.getByRole('button', { name: 'Finalise' }).click();
    await say(/^Final since /);
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
