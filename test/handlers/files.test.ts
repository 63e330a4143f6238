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
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureV4 } from '@smithy/signature-v4';
import { LOCAL_OBJECT_STORE_CREDENTIALS, ObjectWriter, copyObject, headObject, objectStore, presignedUrl } from '#shared/aws/objects';
import { NodeSha256 } from '#shared/aws/sigv4';
import { ZipWriter } from '#shared/zip';
import { MAX_FILE_BYTES } from '#shared/domain/files';
import { startObjectStore, type ObjectStoreLocal } from '../../lib/local/object-store';
import { startLambdaTwin, type LambdaTwin } from '../../lib/local/lambda-twin';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';
import { withHexBitFlipped } from '../support/tamper';

let admin: Record<string, string>;
let member: Record<string, string>;
let otherMember: Record<string, string>;
let files: ObjectStoreLocal;
let lambda: LambdaTwin;
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
  lambda = await startLambdaTwin();
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  member = await signIn(1, 'alice');
  otherMember = await signIn(2, 'bob');
  injectId = await publishedInject();
});
afterAll(async () => {
  await lambda.stop();
  await files.stop();
});

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
    expect(form.key).toMatch(new RegExp(`^staging/teams/1/injects/${injectId}/[0-9a-f]{16}/Network_diagram_v2_.pdf$`));
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
    // Kept as a copy of its own, outside the staging prefix the form writes to.
    expect(sent.json.files).toEqual([
      {
        key: expect.stringMatching(new RegExp(`^teams/1/injects/${injectId}/[0-9a-f]{16}/Network_diagram_v2_.pdf$`)),
        name: 'Network_diagram_v2_.pdf',
        size: pdf.length,
        content_type: 'application/pdf',
      },
    ]);
    const kept = sent.json.files[0].key as string;
    expect(kept.slice(kept.lastIndexOf('/', kept.lastIndexOf('/') - 1))).not.toBe(form.key.slice(form.key.lastIndexOf('/', form.key.lastIndexOf('/') - 1)));
    const listed = await invoke('GET', `/api/v1/team/1/submissions?inject_id=${injectId}`, { headers: member });
    expect(listed.json[0].files).toEqual(sent.json.files);
    const queue = await invoke('GET', `/api/v1/submissions?inject_id=${injectId}&state=ungraded`, { headers: admin });
    expect(queue.json.items.find((s: { team_id: number }) => s.team_id === 1).files).toEqual(sent.json.files);

    for (const caller of [member, admin]) {
      const link = await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(kept)}`, { headers: caller });
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
    const forged = await post(form, 'PK', { 'x-amz-signature': withHexBitFlipped(form.fields['x-amz-signature']) });
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
    // Another team's prefix, another inject's, a kept copy (not an upload), nothing uploaded, a path out of the prefix.
    expect(await problem([`staging/teams/2/injects/${injectId}/abc/x.pdf`])).toMatch(/not one of the uploads for this/);
    expect(await problem([`staging/teams/1/injects/${injectId + 100}/abc/x.pdf`])).toMatch(/not one of the uploads for this/);
    expect(await problem([`teams/1/injects/${injectId}/abc/x.pdf`])).toMatch(/not one of the uploads for this/);
    expect(await problem([`staging/teams/1/injects/${injectId}/abc/missing.pdf`])).toMatch(/not uploaded/);
    expect(await problem([`staging/teams/1/injects/${injectId}/../../2/x.pdf`])).toMatch(/must not have empty, \. or \.\. segments/);
    // Written past the policy (a local store that did not check it, a bucket misconfigured): the submission still refuses it.
    for (const [name, type, size] of [
      ['huge.zip', 'application/zip', MAX_FILE_BYTES + 1],
      ['page.html', 'text/html', 10],
    ] as const) {
      await putObject(`staging/teams/1/injects/${injectId}/past/${name}`, type, new Uint8Array(size));
    }
    expect(await problem([`staging/teams/1/injects/${injectId}/past/huge.zip`])).toMatch(/at most/);
    expect(await problem([`staging/teams/1/injects/${injectId}/past/page.html`])).toMatch(/not a type/);
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

describe('what a team submitted', () => {
  it('stays as submitted: the form posted again after the version changes neither its bytes nor its late share; naming the upload again is a new copy only if it changed', async () => {
    const inject = await publishedInject({ title: 'Pinned memo' });
    const form = (await askForm({ inject_id: inject, file_name: 'memo.txt', content_type: 'text/plain' })).json;
    expect((await post(form, 'the original memo')).status).toBe(201);
    const send = (keys: string[]) => invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: inject, text: 'Memo.', files: keys } });
    const v1 = await send([form.key]);
    expect(v1.status, v1.text).toBe(201);
    // The form is still good (until the inject closes): posted again, the bucket takes it, under the upload's own key.
    expect((await post(form, 'a memo changed after the fact')).status).toBe(201);
    const listed = (await invoke('GET', `/api/v1/team/1/submissions?inject_id=${inject}`, { headers: member })).json;
    expect(listed).toEqual([v1.json]);
    const download = async (key: string) =>
      (await fetch((await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(key)}`, { headers: admin })).json.url)).text();
    expect(await download(v1.json.files[0].key)).toBe('the original memo');
    // Named again: it changed, so v2 keeps a copy of its own; named once more unchanged, v3 keeps v2's.
    const v2 = (await send([form.key])).json;
    const v3 = (await send([form.key, v1.json.files[0].key])).json;
    expect(v2.files[0].key).not.toBe(v1.json.files[0].key);
    expect(await download(v2.files[0].key)).toBe('a memo changed after the fact');
    expect(v3.files.map((f: { key: string }) => f.key)).toEqual([v2.files[0].key, v1.json.files[0].key]);
    expect(await download(v1.json.files[0].key)).toBe('the original memo');
  });

  it('is bounded: at most 50 MiB a version (413 naming the limit), and a team asks for at most 30 upload forms in 10 minutes (429, Retry-After)', async () => {
    const keys: string[] = [];
    for (const n of [1, 2, 3]) {
      const key = `staging/teams/1/injects/${injectId}/big${n}/part${n}.zip`;
      await putObject(key, 'application/zip', new Uint8Array(18 * 1024 * 1024));
      keys.push(key);
    }
    const tooLarge = await invoke('POST', '/api/v1/team/1/submissions', { headers: member, body: { inject_id: injectId, text: 'x', files: keys } });
    expect([tooLarge.status, tooLarge.json.code]).toEqual([413, 'files_too_large']);
    expect(tooLarge.json.detail).toContain(String(50 * 1024 * 1024));

    const third = await signIn(3, 'carol');
    const ask = () => askForm({ inject_id: injectId, file_name: 'a.txt', content_type: 'text/plain' }, third, 3);
    const answers = await Promise.all(Array.from({ length: 32 }, ask));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(30);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]!.json.code).toBe('uploads_limited');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it("is exported as a job: one ZIP, every version, each name once, the service's own files where no team file can stand", async () => {
    const inject = await publishedInject({ title: 'Incident memo' });
    const upload = async (headers: Record<string, string>, team: number, name: string, content: string) => {
      const form = (await askForm({ inject_id: inject, file_name: name, content_type: 'text/plain' }, headers, team)).json;
      expect((await post(form, content)).status).toBe(201);
      return form.key as string;
    };
    const send = (headers: Record<string, string>, team: number, text: string, keys: string[]) =>
      invoke('POST', `/api/v1/team/${team}/submissions`, { headers, body: { inject_id: inject, text, files: keys } });
    const notes = await upload(member, 1, 'notes.txt', 'v1 notes');
    // A team file named as the service names its own: it stands under files/, never in answer.md's place.
    const forged = await upload(member, 1, 'answer.md', 'a forged answer');
    expect((await send(member, 1, 'First draft.', [notes, forged])).status).toBe(201);
    const second = await upload(member, 1, 'notes.txt', 'v2 notes');
    expect((await send(member, 1, '=Final answer, with "quotes".', [second, notes])).status).toBe(201);
    expect((await send(otherMember, 2, 'Team two.', [])).status).toBe(201);

    const asked = await invoke('POST', `/api/v1/injects/${inject}/exports`, { headers: admin });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.json).toMatchObject({ inject_id: inject, state: 'queued', submissions: 3, files: 3, url: null });
    expect(asked.headers.location).toBe(`/api/v1/injects/exports/${asked.json.id}`);
    await lambda.idle();
    const done = await invoke('GET', asked.headers.location!, { headers: admin });
    expect(done.json).toMatchObject({ state: 'done', error: null, key: expect.stringMatching(new RegExp(`^exports/injects/${inject}/.+\\.zip$`)) });
    const download = await fetch(done.json.url);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="inject-${inject}-submissions.zip"`);
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(zip.length).toBe(done.json.bytes);

    // unzip, not our reader, says what is in it.
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    try {
      writeFileSync(join(dir, 'export.zip'), zip);
      expect(execFileSync('unzip', ['-tq', 'export.zip'], { cwd: dir }).toString()).toMatch(/No errors detected/);
      const names = execFileSync('unzip', ['-Z1', 'export.zip'], { cwd: dir }).toString().trim().split('\n');
      expect(new Set(names).size).toBe(names.length);
      execFileSync('unzip', ['-q', 'export.zip'], { cwd: dir });
      const root = join(dir, `inject-${inject}`);
      const folders = readdirSync(root);
      const numberOf = async (id: number) => (await invoke('GET', `/api/v1/teams/${id}`)).json.number as number;
      const [first, secondTeam] = [await numberOf(1), await numberOf(2)];
      const folderOf = (number: number) =>
        join(
          root,
          folders.find((name) => name.startsWith(`team-${number}-`))!,
        );
      const team1 = folderOf(first);
      expect(readFileSync(join(team1, 'v1/answer.md'), 'utf8')).toContain('First draft.');
      expect(readFileSync(join(team1, 'v1/files/answer.md'), 'utf8')).toBe('a forged answer');
      expect(readFileSync(join(team1, 'v1/files/notes.txt'), 'utf8')).toBe('v1 notes');
      expect(readFileSync(join(team1, 'v2/files/notes.txt'), 'utf8')).toBe('v2 notes');
      // v2 names v1's notes again: written once, in v1, and v2's answer points to it.
      expect(readdirSync(join(team1, 'v2/files'))).toEqual(['notes.txt']);
      expect(readFileSync(join(team1, 'v2/answer.md'), 'utf8')).toContain(`team-${first}-`);
      expect(readFileSync(join(team1, 'v2/answer.md'), 'utf8')).toContain('/v1/files/notes.txt');
      expect(readFileSync(join(folderOf(secondTeam), 'v1/answer.md'), 'utf8')).toContain('Team two.');
      const index = readFileSync(join(root, 'submissions.csv'), 'utf8').trim().split('\r\n');
      expect(index[0]).toBe('team_number,team_id,team,version,submitted_at,submitted_by,late_share,answer,files');
      expect(index).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await invoke('POST', `/api/v1/injects/${inject}/exports`, { headers: member })).status).toBe(403);
    expect((await invoke('POST', '/api/v1/injects/999/exports', { headers: admin })).status).toBe(404);
    expect((await invoke('GET', '/api/v1/injects/exports/999', { headers: admin })).status).toBe(404);
  });

  it('leaves the uploads nothing named to expire with the staging prefix; what was named stays', async () => {
    const form = (await askForm({ inject_id: injectId, file_name: 'left.txt', content_type: 'text/plain' })).json;
    expect((await post(form, 'never named')).status).toBe(201);
    const keptBefore = files.list('teams/').map((o) => o.key);
    expect(files.list('staging/').some((o) => o.key === form.key)).toBe(true);
    expect(files.expire(new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    expect(files.expire(new Date(Date.now() + 3 * 86_400_000 + 60_000))).toBeGreaterThan(0);
    expect(files.list('staging/')).toEqual([]);
    expect(files.list('teams/').map((o) => o.key)).toEqual(keptBefore);
  });
});

describe("an incident report's evidence", () => {
  it('is uploaded through a form for incidents, named by the report, and downloaded as the team’s own', async () => {
    const form = (
      await invoke('POST', '/api/v1/team/1/uploads', { headers: member, body: { for: 'incident', file_name: 'shell.txt', content_type: 'text/plain' } })
    ).json;
    expect(form.key).toMatch(/^staging\/teams\/1\/incidents\/[0-9a-f]{16}\/shell\.txt$/);
    expect((await post(form, '<?php system($_GET["c"]);')).status).toBe(201);
    const report = { observed_at: at(-hour), hosts: ['www'], description: 'A web shell.' };
    const filed = await invoke('POST', '/api/v1/team/1/incidents', { headers: member, body: { ...report, files: [form.key] } });
    expect(filed.status, filed.text).toBe(201);
    expect(filed.json.files).toEqual([
      { key: expect.stringMatching(/^teams\/1\/incidents\/[0-9a-f]{16}\/shell\.txt$/), name: 'shell.txt', size: 25, content_type: 'text/plain' },
    ]);
    const listed = (await invoke('GET', '/api/v1/incidents', { headers: admin })).json.find((r: { id: number }) => r.id === filed.json.id);
    expect(listed.files).toEqual(filed.json.files);
    expect((await invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(filed.json.files[0].key)}`, { headers: admin })).status).toBe(200);
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
    expect(form.key).toMatch(new RegExp(`^staging/injects/${id}/[0-9a-f]{16}/template\\.csv$`));
    expect((await post(form, 'host,address\n')).status).toBe(201);
    expect((await invoke('POST', `/api/v1/injects/${id}/uploads`, { headers: member, body: { file_name: 'x.csv', content_type: 'text/csv' } })).status).toBe(
      403,
    );
    // Named by an edit: only this inject's uploads, as the bucket holds them.
    const wrong = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': created.headers.etag! },
      body: { attachments: [`staging/injects/${id + 1}/x/a.csv`] },
    });
    expect([wrong.status, wrong.json.errors?.[0]?.path]).toEqual([400, 'attachments.0']);
    const attached = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': created.headers.etag! },
      body: { attachments: [form.key] },
    });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.json.attachments).toEqual([
      { key: expect.stringMatching(new RegExp(`^injects/${id}/[0-9a-f]{16}/template\\.csv$`)), name: 'template.csv', size: 13, content_type: 'text/csv' },
    ]);
    const keptKey = attached.json.attachments[0].key as string;
    const link = (headers: Record<string, string>, key = keptKey) => invoke('GET', `/api/v1/team/1/files?key=${encodeURIComponent(key)}`, { headers });
    const organiserLink = (inject: number, key = keptKey) =>
      invoke('GET', `/api/v1/injects/${inject}/files?key=${encodeURIComponent(key)}`, { headers: admin });
    // A draft: its organisers download it through the inject, the teams do not see it (nor do organisers through a team's route).
    const draftLink = await organiserLink(id);
    expect(draftLink.status, draftLink.text).toBe(200);
    expect([draftLink.json.name, await (await fetch(draftLink.json.url)).text()]).toEqual(['template.csv', 'host,address\n']);
    // The upload itself, before it was named (its form's Location), too.
    expect((await organiserLink(id, form.key)).status).toBe(200);
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
    // A team never downloads the organisers' upload itself, only the copy the inject keeps.
    expect((await link(member, form.key)).status).toBe(404);
    // Named again with another file: the copy kept stays as it is, the new upload gets one of its own.
    const second = (await invoke('POST', `/api/v1/injects/${id}/uploads`, { headers: admin, body: { file_name: 'notes.txt', content_type: 'text/plain' } }))
      .json;
    expect((await post(second, 'notes')).status).toBe(201);
    const both = await invoke('PATCH', `/api/v1/injects/${id}`, {
      headers: { ...admin, 'if-match': published.headers.etag! },
      body: { attachments: [keptKey, second.key] },
    });
    expect(both.status, both.text).toBe(200);
    expect(both.json.attachments.map((a: { key: string }) => a.key)).toEqual([
      keptKey,
      expect.stringMatching(new RegExp(`^injects/${id}/[0-9a-f]{16}/notes\\.txt$`)),
    ]);
  });
});

/** A request to the local store as sent, raw path and all (fetch would normalise `..`), signed with the local key when asked. */
async function raw(method: string, target: string, options: { sign?: boolean; headers?: Record<string, string>; body?: Buffer } = {}) {
  const url = new URL(files.endpoint);
  const [path = '', query = ''] = target.split('?');
  let headers: Record<string, string> = { host: url.host, ...options.headers };
  if (options.sign) {
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      credentials: LOCAL_OBJECT_STORE_CREDENTIALS,
      sha256: NodeSha256,
      uriEscapePath: false,
      applyChecksum: true,
    });
    const signed = await signer.sign({
      method,
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers,
      body: options.body,
    });
    headers = signed.headers as Record<string, string>;
  }
  return new Promise<{ status: number; code: string | undefined; text: string }>((resolveAnswer, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolveAnswer({ status: res.statusCode ?? 0, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], text });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the local file store', () => {
  it('answers what S3 answers a private bucket: unsigned, forged or expired requests refused, whatever the method or path', async () => {
    const bucket = `/${files.bucket}`;
    // An object of the test's own (a key with `..` in it, another test's, would not survive a URL's path).
    const kept = 'teams/1/kept/answer.txt';
    await putObject(kept, 'text/plain', Buffer.from('kept'));
    const object = `${bucket}/${kept}`;
    const link = await presignedUrl(objectStore(), kept, {}, 60, new Date());
    const expired = await presignedUrl(objectStore(), kept, {}, 60, new Date(Date.now() - 3_600_000));
    const forged = link.replace(/(?<=X-Amz-Signature=)[0-9a-f]+/, withHexBitFlipped);
    const cases: [string, Promise<{ status: number; code: string | undefined }>, number, string | undefined][] = [
      ['unsigned GET', raw('GET', object), 403, 'AccessDenied'],
      ['unsigned HEAD (no body)', raw('HEAD', object), 403, undefined],
      ['unsigned PUT', raw('PUT', `${bucket}/teams/1/planted.txt`, { body: Buffer.from('x') }), 403, 'AccessDenied'],
      ['unsigned DELETE', raw('DELETE', object), 403, 'AccessDenied'],
      ['unsigned list', raw('GET', `${bucket}?list-type=2`), 403, 'AccessDenied'],
      ['unsigned multipart start', raw('POST', `${bucket}/teams/1/x.zip?uploads`), 403, 'AccessDenied'],
      ['a forged presigned GET', raw('GET', forged.slice(files.endpoint.length)), 403, 'SignatureDoesNotMatch'],
      ['an expired presigned GET', raw('GET', expired.slice(files.endpoint.length)), 403, 'AccessDenied'],
      ['a presigned GET for another key', raw('GET', link.slice(files.endpoint.length).replace(kept, `${kept}x`)), 403, 'SignatureDoesNotMatch'],
      ['a signed GET of another bucket', raw('GET', `/other-bucket/${kept}`, { sign: true }), 404, 'NoSuchBucket'],
      ['a signed GET of nothing', raw('GET', `${bucket}/teams/1/nothing.txt`, { sign: true }), 404, 'NoSuchKey'],
    ];
    for (const [what, answer, status, code] of cases) expect([what, (await answer).status, (await answer).code]).toEqual([what, status, code]);
    expect((await raw('GET', link.slice(files.endpoint.length))).status).toBe(200);
    expect(files.list('teams/1/planted')).toEqual([]);
  });

  it('checks a POST form on every path and query, refuses a field given twice or a second file, and keeps `..%2F` in a key as text', async () => {
    const form = (await askForm({ inject_id: injectId, file_name: 'twin.txt', content_type: 'text/plain' })).json as {
      key: string;
      url: string;
      fields: Record<string, string>;
    };
    const multipart = (parts: [string, string, string?][]) => {
      const boundary = 'twinboundary';
      const body = parts
        .map(
          ([name, value, filename]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`,
        )
        .join('');
      return { body: Buffer.from(`${body}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const fields = Object.entries(form.fields).map(([name, value]) => [name, value] as [string, string]);
    const postRaw = (target: string, parts: [string, string, string?][]) => raw('POST', target, multipart(parts));
    const bucket = `/${files.bucket}`;
    // Another key, sent where the front used not to look (a query string): refused by the policy.
    const otherKey = fields.map(([n, v]): [string, string] => [n, n === 'key' ? 'teams/2/injects/1/x/evil.txt' : v]);
    expect(await postRaw(`${bucket}?x=1`, [...otherKey, ['file', 'evil', 'evil.txt']])).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await postRaw(`${bucket}/?x=1`, [...otherKey, ['file', 'evil', 'evil.txt']])).toMatchObject({ status: 403, code: 'AccessDenied' });
    // The key twice (the policy's first, another after it), or a second file: refused, not read one way here and another there.
    expect(await postRaw(bucket, [...fields, ['key', 'teams/2/injects/1/x/evil.txt'], ['file', 'x', 'a.txt']])).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    });
    expect(await postRaw(bucket, [...fields, ['file', 'x', 'a.txt'], ['file', 'y'.repeat(100), 'b.txt']])).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    });
    expect(files.list('teams/2/injects/1/x/')).toEqual([]);
    expect((await postRaw(bucket, [...fields, ['file', 'fine', 'twin.txt']])).status).toBe(201);

    // S3 keeps a key as text: `..%2F` is part of it, read back under it, and nothing is written outside the store.
    const hostile = `${bucket}/teams/1/..%2F..%2F..%2Fescaped.txt`;
    expect((await raw('PUT', hostile, { sign: true, body: Buffer.from('inside'), headers: { 'content-type': 'text/plain' } })).status).toBe(200);
    expect(files.list('teams/1/../').map((o) => o.key)).toEqual(['teams/1/../../../escaped.txt']);
    expect(await raw('GET', hostile, { sign: true })).toMatchObject({ status: 200, text: 'inside' });
    expect(existsSync(join(files.directory, '..', 'escaped.txt'))).toBe(false);
    expect(existsSync(join(files.directory, '..', '..', 'escaped.txt'))).toBe(false);
  });

  it("copies an object only while its ETag is the one named (S3's x-amz-copy-source-if-match)", async () => {
    const store = objectStore();
    await putObject('staging/teams/1/copy/a.txt', 'text/plain', Buffer.from('first'));
    const head = (await headObject(store, 'staging/teams/1/copy/a.txt'))!;
    expect(await copyObject(store, 'staging/teams/1/copy/a.txt', 'teams/1/copy/a.txt', '"0123456789abcdef0123456789abcdef"')).toBe('changed');
    expect(await copyObject(store, 'staging/teams/1/copy/none.txt', 'teams/1/copy/b.txt', head.etag)).toBe('gone');
    expect(await copyObject(store, 'staging/teams/1/copy/a.txt', 'teams/1/copy/a.txt', head.etag)).toBe('copied');
    expect(await headObject(store, 'teams/1/copy/a.txt')).toEqual(head);
  });
});

describe('the ZIP writer', () => {
  it('writes ZIP64 records past 4 GiB (here from the first byte) that unzip reads, and refuses an entry name twice', async () => {
    const chunks: Uint8Array[] = [];
    const zip = new ZipWriter(async (chunk) => void chunks.push(chunk), 0);
    await zip.add('a/one.txt', Buffer.from('one'), new Date());
    await zip.add('a/two.png', Buffer.from('two'.repeat(100)), new Date(), { deflate: false });
    await expect(zip.add('a/one.txt', Buffer.from('again'), new Date())).rejects.toThrow(/already has an entry/);
    await zip.finish();
    const dir = mkdtempSync(join(tmpdir(), 'zip64-'));
    try {
      writeFileSync(join(dir, 'z.zip'), Buffer.concat(chunks));
      expect(execFileSync('unzip', ['-tq', 'z.zip'], { cwd: dir }).toString()).toMatch(/No errors detected/);
      expect(execFileSync('unzip', ['-p', 'z.zip', 'a/one.txt'], { cwd: dir }).toString()).toBe('one');
      expect(Buffer.concat(chunks).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An object put straight into the local bucket, as an upload would leave it. */
async function putObject(key: string, contentType: string, body: Uint8Array): Promise<void> {
  const writer = new ObjectWriter(objectStore(), key, { contentType, disposition: 'attachment' });
  await writer.write(body);
  await writer.finish();
}
