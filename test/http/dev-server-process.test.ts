import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTool } from '../support/processes';
import { ENV_TOKENS } from '../support/server';
import { servicesWithReasons, type ServiceWithReason } from '../support/reasons';

function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The live demo's agent: the server's child running bin/agent.ts (its pid), if one runs. */
function agentOf(serverPid: number): number | undefined {
  const found = spawnSync('pgrep', ['-P', String(serverPid), '-f', 'bin/agent.ts'], { encoding: 'utf8' }).stdout.trim();
  return found ? Number(found.split('\n')[0]) : undefined;
}

/** Waits (bounded) for a port to close: the process behind it has gone. */
async function closes(port: number, host = '127.0.0.1'): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (!(await portOpen(port, host))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function startServer(live = false) {
  const server = startTool('bin/local-server.ts', ['--port', '0', ...(live ? [] : ['--no-live'])], /DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+)/, {
    // Warnings and errors only (a refused report, a failed fold): what a failure below shows.
    LOG_LEVEL: 'warn',
    SCORING_ADMIN_TOKEN: ENV_TOKENS.admin,
  });
  await server.started;
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())![1]!;
  const dynamoPort = Number(/DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output())![1]);
  return { server, url, dynamoPort };
}

describe('npm start (bin/local-server.ts)', () => {
  it('serves the sample competition, and SIGTERM stops it and its DynamoDB Local', async () => {
    const { server, url, dynamoPort } = await startServer();

    const teams = (await (await fetch(`${url}/api/v1/teams`)).json()) as any;
    expect(teams.map((t: { name: string }) => t.name)).toContain('Packet Wranglers');
    expect(await portOpen(dynamoPort)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await portOpen(dynamoPort)).toBe(false);
  });

  it("plays the sample's blue teams and runs the agent beside it, so the first page is live: logins pass and fail; a dead agent is started again; killed outright, it takes them and its DynamoDB Local along", async () => {
    const { server, url, dynamoPort } = await startServer(true);
    const SUBTYPES = ['SSH', 'FTP', 'Database', 'SMTP', 'IMAP', 'Directory'];
    let services: ServiceWithReason[] = [];
    const of = (team: number, subtype: string) => services.find((s) => s.team === team && s.subtype === subtype);
    // The agent starts once every target listens, which on a busy machine (the suite's other worker, four
    // databases, four Sambas and a directory coming up) took past 60 s; a round that ran while a target was
    // still coming up fails that service until the next (30 s later). Wait for team 11's logins to pass,
    // bounded, and show what was said if they never do.
    const settled = () => SUBTYPES.every((subtype) => of(11, subtype)?.last_scan_error === null && of(13, subtype)?.last_scan_error === 'login failed');
    for (const deadline = Date.now() + 150_000; !settled() && Date.now() < deadline;) {
      services = await servicesWithReasons(url, ENV_TOKENS.admin);
      if (!settled()) await new Promise((r) => setTimeout(r, 500));
    }
    const said = () =>
      `${JSON.stringify(
        services.filter((s) => s.team === 11),
        null,
        1,
      )}\n--- the server's output, the blue teams' banner left out ---\n${server
        .output()
        .split('\n')
        .filter((line) => !line.startsWith('blue teams |'))
        .join('\n')
        .slice(-8000)}`;
    // Team 11's SSH, FTP, database, mail and directory logins pass; team 13's passwords "changed": each refuses the account the round picked.
    for (const subtype of SUBTYPES)
      expect(of(11, subtype), `${subtype}: ${said()}`).toMatchObject({ last_scan_error: null, last_scan_time: expect.any(String) });
    // Its team's own route (here an organiser's read) has the reason; the public, the category.
    expect(of(13, 'SSH')!.last_scan_reason).toMatch(/^login as (blue|operator) refused$/);
    expect(of(13, 'FTP')!.last_scan_reason).toBe('login as files refused');
    expect(of(13, 'Database')!.last_scan_reason).toBe('login as shop refused');
    expect(of(13, 'SMTP')!.last_scan_reason).toBe('login as blue refused');
    expect(of(13, 'IMAP')!.last_scan_reason).toBe('login as blue refused');
    expect(of(13, 'Directory')!.last_scan_reason).toBe('bind as uid=blue,ou=People,dc=ccdc,dc=local refused');
    const publicView = (await (await fetch(`${url}/api/v1/services?team=13`)).json()) as { subtype: string; last_scan_error: string | null }[];
    for (const subtype of SUBTYPES) expect(publicView.find((s) => s.subtype === subtype)!.last_scan_error, subtype).toBe('login failed');
    expect(await portOpen(2222, '127.0.11.22')).toBe(true);
    // An agent that dies is started again.
    const agentPid = () => agentOf(server.child.pid!);
    const first = agentPid();
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');
    for (const deadline = Date.now() + 30_000; (agentPid() ?? first) === first && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 250));
    expect(server.output()).toContain('The scoring agent stopped (SIGKILL); starting it again in 5 s.');
    const second = agentPid();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await closes(dynamoPort)).toBe(true);
    expect(await closes(2222, '127.0.11.22')).toBe(true);
  }, 200_000);
});
