/**
 * Files with submissions (issue #29): a member asks for an upload form, the
 * file goes to the (local) bucket through it, the submission names its key
 * and keeps what the bucket holds; members and organisers download through
 * short-lived links served as attachments; organisers export an inject's
 * submissions as one ZIP. The local bucket checks every upload's policy with
 * the project's own rules, as S3 does; the submission checks again what the
 * bucket holds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectWriter, objectStore } from '#shared/aws/objects';
import { MAX_FILE_BYTES } from '#shared/domain/files';
import { startObjectStore, type ObjectStoreLocal } from '../../lib/local/object-store';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';

let admin: Record<string, string>;
let member: Record<string, string>;
let otherMember: Record<string, string>;
let files: ObjectStoreLocal;
let injectId: number;
const hour = 3_600_000;
const at = (offset: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function signIn(teamId: number, name: string) {
  const account = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: teamId, name } });
  return bearer((await invoke('POST', '/api/v1/team/sessions', { body: { name, password: account.json.password } })).json.token);
}

async function publishedInject(fields: Record<string, unknown> = {}): Promise<number> {
  const created = await invoke('POST', '/api/v1/injects', {
    headers: admin,
    body: { title: 'Network diagram', text: 'Attach your **diagram**.', super_type_id: 2, open_at: at(-hour), due_at: at(hour), points: 40, ...fields },
  });
  const published = await invoke('PATCH', `/api/v1/injects/${created.json.id}`, {
    headers: { ...admin, 'if-match': created.headers.etag! },
    body: { state: 'published' },
  });
  expect(published.status, published.text).toBe(200);
  return created.json.id as number;
}

beforeAll(async () => {
  files = await startObjectStore();
  process.env.FILES_ENDPOINT = files.endpoint;
  process.env.FILES_BUCKET = files.bucket;
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  member = await signIn(1, 'alice');
  otherMember = await signIn(2, 'bob');
  injectId = await publishedInject();
});
afterAll(() => files.stop());

const askForm = (body: Record<string, unknown>, headers = member, team = 1) =>
  invoke('POST', `/api/v1/team/${team}/uploads`, { headers, body: { for: 'inject', ...body } });

/** Posts a file with an upload form's fields, as the page does (the file last). */
async function post(form: { url: string; fields: Record<string, string> }, content: Uint8Array | string, override: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...override })) body.set(name, value);
  body.set('file', new Blob([content]), 'upload');
  const response = await fetch(form.url, { method: 'POST', body });
  return { status: response.status, text: await response.text() };
}

describe('uploads', () => {
  it('a member uploads a file through the form, sends it with the answer, and the team and organisers download it as an attachment', async () => {
    const formAnswer = await askForm({ inject_id: injectId, file_name: 'Network diagram (v2).pdf', content_type: 'application/pdf' });
    expect(formAnswer.status, formAnswer.text).toBe(201);
    const form = formAnswer.json as { key: string; url: string; fields: Record<string, string>; max_bytes: number; expires_at: string };
    expect(form.key).toMatch(new RegExp(`^teams/1/injects/${injectId}/[0-9a-f]{16}/Network_diagram_v2_.pdf$`));
    expect(form.max_bytes).toBe(MAX_FILE_BYTES);
    expect(form.fields).toMatchObject({
      key: form.key,
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment',
    });
    expect(Date.parse(form.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(formAnswer.headers.location).toBe(`/api/v1/team/1/files?key=${encodeURIComponent(form.key)}`);

    const pdf = `%PDF-1.4 diagram ${'x'.repeat(1000)}`;
    expect((await post(form, pdf)).status).toBe(201);
    const sent = await invoke('POST', '/api/v1/team/1/submissions', {
      headers: member,
      body: { inject_id: injectId, text: 'See the diagram.', files: [form.key] },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.files).toEqual([{ key: form.key, name: 'Network_diagram_v2_.pdf', size: pdf.length, content_type: 'application/pdf' }]);
    const listed = await invoke('GET', `/api/v1/team/1/submissions?inject_id=${injectId}`, { headers: member });
    expect(listed.json[0].files).toEqual(sent.json.files);
    const queue = await invoke('GET', `/api/v1/submissions?inject_id=${injectId}&state=ungraded`, { headers: admin });
    expect(queue.json.find((s: { team_id: number }) => s.team_id === 1).files).toEqual(sent.json.files);

    for (const caller of [member, admin]) {
      const link = await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(form.key)}`, { headers: caller });
      expect(link.status, link.text).toBe(200);
      expect(link.json.name).toBe('Network_diagram_v2_.pdf');
      const download = await fetch(link.json.url);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="Network_diagram_v2_.pdf"');
      expect(await download.text()).toBe(pdf);
    }
  });

  it('refuses, at the bucket, a file over the size limit, empty, of another type than declared, or at another key', async () => {
    const form = (await askForm({ inject_id: injectId, file_name: 'big.zip', content_type: 'application/zip' })).json;
    const tooBig = await post(form, new Uint8Array(MAX_FILE_BYTES + 1));
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toContain('EntityTooLarge');
    expect((await post(form, new Uint8Array(0))).text).toContain('EntityTooSmall');
    const otherType = await post(form, 'PK', { 'Content-Type': 'text/html' });
    expect([otherType.status, otherType.text]).toEqual([403, expect.stringContaining('Content-Type must be')]);
    const otherKey = await post(form, 'PK', { key: 'teams/2/injects/1/x/evil.zip' });
    expect([otherKey.status, otherKey.text]).toEqual([403, expect.stringContaining('key must be')]);
    const forged = await post(form, 'PK', { 'x-amz-signature': '0'.repeat(64) });
    expect([forged.status, forged.text]).toEqual([403, expect.stringContaining('SignatureDoesNotMatch')]);
    // None of them left anything: the key is not the team's file.
    expect((await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(form.key)}`, { headers: member })).status).toBe(404);
  });

  it('refuses a form for a type a team may not upload, or for an inject closed or not seen', async () => {
    const html = await askForm({ inject_id: injectId, file_name: 'page.html', content_type: 'text/html' });
    expect([html.status, html.json.errors?.[0]?.path]).toEqual([400, 'content_type']);
    const closed = await publishedInject({ open_at: at(-2 * hour), due_at: at(-hour) });
    expect((await askForm({ inject_id: closed, file_name: 'late.pdf', content_type: 'application/pdf' })).json.code).toBe('inject_closed');
    expect((await askForm({ inject_id: 999, file_name: 'x.pdf', content_type: 'application/pdf' })).status).toBe(404);
    // Another team's member asks on their own team's route only.
    expect((await askForm({ inject_id: injectId, file_name: 'x.pdf', content_type: 'application/pdf' }, otherMember)).status).toBe(403);
  });

  it('expires the form when the inject closes, if that comes sooner than 10 minutes', async () => {
    const closing = await publishedInject({ due_at: at(2 * 60_000) });
    const form = (await askForm({ inject_id: closing, file_name: 'a.txt', content_type: 'text/plain' })).json;
    expect(Date.parse(form.expires_at)).toBeLessThanOrEqual(Date.parse(at(2 * 60_000)));
    const policy = JSON.parse(Buffer.from(form.fields.policy, 'base64').toString()) as { expiration: string };
    expect(Date.parse(policy.expiration)).toBe(Date.parse(form.expires_at));
  });

  it("keeps only the team's own uploads for the inject, as the bucket holds them (checked again, whatever the bucket let in)", async () => {
    const submit = (keys: string[]) => invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text: 'x', files: keys } });
    const problem = async (keys: string[]) => {
      const answer = await submit(keys);
      expect(answer.status, answer.text).toBe(400);
      return answer.json.errors[0].message as string;
    };
    // Another team's prefix, another inject's, nothing uploaded, a path out of the prefix.
    expect(await problem([`teams/2/injects/${injectId}/abc/x.pdf`])).toMatch(/not one of the uploads for this/);
    expect(await problem([`teams/1/injects/${injectId + 100}/abc/x.pdf`])).toMatch(/not one of the uploads for this/);
    expect(await problem([`teams/1/injects/${injectId}/abc/missing.pdf`])).toMatch(/not uploaded/);
    expect(await problem([`teams/1/injects/${injectId}/../../2/x.pdf`])).toMatch(/must not have empty, \. or \.\. segments/);
    // Written past the policy (a local store that did not check it, a bucket misconfigured): the submission still refuses it.
    const store = objectStore();
    for (const [name, type, size] of [
      ['huge.zip', 'application/zip', MAX_FILE_BYTES + 1],
      ['page.html', 'text/html', 10],
    ] as const) {
      const writer = new ObjectWriter(store, `teams/1/injects/${injectId}/past/${name}`, { contentType: type, disposition: 'attachment' });
      await writer.write(new Uint8Array(size));
      await writer.finish();
    }
    expect(await problem([`teams/1/injects/${injectId}/past/huge.zip`])).toMatch(/at most/);
    expect(await problem([`teams/1/injects/${injectId}/past/page.html`])).toMatch(/not a type/);
    // Hostile keys never reach the bucket.
    expect((await submit(['teams/1/injects/1/a b/x.pdf'])).json.errors[0].path).toBe('files.0');
    expect((await submit(['a', 'b', 'c', 'd', 'e', 'f'])).json.errors[0].path).toBe('files');
  });

  it("never links to another team's file, nor to a key that is not there", async () => {
    const form = (await askForm({ inject_id: injectId, file_name: 'mine.txt', content_type: 'text/plain' })).json;
    expect((await post(form, 'mine')).status).toBe(201);
    const link = (team: number, key: string, headers = otherMember) => invoke('GET', `/api/v1/team/${team}/files?key=${encodeURIComponent(key)}`, { headers });
    expect((await link(1, form.key)).status).toBe(403);
    expect((await link(2, form.key)).status).toBe(404);
    expect((await link(1, `${form.key}.nothing`, member)).status).toBe(404);
    expect((await link(1, 'exports/injects/1/x.zip', member)).status).toBe(404);
  });
});

describe('the export', () => {
  it("writes every team's every version, answers and files, as one ZIP in the bucket, and links to it", async () => {
    const inject = await publishedInject({ title: 'Incident memo' });
    const upload = async (headers: Record<string, string>, team: number, name: string, content: string) => {
      const form = (await askForm({ inject_id: inject, file_name: name, content_type: 'text/plain' }, headers, team)).json;
      expect((await post(form, content)).status).toBe(201);
      return form.key as string;
    };
    const send = (headers: Record<string, string>, team: number, text: string, keys: string[]) =>
      invoke('POST', `/api/v1/team/${team}/submissions`, { headers, body: { inject_id: inject, text, files: keys } });
    expect((await send(member, 1, 'First draft.', [await upload(member, 1, 'notes.txt', 'v1 notes')])).status).toBe(201);
    expect((await send(member, 1, '=Final answer, with "quotes".', [await upload(member, 1, 'notes.txt', 'v2 notes')])).status).toBe(201);
    expect((await send(otherMember, 2, 'Team two.', [])).status).toBe(201);

    const exported = await invoke('POST', `/api/v1/injects/${inject}/exports`, { headers: admin });
    expect(exported.status, exported.text).toBe(201);
    expect(exported.json).toMatchObject({ submissions: 3, files: 2 });
    expect(exported.json.key).toMatch(new RegExp(`^exports/injects/${inject}/.+\\.zip$`));
    expect(exported.headers.location).toBe(exported.json.url);
    const download = await fetch(exported.json.url);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="inject-${inject}-submissions.zip"`);
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(zip.length).toBe(exported.json.bytes);

    // unzip, not our reader, says what is in it.
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    try {
      writeFileSync(join(dir, 'export.zip'), zip);
      expect(execFileSync('unzip', ['-tq', 'export.zip'], { cwd: dir }).toString()).toMatch(/No errors detected/);
      execFileSync('unzip', ['-q', 'export.zip'], { cwd: dir });
      const root = join(dir, `inject-${inject}`);
      const folders = readdirSync(root);
      const numberOf = async (id: number) => (await invoke('GET', `/api/v1/teams/${id}`)).json.number as number;
      const [first, second] = [await numberOf(1), await numberOf(2)];
      const folderOf = (number: number) =>
        join(
          root,
          folders.find((name) => name.startsWith(`team-${number}-`))!,
        );
      const team1 = folderOf(first);
      expect(readFileSync(join(team1, 'v1/notes.txt'), 'utf8')).toBe('v1 notes');
      expect(readFileSync(join(team1, 'v2/notes.txt'), 'utf8')).toBe('v2 notes');
      expect(readFileSync(join(team1, 'v2/answer.md'), 'utf8')).toContain('=Final answer, with "quotes".');
      expect(readFileSync(join(folderOf(second), 'v1/answer.md'), 'utf8')).toContain('Team two.');
      const index = readFileSync(join(root, 'submissions.csv'), 'utf8').trim().split('\r\n');
      expect(index).toHaveLength(4);
      expect(index[0]).toBe('team_number,team_id,team,version,submitted_at,submitted_by,late_share,files');
      expect(index.slice(1).map((line) => line.split(',').slice(0, 2).concat(line.split(',')[3]!).join(' '))).toEqual([
        `${first} 1 1`,
        `${first} 1 2`,
        `${second} 2 1`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await invoke('POST', `/api/v1/injects/${inject}/exports`, { headers: member })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/injects/999/exports', { headers: admin })).status).toBe(404);
  });
});

describe("an incident report's evidence", () => {
  it('is uploaded through a form for incidents, named by the report, and downloaded as the team’s own', async () => {
    const form = (
      await invoke('POST', '/api/v1/team/1/uploads', { headers: member, body: { for: 'incident', file_name: 'shell.txt', content_type: 'text/plain' } })
    ).json;
    expect(form.key).toMatch(/^teams\/1\/incidents\/[0-9a-f]{16}\/shell\.txt$/);
    expect((await post(form, '<?php system($_GET["c"]);')).status).toBe(201);
    const report = { observed_at: at(-hour), hosts: ['www'], description: 'A web shell.' };
    const filed = await invoke('POST', '/api/v1/team/1/incidents', { headers: member, body: { ...report, files: [form.key] } });
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json.files).toEqual([{ key: form.key, name: 'shell.txt', size: 25, content_type: 'text/plain' }]);
    const listed = (await invoke('GET', '/api/v1/incidents', { headers: admin })).json.find((r: { id: number }) => r.id === filed.json.id);
    expect(listed.files).toEqual(filed.json.files);
    expect((await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(form.key)}`, { headers: admin })).status).toBe(200);
    // An answer's upload is not evidence, nor is evidence an answer's file.
    const answerFile = (await askForm({ inject_id: injectId, file_name: 'a.txt', content_type: 'text/plain' })).json;
    expect((await post(answerFile, 'x')).status).toBe(201);
    const misnamed = await invoke('POST', '/api/v1/team/1/incidents', { headers: member, body: { ...report, files: [answerFile.key] } });
    expect([misnamed.status, misnamed.json.errors?.[0]?.path]).toEqual([400, 'files.0']);
    const asAnswer = await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text: 'x', files: [form.key] } });
    expect([asAnswer.status, asAnswer.json.errors?.[0]?.path]).toEqual([400, 'files.0']);
  });

  it('is refused a form while the competition takes no reports', async () => {
    const settings = await invoke('GET', '/api/v1/settings/1', { headers: admin });
    const off = await invoke('PATCH', '/api/v1/settings/1', {
      headers: { ...admin, 'if-match': settings.headers.etag! },
      body: { incident_reports_super_type_id: null },
    });
    expect(off.status, off.text).toBe(200);
    const { forgetFreshCopies } = await import('#shared/data/fresh');
    forgetFreshCopies();
    try {
      const refused = await invoke('POST', '/api/v1/team/1/uploads', {
        headers: member,
        body: { for: 'incident', file_name: 'a.txt', content_type: 'text/plain' },
      });
      expect(refused.json.code).toBe('incident_reports_off');
    } finally {
      await invoke('PATCH', '/api/v1/settings/1', {
        headers: { ...admin, 'if-match': off.headers.etag! },
        body: { incident_reports_super_type_id: settings.json.incident_reports_super_type_id },
      });
      forgetFreshCopies();
    }
  });
});

describe("an inject's attachments", () => {
  it('are uploaded by organisers, named by an edit (If-Match), and downloaded by teams once the inject is open to them', async () => {
    const created = await invoke('POST', '/api/v1/injects', {
      headers: admin,
      body: { title: 'Diagram it', text: 'See the attached template.', super_type_id: 2, open_at: at(-hour), due_at: at(hour), points: 10 },
    });
    const id = created.json.id as number;
    expect(created.json.attachments).toEqual([]);
    const formAnswer = await invoke('POST', `/api/v1/injects/${id}/uploads`, { headers: admin, body: { file_name: 'template.csv', content_type: 'text/csv' } });
    const form = formAnswer.json;
    expect(formAnswer.headers.location).toBe(`/api/v1/injects/${id}/files?key=${encodeURIComponent(form.key)}`);
    expect(form.key).toMatch(new RegExp(`^injects/${id}/[0-9a-f]{16}/template\\.csv$`));
    expect((await post(form, 'host,address\n')).status).toBe(201);
    expect((await invoke('POST', `/api/v1/injects/${id}/uploads`, { headers: member, body: { file_name: 'x.csv', content_type: 'text/csv' } })).status).toBe(
      403,
    );
    // Named by an edit: only this inject's uploads, as the bucket holds them.
    const wrong = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': created.headers.etag! },
      body: { attachments: [`injects/${id + 1}/x/a.csv`] },
    });
    expect([wrong.status, wrong.json.errors?.[0]?.path]).toEqual([400, 'attachments.0']);
    const attached = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': created.headers.etag! },
      body: { attachments: [form.key] },
    });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.json.attachments).toEqual([{ key: form.key, name: 'template.csv', size: 13, content_type: 'text/csv' }]);
    const link = (headers: Record<string, string>) => invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(form.key)}`, { headers });
    const organiserLink = (inject: number, key = form.key) =>
      invoke('GET', `/api/v1/injects/${inject}/files?key=${encodeURIComponent(key)}`, { headers: admin });
    // A draft: its organisers download it through the inject, the teams do not see it (nor do organisers through a team's route).
    const draftLink = await organiserLink(id);
    expect(draftLink.status, draftLink.text).toBe(200);
    expect([draftLink.json.name, await (await fetch(draftLink.json.url)).text()]).toEqual(['template.csv', 'host,address\n']);
    expect((await organiserLink(id + 1)).status).toBe(404);
    expect((await organiserLink(id, `injects/${id}/0000000000000000/template.csv`)).status).toBe(404);
    expect((await invoke('GET', `/api/v1/injects/${id}/files?key=${encodeURIComponent(form.key)}`, { headers: member })).status).toBe(403);
    expect((await link(member)).status).toBe(404);
    expect((await link(admin)).status).toBe(404);
    const published = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': attached.headers.etag! },
      body: { state: 'published' },
    });
    expect(published.json.attachments).toEqual(attached.json.attachments);
    const seen = (await invoke('GET', '/api/v1/team/1/injects', { headers: member })).json.find((i: { id: number }) => i.id === id);
    expect(seen.attachments).toEqual(attached.json.attachments);
    const download = await fetch((await link(member)).json.url);
    expect([download.headers.get('content-disposition'), await download.text()]).toEqual(['attachment; filename="template.csv"', 'host,address\n']);
    expect((await link(otherMember)).status).toBe(403);
  });
});
