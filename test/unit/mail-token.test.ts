import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '#shared/domain/check-definitions';
import type { Service } from '../../functions/agent/api';
import { givenMailKey, hmacMailToken, kmsMailToken } from '#shared/mail-token';
import { poolMailToken } from '../../functions/agent/pool-mail-token';
import type { ScoringApi } from '../../functions/agent/api';
import { mailRound } from '../../functions/agent/round';
import { scanIdFor } from '../../functions/agent/schedule';
import { sdkAuthorization } from '../support/sigv4';

describe('mail tokens', () => {
  it('are an HMAC of the scan id: the same for the same id and key, another for another', async () => {
    const token = hmacMailToken('key one');
    const a = await token('r20261126T120000Z-60s-svc7');
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await token('r20261126T120000Z-60s-svc7')).toBe(a);
    expect(await token('r20261126T120100Z-60s-svc7')).not.toBe(a);
    expect(await hmacMailToken('key two')('r20261126T120000Z-60s-svc7')).not.toBe(a);
    expect(a).toBe(createHmac('sha256', 'key one').update('r20261126T120000Z-60s-svc7').digest().subarray(0, 16).toString('base64url'));
  });

  it('come from the key an agent is given, the same for every agent given it', () => {
    expect(givenMailKey('configured').equals(givenMailKey('configured'))).toBe(true);
    expect(givenMailKey('configured').equals(givenMailKey('another'))).toBe(false);
  });

  it('in AWS, are KMS GenerateMac with the stack key, signed for kms with the function credentials', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: string; url?: string }[] = [];
    const kms = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body, url: req.url });
        const { KeyId, Message } = JSON.parse(body) as { KeyId: string; Message: string };
        if (KeyId === 'missing') return void res.writeHead(400).end('{"__type":"NotFoundException","message":"Key not found"}');
        const mac = createHmac('sha256', 'kms-held key').update(Buffer.from(Message, 'base64')).digest('base64');
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ KeyId, Mac: mac, MacAlgorithm: 'HMAC_SHA_256' }));
      });
    });
    await new Promise<void>((resolve) => kms.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(kms.address() as { port: number }).port}`;
      const credentials = { accessKeyId: 'AKIDAGENT', secretAccessKey: 'agent-secret', sessionToken: 'session' };
      const keyId = 'arn:aws:kms:eu-west-1:111122223333:key/mail';
      const token = kmsMailToken({ keyId, region: 'eu-west-1', credentials: () => credentials, endpoint });
      // What KMS's HMAC gives, cut as the local tokens are.
      expect(await token('r20261126T120000Z-60s-svc7')).toBe(await hmacMailToken('kms-held key')('r20261126T120000Z-60s-svc7'));
      const [request] = received;
      expect(request!.headers['x-amz-target']).toBe('TrentService.GenerateMac');
      expect(request!.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(JSON.parse(request!.body)).toEqual({
        KeyId: keyId,
        MacAlgorithm: 'HMAC_SHA_256',
        Message: Buffer.from('r20261126T120000Z-60s-svc7').toString('base64'),
      });
      const signedHeaders = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'TrentService.GenerateMac' };
      expect(request!.headers.authorization).toBe(
        await sdkAuthorization(request!, { endpoint, service: 'kms', region: 'eu-west-1', credentials, signedHeaders }),
      );
      const refused = kmsMailToken({ keyId: 'missing', region: 'eu-west-1', credentials: () => credentials, endpoint });
      await expect(refused('x')).rejects.toThrow('KMS refused the mail token: HTTP 400 NotFoundException Key not found');
    } finally {
      await new Promise((resolve) => kms.close(resolve));
    }
  });
});

describe("a round's mail", () => {
  const team = (id: number) => ({ id, name: `Team ${id}`, number: id, team_url: `team${id}.example` }) as unknown as Service['team'];
  const service = (id: number, teamId: number, subtype: string, subtypeId: number, last: { score: number; time: string | null; error?: string }) =>
    ({
      id,
      subtype,
      subtype_id: subtypeId,
      team: team(teamId),
      url: `mail.team${teamId}.example`,
      port: 25,
      last_scan: last.score,
      last_scan_time: last.time,
      last_scan_error: last.error ?? null,
      in_progress: false,
      max_score: 10,
    }) as Service;
  const smtp: CheckDefinition = { check: 'smtp', mail_to: 'ops', timeout_seconds: 5 };
  const imap: CheckDefinition = { check: 'imap', sent_by: 'mail out', timeout_seconds: 5 };
  const roundStart = Date.parse('2026-11-26T12:02:00Z');
  const previous = Date.parse('2026-11-26T12:01:00Z');
  const checks = new Map<number, CheckDefinition>([
    [1, smtp],
    [2, imap],
  ]);
  const token = hmacMailToken('round test');
  const round = (listed: Service[]) => ({ listed, checks, roundStart, roundSeconds: 60, mailToken: token });

  it("sends to the team's domain with its own scan id's token, as the account", async () => {
    const out = service(10, 1, 'Mail out', 1, { score: 0, time: null });
    const plan = await mailRound({ service: out, check: smtp, scanId: 'scan-10', account: { username: 'blue', password: 'x' } }, round([out]));
    expect(plan).toEqual({ send: { to: 'ops@team1.example', from: 'blue@team1.example', token: await token('scan-10') } });
    const addressed = await mailRound({ service: out, check: { ...smtp, mail_to: 'a@b.example', mail_from: 'c@d.example' }, scanId: 'scan-10' }, round([out]));
    expect(addressed?.send).toMatchObject({ to: 'a@b.example', from: 'c@d.example' });
  });

  it("looks for the message its team's sender sent in the previous round, only when that check passed", async () => {
    const inbox = service(11, 1, 'Mail in', 2, { score: 0, time: null });
    const sent = service(10, 1, 'Mail out', 1, { score: 10, time: '2026-11-26T12:01:00Z' });
    const otherTeam = service(20, 2, 'Mail out', 1, { score: 10, time: '2026-11-26T12:01:00Z' });
    const plan = await mailRound({ service: inbox, check: imap, scanId: 'scan-11' }, round([otherTeam, sent, inbox]));
    expect(plan).toEqual({ find: { token: await token(scanIdFor(previous, 60, 10)) } });
    // The sender's last check failed, or is older than the previous round (none yet): nothing to find.
    const failed = service(10, 1, 'Mail out', 1, { score: 0, time: '2026-11-26T12:01:00Z', error: 'login as blue refused' });
    expect(await mailRound({ service: inbox, check: imap, scanId: 'scan-11' }, round([failed, inbox]))).toEqual({});
    const stale = service(10, 1, 'Mail out', 1, { score: 10, time: '2026-11-26T12:00:00Z' });
    expect(await mailRound({ service: inbox, check: imap, scanId: 'scan-11' }, round([stale, inbox]))).toEqual({});
    expect(await mailRound({ service: inbox, check: imap, scanId: 'scan-11' }, round([otherTeam, inbox]))).toEqual({});
    // A later slice of this round may see this round's result already: not the previous round's message.
    const current = service(10, 1, 'Mail out', 1, { score: 10, time: '2026-11-26T12:02:01Z' });
    expect(await mailRound({ service: inbox, check: imap, scanId: 'scan-11' }, round([current, inbox]))).toEqual({});
  });

  it("of a pool's agent, are asked of the API: every scan id asked in one turn in one request, an answer without one refused", async () => {
    const asked: string[][] = [];
    const api = {
      mailTokens: async (pool: string, ids: string[]) => {
        asked.push([pool, ...ids]);
        return Object.fromEntries(ids.filter((id) => id !== 'r-svc9').map((id) => [id, `token-of-${id}`]));
      },
    } as unknown as ScoringApi;
    const token = poolMailToken(api, 'range-a');
    expect(await Promise.all([token('r-svc1'), token('r-svc2'), token('r-svc1')])).toEqual(['token-of-r-svc1', 'token-of-r-svc2', 'token-of-r-svc1']);
    expect(asked).toEqual([['range-a', 'r-svc1', 'r-svc2']]);
    await expect(token('r-svc9')).rejects.toThrow('the API made no mail token for r-svc9');
  });
});
