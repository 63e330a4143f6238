import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { runCheck, type ProbeTarget } from '../../functions/agent/kinds';
import { BODY_MAX_BYTES } from '../../functions/agent/kinds/http';
import { roundCheck } from '#shared/domain/check-definitions';
import { selfSignedCertificate } from '../../functions/agent/local/certificate';
import { ZoneDns } from '../../functions/agent/local/dns/server';

/**
 * Every check kind against real loopback servers, well-behaved and hostile.
 * Hostile ones use 1 s timeouts: a check must end by its own deadline, so the
 * test's generous limit only guards against a hang.
 */
const servers: Server[] = [];
const sockets = new Set<Socket>();

async function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const at = (port: number, host = 'svc.team12.ccdc.example'): ProbeTarget => ({ host, address: '127.0.0.1', port });
const timers = new Set<NodeJS.Timeout>();

let ports: Record<string, number>;
let closedPort: number;
let nameServer: ZoneDns;

beforeAll(async () => {
  const http = createHttpServer((req, res) => {
    if (req.url === '/broken') {
      res.writeHead(500).end('oops');
    } else if (req.url === '/basic') {
      // Basic auth: blue / Basic-Pa55 only.
      const expected = `Basic ${Buffer.from('blue:Basic-Pa55').toString('base64')}`;
      if (req.headers.authorization === expected) res.writeHead(200).end('<h1>Welcome back, blue</h1>');
      else res.writeHead(401, { 'www-authenticate': 'Basic realm="intranet"' }).end('who are you?');
    } else if (req.url === '/login' && req.method === 'POST') {
      // A login form: the right user and password get a session cookie and a redirect, anything else the form again with 403.
      let form = '';
      req.on('data', (chunk: Buffer) => (form += chunk.toString()));
      req.on('end', () => {
        const fields = new URLSearchParams(form);
        if (fields.get('user') === 'blue' && fields.get('pass') === 'Form-Pa55') {
          res.writeHead(302, { location: '/wiki', 'set-cookie': 'session=s3ss10n; Path=/; HttpOnly' }).end();
        } else res.writeHead(403).end('<form>wrong password</form>');
      });
    } else if (req.url === '/wiki') {
      if ((req.headers.cookie ?? '').includes('session=s3ss10n')) res.writeHead(200).end('<h1>Team wiki</h1>');
      else res.writeHead(302, { location: '/login' }).end();
    } else if (req.url === '/defaced') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Welcome to ${req.headers.host}</h1><p>HACKED BY red team</p>`);
    } else if (req.url === '/huge') {
      // 100 MB if anyone read it all: the check must stop early.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 100 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 100 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => (sent = Infinity));
      pump();
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Welcome to ${req.headers.host}</h1>`);
    }
  });
  servers.push(http as unknown as Server);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const byteBySecond = (text: string) => (socket: Socket) => {
    let i = 0;
    const timer = setInterval(() => (i < text.length ? socket.write(text[i++]!) : clearInterval(timer)), 1000);
    timers.add(timer);
    socket.on('close', () => clearInterval(timer));
  };
  ports = {
    http: (http.address() as { port: number }).port,
    silent: await listen(() => undefined),
    reset: await listen((s) => s.resetAndDestroy()),
    ssh: await listen((s) => s.write('SSH-2.0-OpenSSH_9.2p1 Debian\r\n')),
    smtp: await listen((s) => s.write('220 mail.team12.ccdc.example ESMTP Postfix\r\n')),
    garbage: await listen((s) => s.end(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x0a]))),
    trickle: await listen(byteBySecond('SSH-2.0-slow\r\n')),
    flood: await listen((s) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (!s.destroyed && s.write(chunk));
        if (!s.destroyed) s.once('drain', pump);
      };
      pump();
    }),
    closes: await listen((s) => s.end()),
  };
  closedPort = await listen(() => undefined);
  await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));

  const zone = [
    '$ORIGIN team12.ccdc.example.',
    '$TTL 60',
    '@ IN SOA ns1.scoring.example. hostmaster.scoring.example. 1 3600 600 86400 60',
    '@ IN NS ns1.scoring.example.',
    'www IN A 127.0.12.10',
    'mail IN A 127.0.12.25',
    '',
  ].join('\n');
  nameServer = await ZoneDns.start({ addresses: ['127.0.0.1'], zones: new Map([['team12.ccdc.example', zone]]) });
}, 30_000);

afterAll(async () => {
  await nameServer?.stop();
  timers.forEach(clearInterval);
  sockets.forEach((s) => s.destroy());
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

const http = (path: string, extra: Record<string, unknown> = {}) => ({ check: 'http' as const, path, status: 200, timeout_seconds: 2, ...extra });
const banner = (check: 'ssh' | 'smtp' | 'ftp', extra: Record<string, unknown> = {}) => ({ check, timeout_seconds: 2, ...extra });

describe('http', () => {
  it('passes on the expected status and content, sending the service host name', async () => {
    expect(await runCheck(at(ports.http!), http('/', { content: 'Welcome to svc\\.team12' }))).toEqual({ passed: true });
  });
  it('fails with the status, or the content it missed', async () => {
    expect(await runCheck(at(ports.http!), http('/broken'))).toEqual({ passed: false, error: 'HTTP 500', category: 'content mismatch' });
    expect(await runCheck(at(ports.http!), http('/', { content: 'Goodbye' }))).toEqual({
      passed: false,
      error: 'HTTP 200, but the body does not match /Goodbye/',
      category: 'content mismatch',
    });
  });
  it('sends the check’s host (a virtual host) instead of the service’s name', async () => {
    expect(await runCheck(at(ports.http!), http('/', { host: 'intranet.team12.ccdc.example', content: 'Welcome to intranet\\.team12' }))).toEqual({
      passed: true,
    });
  });
  it('matches the same way whatever the rule: exact text, a SHA-256 of the whole body, a reject pattern that a defaced page trips', async () => {
    const page = `<h1>Welcome to svc.team12.ccdc.example:${ports.http}</h1>`;
    const digest = createHash('sha256').update(page).digest('hex');
    expect(await runCheck(at(ports.http!), http('/', { exact: page, sha256: digest, content: 'Welcome' }))).toEqual({ passed: true });
    expect(await runCheck(at(ports.http!), http('/', { exact: `${page}\n` }))).toEqual({
      passed: false,
      error: `HTTP 200, but the body is not the expected text (${Buffer.byteLength(page)} bytes)`,
      category: 'content mismatch',
    });
    expect(await runCheck(at(ports.http!), http('/', { sha256: '0'.repeat(64) }))).toEqual({
      passed: false,
      error: `HTTP 200, but the body has SHA-256 ${digest.slice(0, 12)}…, not 000000000000…`,
      category: 'content mismatch',
    });
    // A defaced page still has the content the check looks for: the reject pattern fails it anyway.
    expect(await runCheck(at(ports.http!), http('/defaced', { content: 'Welcome', reject: '(?i)hacked by' }))).toEqual({
      passed: false,
      error: 'HTTP 200, but the body matches the reject pattern /(?i)hacked by/',
      category: 'content mismatch',
    });
    expect(await runCheck(at(ports.http!), http('/', { content: 'Welcome', reject: '(?i)hacked by' }))).toEqual({ passed: true });
    // Neither exact text nor a digest is compared with a body longer than the check reads.
    expect(await runCheck(at(ports.http!), http('/huge', { sha256: '0'.repeat(64) }))).toEqual({
      passed: false,
      error: `HTTP 200, but the body is longer than the check reads (${BODY_MAX_BYTES} bytes)`,
      category: 'content mismatch',
    });
  });
  it('takes one property set a round, over the subtype’s own parameters', async () => {
    const definition = http('/', {
      content: 'Welcome',
      properties: [{ path: '/broken', status: 500 }, { path: '/defaced', reject: '(?i)hacked' }, { host: 'intranet.team12.ccdc.example' }],
    });
    const first = roundCheck(definition, () => 0);
    expect(first).toEqual({ check: 'http', path: '/broken', status: 500, content: 'Welcome', timeout_seconds: 2 });
    expect(await runCheck(at(ports.http!), first)).toEqual({
      passed: false,
      error: 'HTTP 500, but the body does not match /Welcome/',
      category: 'content mismatch',
    });
    const second = roundCheck(definition, () => 0.5);
    expect(await runCheck(at(ports.http!), second)).toMatchObject({ passed: false, error: expect.stringContaining('reject pattern') });
    const third = roundCheck(definition, () => 0.99);
    expect(third).toMatchObject({ path: '/', host: 'intranet.team12.ccdc.example' });
    expect(await runCheck(at(ports.http!), third)).toEqual({ passed: true });
    // Without property sets the definition is the round's check.
    expect(roundCheck(http('/'), () => 0.5)).toEqual(http('/'));
  });
  it('signs in with HTTP basic auth or a login form as the round’s account, and fails a refused login as such, never saying the password', async () => {
    const basic = http('/basic', { auth: 'basic', content: 'Welcome back' });
    expect(await runCheck(at(ports.http!), basic, { account: { username: 'blue', password: 'Basic-Pa55' } })).toEqual({ passed: true });
    const refused = await runCheck(at(ports.http!), basic, { account: { username: 'blue', password: 'Old-Pa55' } });
    expect(refused).toEqual({ passed: false, error: 'login as blue did not get to /basic (HTTP 401)', category: 'login failed' });
    const form = http('/wiki', { auth: 'form', login_path: '/login', username_field: 'user', password_field: 'pass', content: 'Team wiki' });
    expect(await runCheck(at(ports.http!), form, { account: { username: 'blue', password: 'Form-Pa55' } })).toEqual({ passed: true });
    const wrong = await runCheck(at(ports.http!), form, { account: { username: 'blue', password: 'Old-Pa55' } });
    expect(wrong).toEqual({ passed: false, error: 'login as blue refused (HTTP 403)', category: 'login failed' });
    expect(JSON.stringify([refused, wrong])).not.toMatch(/Old-Pa55|Basic-Pa55|Form-Pa55/);
    // A login check with no account to sign in with cannot pass, and says it is the organisers' set-up, not the team.
    expect(await runCheck(at(ports.http!), form)).toEqual({
      passed: false,
      error: 'no check account to sign in with: auth: form and the service has none',
      category: 'agent error',
    });
  });
  it('reads at most 256 KiB of a 100 MB body', async () => {
    expect(await runCheck(at(ports.http!), http('/huge', { content: 'b' }))).toEqual({
      passed: false,
      error: 'HTTP 200, but the body does not match /b/',
      category: 'content mismatch',
    });
  });
  it("matches an organiser's pattern in linear time: one that backtracks forever in JavaScript's RegExp ends within the check", async () => {
    // `(a+)+b` against 256 KiB of `a`: exponential for a backtracking engine (the agent's event loop, and every deadline, would stop).
    expect(await runCheck(at(ports.http!), http('/huge', { content: '(a+)+b' }))).toEqual({
      passed: false,
      error: 'HTTP 200, but the body does not match /(a+)+b/',
      category: 'content mismatch',
    });
  }, 20_000);
  it('fails cleanly on refusal, reset, silence, garbage and a hang-up', async () => {
    expect(await runCheck(at(closedPort), http('/'))).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
    expect((await runCheck(at(ports.reset!), http('/'))).passed).toBe(false);
    expect(await runCheck(at(ports.silent!), http('/', { timeout_seconds: 1 }))).toEqual({
      passed: false,
      error: 'timeout after 1 s waiting for the response',
      category: 'timeout',
    });
    expect(await runCheck(at(ports.garbage!), http('/'))).toEqual({ passed: false, error: 'invalid HTTP response', category: 'protocol error' });
    expect(await runCheck(at(ports.closes!), http('/'))).toEqual({
      passed: false,
      error: 'connection closed without a response',
      category: 'connection reset',
    });
  });
  it('https does a TLS handshake, accepts a self-signed certificate, and sends the host name as SNI', async () => {
    let sni: string | undefined;
    const tls = createHttpsServer(selfSignedCertificate(['svc.team12.ccdc.example']), (req, res) => {
      sni = (req.socket as { servername?: string }).servername;
      res.end(`<h1>Welcome over TLS to ${req.headers.host}</h1>`);
    });
    servers.push(tls as unknown as Server);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as { port: number }).port;
    expect(await runCheck(at(port), { ...http('/'), check: 'https', content: 'Welcome over TLS' })).toEqual({ passed: true });
    expect(sni).toBe('svc.team12.ccdc.example');
    // The same listener spoken to in plain HTTP is not a pass.
    expect((await runCheck(at(port), http('/'))).passed).toBe(false);
  });
  it('https against a plain-text listener is a failed handshake, not a crash', async () => {
    expect(await runCheck(at(ports.smtp!), { ...http('/'), check: 'https' })).toMatchObject({ passed: false, category: 'tls' });
  });
});

describe('tcp', () => {
  it('passes when a connection is accepted, and says why not', async () => {
    expect(await runCheck(at(ports.silent!), { check: 'tcp', timeout_seconds: 2 })).toEqual({ passed: true });
    expect(await runCheck(at(closedPort), { check: 'tcp', timeout_seconds: 2 })).toEqual({
      passed: false,
      error: 'connection refused',
      category: 'connection refused',
    });
  });
});

describe('banners', () => {
  it('passes on the expected banner (default or given)', async () => {
    expect(await runCheck(at(ports.ssh!), banner('ssh'))).toEqual({ passed: true });
    expect(await runCheck(at(ports.smtp!), banner('smtp'))).toEqual({ passed: true });
    expect(await runCheck(at(ports.smtp!), banner('ftp', { banner: 'FTP' }))).toEqual({
      passed: false,
      error: 'unexpected banner "220 mail.team12.ccdc.example ESMTP Postfix"',
      category: 'content mismatch',
    });
  });
  it('fails cleanly on garbage, silence, trickling, flooding, hang-ups and resets', async () => {
    expect(await runCheck(at(ports.garbage!), banner('ssh'))).toEqual({
      passed: false,
      error: 'unexpected banner "\\xde\\xad\\xbe\\xef"',
      category: 'content mismatch',
    });
    expect(await runCheck(at(ports.silent!), banner('ssh', { timeout_seconds: 1 }))).toEqual({
      passed: false,
      error: 'timeout after 1 s waiting for the banner',
      category: 'timeout',
    });
    expect(await runCheck(at(ports.trickle!), banner('ssh', { timeout_seconds: 2 }))).toEqual({
      passed: false,
      error: 'timeout after 2 s waiting for the banner',
      category: 'timeout',
    });
    expect(await runCheck(at(ports.flood!), banner('smtp'))).toMatchObject({
      passed: false,
      error: expect.stringMatching(/^no banner line within 512 bytes \(got "x{60}…"\)$/),
      category: 'protocol error',
    });
    expect(await runCheck(at(ports.closes!), banner('ftp'))).toEqual({
      passed: false,
      error: 'connection closed before a banner',
      category: 'connection reset',
    });
    expect((await runCheck(at(ports.reset!), banner('ftp'))).passed).toBe(false);
  });
});

describe('ssh login against a silent server', () => {
  it('survives ssh2 erring twice: its own ready timeout, then the lost connection when the deadline closes the socket', async () => {
    // The event loop busy at the deadline (as in a loaded round): ssh2's ready timeout fires before the socket
    // closes, and the close brings a second error. Unheard, it was an uncaught exception that ended the agent.
    const busy = setTimeout(() => {
      const until = Date.now() + 300;
      while (Date.now() < until);
    }, 990);
    const account = { username: 'blue', password: 'Sample-Blue-Pa55' };
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => runCheck(at(ports.silent!), { check: 'ssh', timeout_seconds: 1 }, { account })));
    clearTimeout(busy);
    expect(new Set(outcomes.map((o) => JSON.stringify(o)))).toEqual(
      new Set([JSON.stringify({ passed: false, error: 'timeout after 1 s waiting for the login as blue', category: 'timeout' })]),
    );
    // The second errors come as the sockets close, after the outcomes: vitest fails the run on any left unheard.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
});

describe('dns (the zone server on loopback)', () => {
  const dns = { check: 'dns' as const, query: 'www', timeout_seconds: 2 };
  const server = () => ({ host: 'ns.team12.ccdc.example', address: '127.0.0.1', port: nameServer.port });
  it('passes when the answer holds the expected address', async () => {
    expect(await runCheck(server(), dns, { dns: { name: 'www.team12.ccdc.example', addresses: ['127.0.12.10'] } })).toEqual({ passed: true });
  });
  it('fails with what it expected and what it got', async () => {
    expect(await runCheck(server(), dns, { dns: { name: 'www.team12.ccdc.example', addresses: ['127.0.12.11'] } })).toEqual({
      passed: false,
      error: 'expected 127.0.12.11, got 127.0.12.10',
      category: 'content mismatch',
    });
    expect(await runCheck(server(), dns, { dns: { name: 'ftp.team12.ccdc.example', addresses: ['127.0.12.21'] } })).toEqual({
      passed: false,
      error: 'expected 127.0.12.21, got NXDOMAIN',
      category: 'content mismatch',
    });
    expect(await runCheck(server(), dns, { dns: { name: 'www.team12.ccdc.example', addresses: [] } })).toEqual({
      passed: false,
      error: 'no A record for www.team12.ccdc.example in the scoring DNS records',
      category: 'agent error',
    });
  });
  it('a server that never answers is a timeout', async () => {
    const silentUdp = { host: 'ns', address: '127.0.0.1', port: ports.silent! };
    const outcome = await runCheck(silentUdp, { ...dns, timeout_seconds: 1 }, { dns: { name: 'www.team12.ccdc.example', addresses: ['127.0.12.10'] } });
    expect(outcome).toMatchObject({
      passed: false,
      error: expect.stringMatching(/^(timeout after 1 s waiting for the answer|expected 127\.0\.12\.10, got (connection refused|no answer \(timeout\)))$/),
      category: expect.stringMatching(/^(timeout|connection refused)$/),
    });
  });
});
