#!/usr/bin/env -S node --import tsx
/**
 * The agent bench's well-behaved loopback servers, in a process of their
 * own (forked by bench/agent.ts), so that the bench's CPU figures count the
 * checks alone: HTTP (a page, basic auth and a login form), a TCP listener,
 * SSH and SMTP banners, and a listener that never answers. Sends their ports
 * to its parent once listening; ends when the parent goes.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/** The account the HTTP logins take, as the parent chose it. */
const BENCH_LOGIN = { username: process.env.BENCH_USERNAME!, password: process.env.BENCH_PASSWORD! };
const basic = `Basic ${Buffer.from(`${BENCH_LOGIN.username}:${BENCH_LOGIN.password}`).toString('base64')}`;

const http = createHttpServer({ keepAlive: false }, (req, res) => {
  if (req.url === '/basic') return void (req.headers.authorization === basic ? res.end('<h1>Welcome back</h1>') : res.writeHead(401).end());
  if (req.url === '/login' && req.method === 'POST') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (form.get('username') !== BENCH_LOGIN.username || form.get('password') !== BENCH_LOGIN.password) return void res.writeHead(403).end();
      res.writeHead(302, { location: '/wiki', 'set-cookie': 'session=bench; HttpOnly' }).end();
    });
    return;
  }
  if (req.url === '/wiki')
    return void (req.headers.cookie === 'session=bench' ? res.end('<h1>Team wiki</h1>') : res.writeHead(302, { location: '/login' }).end());
  res.end('<h1>Welcome</h1>');
});

async function listen(server: Server): Promise<number> {
  server.on('connection', (socket) => socket.on('error', () => undefined));
  await new Promise<void>((done) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, done));
  return (server.address() as { port: number }).port;
}

const ports = {
  http: await listen(http as unknown as Server),
  tcp: await listen(createServer((s) => s.end())),
  ssh: await listen(createServer((s) => s.end('SSH-2.0-OpenSSH_9.2p1 Bench\r\n'))),
  smtp: await listen(createServer((s) => s.end('220 mail.bench.example ESMTP\r\n'))),
  silent: await listen(createServer(() => undefined)),
};
process.send!(ports);
process.once('disconnect', () => process.exit(0));
