import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTool } from '../support/processes';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Waits (bounded) for a port to close: the Java process behind it has gone. */
async function closes(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (!(await portOpen(port))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function startServer() {
  const server = startTool('bin/local-server.ts', ['--port', '0'], /DynamoDB Local at http:\/\/127\.0\.0\.1:(\d+)/, { LOG_LEVEL: 'silent' });
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

  it('leaves no DynamoDB Local behind even when it is killed outright', async () => {
    const { server, dynamoPort } = await startServer();
    expect(await portOpen(dynamoPort)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await closes(dynamoPort)).toBe(true);
  });
});
