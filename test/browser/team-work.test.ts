/**
 * What teams send and organisers answer, in a real browser against the real
 * local server (./page-setup.ts): a blue team member's page, a red team's
 * findings reviewed from the console, and the console's other pages, where
 * organisers add to the event, grade what teams sent and close the event.
 * That last flow finalises the competition: it stays last in the file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTeamAccount } from '#shared/app/team-accounts';
import { createToken } from '#shared/data/tokens';
import { TEST_AUDIT } from '../support/database';
import { ENV_TOKENS } from '../support/server';
import {
  api,
  consoleErrors,
  consoleView,
  context,
  HOSTILE_NAME,
  LONG_FLOW,
  ON_SCREEN,
  open,
  page,
  pageAtWrittenPace,
  PNG_BYTES,
  seriousAxeViolations,
  signInToConsole,
  stack,
  useWebPage,
  type Row,
} from './page-setup';

useWebPage();

describe('the other pages', () => {
  it(
    "a blue team member's page: signs in, reads the announcements and why a check fails, checks now, sends a password change, answers an inject with a file (its Markdown drawn safely, its attachment downloaded; a type no team may upload refused; the file downloads as an attachment) and sees its grade, files an incident report with evidence, signs out; no serious axe violation",
    LONG_FLOW,
    async () => {
      const { password } = await createTeamAccount({ home: 1, name: 'browser-member', audit: TEST_AUDIT });
      const team = (await api('/teams/1')) as { number: number };
      const ftp = ((await api(`/services?team=${team.number}`)) as { id: number; subtype: string }[]).find((s) => s.subtype === 'FTP')!;
      const reported = await fetch(`${stack.url}/api/v1/services/${ftp.id}/scans`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scan_id: 'browser-ftp-1', score: 0, error: 'login as files refused', category: 'login failed' }),
      });
      expect(reported.status).toBe(201);
      // An announcement to every team and one to another team: the page shows the first only, as text.
      const { token: announcer } = await createToken({ role: 'admin', name: 'announcer', expiresAt: null, audit: TEST_AUDIT });
      const announce = (body: unknown) =>
        fetch(`${stack.url}/api/v1/announcements`, {
          method: 'POST',
          headers: { authorization: `Bearer ${announcer}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await announce({ text: 'Lunch at noon. <b>Not bold</b>' })).status).toBe(201);
      expect((await announce({ text: 'For team 2 only', team_id: 2 })).status).toBe(201);
      // An inject, published and open, its text in Markdown (a heading, a link, HTML that stays text).
      const asOrganiser = { authorization: `Bearer ${announcer}`, 'content-type': 'application/json' };
      const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const injectBody = {
        title: 'Firewall memo',
        text: '# The memo\n\nOne page, see [the rules](https://example.com/rules). <script>alert(1)</script>',
        super_type_id: 2,
        open_at: stamp(Date.now() - 3_600_000),
        due_at: stamp(Date.now() + 3_600_000),
        points: 50,
        rubric: [],
      };
      const inject = (await (
        await fetch(`${stack.url}/api/v1/injects`, { method: 'POST', headers: asOrganiser, body: JSON.stringify(injectBody) })
      ).json()) as {
        id: number;
      };
      // With an attachment, uploaded as the console does: a form, the file posted to the file store, an edit naming it.
      const attachmentForm = (await (
        await fetch(`${stack.url}/api/v1/injects/${inject.id}/uploads`, {
          method: 'POST',
          headers: asOrganiser,
          body: JSON.stringify({ file_name: 'rules.csv', content_type: 'text/csv' }),
        })
      ).json()) as { key: string; url: string; fields: Record<string, string> };
      const attachment = new FormData();
      for (const [name, value] of Object.entries(attachmentForm.fields)) attachment.append(name, value);
      attachment.append('file', new Blob(['rule,port\nssh,22\n']), 'rules.csv');
      expect((await fetch(attachmentForm.url, { method: 'POST', body: attachment })).status).toBe(201);
      const edit = { state: 'published', attachments: [attachmentForm.key] };
      expect((await fetch(`${stack.url}/api/v1/injects/${inject.id}`, { method: 'PATCH', headers: asOrganiser, body: JSON.stringify(edit) })).status).toBe(200);
      await open('/my-team.html', 'form.member-form');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByLabel('Name').fill('browser-member');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const row = page.locator(`table.services tr[data-service-id="${ftp.id}"]`);
      await row.locator('td', { hasText: 'login as files refused' }).waitFor(ON_SCREEN);
      await page.locator('.announcements li', { hasText: 'Lunch at noon.' }).waitFor(ON_SCREEN);
      expect(await page.locator('.announcements li').allTextContents()).toEqual([expect.stringContaining('Lunch at noon. <b>Not bold</b>')]);
      expect(await row.textContent()).toContain('login failed');
      // The token is in this tab's session storage, not in a cookie.
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate("sessionStorage.getItem('ccdc.team-session')")).toMatch(/^ccdcs_1_/);
      await row.getByRole('button', { name: 'Show' }).click();
      await page.locator(`#history-${ftp.id} table.history td`, { hasText: 'login as files refused' }).waitFor(ON_SCREEN);
      expect(await seriousAxeViolations()).toEqual([]);
      // Check now: the job shows queued, and how it went once an agent (here, this test) takes it and reports.
      await row.getByRole('button', { name: 'Check now (FTP)' }).click();
      await page.locator('.form-status', { hasText: 'of FTP asked for' }).waitFor(ON_SCREEN);
      const job = page.locator('table.checks tbody tr').first();
      await job.locator('td', { hasText: 'queued' }).waitFor(ON_SCREEN);
      const jobId = Number(await job.getAttribute('data-check-id'));
      const asAgent = (body: unknown) =>
        fetch(`${stack.url}/api/v1/checks/${jobId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await asAgent({ state: 'running' })).status).toBe(200);
      const outcome = { state: 'done', passed: false, reason: 'login as files refused again', category: 'login failed', checked_at: '2026-11-22T10:20:00Z' };
      expect((await asAgent(outcome)).status).toBe(200);
      await job.locator('td', { hasText: 'login as files refused again' }).waitFor(ON_SCREEN);
      expect(await job.textContent()).toContain('login failed');
      // Asking again at once: the team's limit, said on the page.
      const refusedBefore = consoleErrors.length;
      await row.getByRole('button', { name: 'Check now (FTP)' }).click();
      await page.locator('.form-status', { hasText: 'once every 20 s' }).waitFor(ON_SCREEN);
      expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 429 (Too Many Requests)']);
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByLabel('New passwords, one account per line: service,username,password').fill('FTP,files,Browser-Rotated-Pa55');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('.form-status', { hasText: 'applied' }).waitFor(ON_SCREEN);
      await page.locator('table.changes td', { hasText: 'FTP files' }).waitFor(ON_SCREEN);
      expect(await page.content()).not.toContain('Browser-Rotated-Pa55');
      const errorsBefore = consoleErrors.length;
      await page.getByLabel('New passwords, one account per line: service,username,password').fill('FTP,nobody,x');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.locator('.form-status li', { hasText: 'has no such user' }).waitFor(ON_SCREEN);
      // The browser logs the refused request (400) as a failed load: expected here, and only that.
      expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      // The inject: its Markdown drawn (the heading under the card's title, HTML as text); an answer sent, graded, the grade shown.
      const card = page.locator(`article.inject[data-inject-id="${inject.id}"]`);
      await card.locator('h4', { hasText: 'The memo' }).waitFor(ON_SCREEN);
      expect(await card.locator('.inject-text a').getAttribute('href')).toBe('https://example.com/rules');
      expect(await card.locator('.inject-text').textContent()).toContain('<script>alert(1)</script>');
      // A file of a type no team may upload is refused before anything is sent.
      await card.getByLabel('Your answer (Markdown)').fill('# Our memo\n\nRules 1 to 4.');
      await card.getByLabel(/^Files, if any/).setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>no</p>') });
      await card.getByRole('button', { name: 'Send the answer to Firewall memo' }).click();
      await card.locator('.form-status li', { hasText: 'content_type: must be one of' }).waitFor(ON_SCREEN);
      expect(consoleErrors.splice(errorsBefore)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      // The answer with a PDF: the file goes to the (local) file store, the answer names it, and it downloads as an attachment.
      const pdf = Buffer.from(`%PDF-1.4 the firewall memo ${'x'.repeat(2000)}`);
      await card.getByLabel(/^Files, if any/).setInputFiles({ name: 'Firewall memo.pdf', mimeType: 'application/pdf', buffer: pdf });
      await card.getByRole('button', { name: 'Send the answer to Firewall memo' }).click();
      await card.locator('.form-status', { hasText: 'Version 1 sent with 1 file.' }).waitFor(ON_SCREEN);
      await card.locator('.inject-state', { hasText: 'Your latest answer: version 1' }).waitFor(ON_SCREEN);
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download Firewall_memo.pdf' }).click()]);
      expect(download.suggestedFilename()).toBe('Firewall_memo.pdf');
      expect(readFileSync((await download.path())!)).toEqual(pdf);
      const [rules] = await Promise.all([
        page.waitForEvent('download'),
        card.locator('.inject-files').getByRole('button', { name: 'Download rules.csv' }).click(),
      ]);
      expect(readFileSync((await rules.path())!, 'utf8')).toBe('rule,port\nssh,22\n');
      const graded = await fetch(`${stack.url}/api/v1/injects/${inject.id}/grades`, {
        method: 'POST',
        headers: asOrganiser,
        body: JSON.stringify({ team_id: 1, submission_version: 1, points: 45, comment: 'Clear and **short**.', replaces: null }),
      });
      expect(graded.status).toBe(201);
      await card.locator('.grade', { hasText: 'Graded: 45 points' }).waitFor(ON_SCREEN);
      expect(await card.locator('.grade strong').textContent()).toBe('short');
      // An incident report filed from the page.
      await page.getByLabel('When you saw it (UTC, such as 2026-11-28T10:15:00Z)').fill('2026-11-22T10:15:00Z');
      await page.getByLabel('Hosts it touched (comma-separated)').fill('www.team11.ccdc.example, 10.0.11.5');
      await page.getByLabel('What was done, and what you did about it (Markdown)').fill('A web shell in `/var/www/uploads`, removed.');
      await page
        .getByLabel(/^Files, if any/)
        .last()
        .setInputFiles({ name: 'shell.png', mimeType: 'image/png', buffer: PNG_BYTES });
      await page.getByRole('button', { name: 'File the report' }).click();
      await page.locator('.form-status', { hasText: /^Report \d+ filed with 1 file\.$/ }).waitFor(ON_SCREEN);
      await page.locator('.incidents li').getByRole('button', { name: 'Download shell.png' }).waitFor(ON_SCREEN);
      await page.locator('.incidents li', { hasText: 'www.team11.ccdc.example, 10.0.11.5' }).waitFor(ON_SCREEN);
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.locator('.form-status', { hasText: 'Signed out.' }).waitFor(ON_SCREEN);
      expect(await page.evaluate("sessionStorage.getItem('ccdc.team-session')")).toBeNull();
    },
  );

  it("the red team's page: a member files a finding with a screenshot, the console approves it from the queue, the team's member sees it (issue #47)", async () => {
    const { password } = await createTeamAccount({ home: 'red', name: 'browser-red', audit: TEST_AUDIT });
    await open('/red-team.html', 'form.member-form');
    await page.getByLabel('Name').fill('browser-red');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'File a finding' }).waitFor(ON_SCREEN);
    await page
      .locator('#finding-service option')
      .first()
      .waitFor({ state: 'attached', ...ON_SCREEN });
    await page.getByLabel('Team', { exact: true }).selectOption({ value: '1' });
    const ssh = ((await api('/services')) as { id: number; subtype: string; team: { id: number } }[]).find((s) => s.team.id === 1 && s.subtype === 'SSH')!;
    await page.getByLabel('Service').selectOption({ value: String(ssh.id) });
    await page.getByLabel('Kind').selectOption({ value: 'user-access' });
    await page.getByLabel(/^What you did/).fill(`Logged in as blue. ${HOSTILE_NAME}`);
    await page.getByLabel(/^Files, if any/).setInputFiles({ name: 'root shell.png', mimeType: 'image/png', buffer: PNG_BYTES });
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'File the finding' }).click();
    await page.locator('.form-status', { hasText: /^Finding \d+ filed with 1 file\.$/ }).waitFor(ON_SCREEN);
    const card = page.locator('.red-findings li').first();
    await card.locator('.finding-state', { hasText: 'Waiting for review' }).waitFor(ON_SCREEN);
    // The red team's own Markdown is drawn as text: the hostile name is not an element.
    expect(await card.textContent()).toContain(HOSTILE_NAME);
    expect(await page.locator('.red-findings img').count()).toBe(0);
    const id = Number(await card.getAttribute('data-finding-id'));

    // The organisers' queue, reviewed with its evidence (signed in with an admin token, kept in the tab as the console keeps it).
    const { token: reviewer } = await createToken({ role: 'admin', name: 'findings reviewer', expiresAt: null, audit: TEST_AUDIT });
    await page.evaluate(`sessionStorage.setItem('ccdc.admin-token', ${JSON.stringify(reviewer)})`);
    await open('/admin/#/findings', 'table.console-findings');
    await page.getByRole('button', { name: `Review at finding ${id}` }).click();
    await page.getByRole('button', { name: 'Download root_shell.png' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    await page.getByRole('button', { name: `Save the review of finding ${id}` }).click();
    await page.locator('#console-status', { hasText: `Finding ${id}: approve (-25 on the board).` }).waitFor(ON_SCREEN);

    // The red team's page follows it; the team's member sees it, never who filed it.
    await open('/red-team.html', '.red-findings li');
    await page.locator(`.red-findings li[data-finding-id="${id}"] .finding-state`, { hasText: 'Approved: 25 points off' }).waitFor(ON_SCREEN);
    const member = await createTeamAccount({ home: 1, name: 'browser-findings', audit: TEST_AUDIT });
    await page.evaluate("sessionStorage.removeItem('ccdc.team-session')");
    await open('/my-team.html', 'form.member-form');
    await page.getByLabel('Name').fill('browser-findings');
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const seen = page.locator(`.team-findings li[data-finding-id="${id}"]`);
    await seen.waitFor(ON_SCREEN);
    expect(await seen.textContent()).toMatch(/User access on SSH, .*: 25 points off/);
    expect(await page.locator('.member-findings').textContent()).not.toContain('browser-red');

    // A beacon (issue #63): team 1 given networks, the red team opens one on its page and sees the token once; the console lists it.
    const admin = { authorization: `Bearer ${reviewer}`, 'content-type': 'application/json' };
    expect(
      (await fetch(`${stack.url}/api/v1/teams/1`, { method: 'PATCH', headers: admin, body: JSON.stringify({ networks: ['127.0.11.0/24'] }) })).status,
    ).toBe(200);
    await open('/red-team.html', '.red-beacons :is(ol, .empty)');
    await page.getByLabel('Beacon’s team').selectOption({ value: '1' });
    await page.getByLabel('Beacon’s host').selectOption({ value: 'www.team11.ccdc.example' });
    await page.getByRole('button', { name: 'Open the beacon' }).click();
    const shown = page.locator('form[aria-label="Open a beacon"] .form-status pre.secret code');
    await shown.waitFor(ON_SCREEN);
    expect(await shown.textContent()).toMatch(/^ccdcb_[\w-]{43}$/);
    await page.locator('.red-beacons li', { hasText: 'www.team11.ccdc.example' }).waitFor(ON_SCREEN);
    expect(await seriousAxeViolations()).toEqual([]);
    await open('/admin/#/findings', 'table.console-beacons');
    expect(await page.locator('table.console-beacons tbody tr').first().textContent()).toContain('www.team11.ccdc.example');
  });

  it("a member's page is nudged on the live topic between its 5 s polls, and polls all the same (decision 0086)", async () => {
    const { password } = await createTeamAccount({ home: 2, name: 'browser-nudged', audit: TEST_AUDIT });
    const team = (await api('/teams/2')) as { number: number };
    const ssh = ((await api(`/services?team=${team.number}`)) as { id: number; subtype: string }[]).find((s) => s.subtype === 'SSH')!;
    // Nothing of the tests before it still folding: no nudge comes but this test's.
    await stack.fold.caughtUp();
    const paced = await pageAtWrittenPace();
    await paced.page.goto(`${stack.url}/my-team.html`);
    await paced.page.getByLabel('Name').fill('browser-nudged');
    await paced.page.getByLabel('Password').fill(password);
    await paced.page.getByRole('button', { name: 'Sign in' }).click();
    const row = paced.page.locator(`table.services tr[data-service-id="${ssh.id}"]`);
    await row.waitFor(ON_SCREEN);
    const servicesReads = (from = 0) => paced.requested.slice(from).filter(({ url }) => /\/api\/v1\/team\/\d+\/services(\?|$)/.test(url));
    // Its own data has no topic: it polls, every 5 s, on the nudges too.
    await expect.poll(() => servicesReads().length, ON_SCREEN).toBeGreaterThanOrEqual(2);
    const [first, poll] = servicesReads();
    expect(poll!.at - first!.at).toBeGreaterThan(4_000);

    // Just after that poll, a result: the page shows it well before the next poll is due.
    const polledAt = poll!.at;
    const from = paced.requested.length;
    const reported = await fetch(`${stack.url}/api/v1/services/${ssh.id}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ENV_TOKENS.service}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scan_id: 'browser-member-nudged-1', score: 0, error: 'ssh banner never came', category: 'timeout' }),
    });
    expect(reported.status).toBe(201);
    await row.locator('td', { hasText: 'ssh banner never came' }).waitFor({ timeout: 4_000 });
    const readAt = servicesReads(from)[0]!.at;
    expect(readAt - polledAt, 'read on the nudge, not on the next poll').toBeLessThan(4_000);
    await paced.page.close();
  });

  it(
    "the console's other pages: adds a team and a service (the board follows), changes a check's content, adjusts a score, announces, writes and publishes an inject, attaches a file to it, and grades a team's answer from the queue (its file downloaded; the board's Injects column moves), exports every answer as one ZIP, grades an incident report, voids results after a preview, reads it all in the filtered audit trail, creates and removes a member's account, resets a check account, finalises; keyboard labels and axe clean",
    LONG_FLOW,
    async () => {
      await signInToConsole('other pages organiser');
      await consoleView('Teams', 'table.console-teams');
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

      await consoleView('Services', 'table.console-services tbody tr');
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
      await consoleView('Checks and pools', 'table.console-subtypes');
      await page.getByRole('button', { name: 'The check of HTTP' }).click();
      await page.getByLabel('content', { exact: true }).fill('Welcome to the shop');
      expect(await seriousAxeViolations()).toEqual([]);
      await page.getByRole('button', { name: 'Save the check' }).click();
      await say('The check of HTTP saved');
      const subtypes = (await api('/subtypes', { headers: { authorization: `Bearer ${ENV_TOKENS.service}` } })) as { id: number; content?: string }[];
      expect(subtypes.find((s) => s.id === 1)!.content).toBe('Welcome to the shop');

      // Team 15's HTTP alone expects other content: its own check, then its subtype's again.
      await consoleView('Services', 'table.console-services tbody tr');
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
      await consoleView('Checks and pools', 'table.console-subtypes');
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
      // The view lists the event's injects, or says it has none yet.
      await consoleView('Injects and grading', '#console-view :is(table.console-injects, p.empty)');
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
      const { password: memberPassword } = await createTeamAccount({ home: team11.team.id, name: 'console-answerer', audit: TEST_AUDIT });
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
      await consoleView('Incident reports', 'table.console-incidents');
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
      await consoleView('Audit trail', 'table.console-audit');
      await page.getByLabel('Target (and its parts)').fill(`teams/${late.team.id}`);
      await page.getByRole('button', { name: 'Show the entries' }).click();
      // The unfiltered trail may still be on screen (it holds an adjustment.create too): wait for the whole filtered list.
      await expect.poll(() => page.locator('table.console-audit tbody th').allTextContents(), ON_SCREEN).toEqual(['adjustment.create', 'team.create']);
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
      await consoleView('Tokens and accounts', 'table.console-accounts');
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
      await consoleView('Services', 'table.console-services tbody tr');
      await page.getByRole('button', { name: 'Edit SSH of team 11' }).click();
      await page.getByRole('button', { name: 'Show its check accounts' }).click();
      await page.getByRole('button', { name: 'Set back to its default (blue)' }).click();
      await say('blue of SSH of team 11 set back to its default');
      expect(await page.content()).not.toContain('Sample-Blue-Pa55');
      expect(await seriousAxeViolations()).toEqual([]);

      // Finalise: refused while results may arrive, then forced.
      const refusedBefore = consoleErrors.length;
      await consoleView('Closing the event', '#console-view form');
      await page.getByRole('button', { name: 'Finalise' }).click();
      await say("Refused in the event's current state");
      expect(consoleErrors.splice(refusedBefore)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
      await page.getByLabel('Even though the event has not ended (results may still arrive)').check();
      await page.getByRole('button', { name: 'Finalise' }).click();
      await say(/^Final since /);
    },
  );
});
