/**
 * The local twin of the spectators' Event API (lib/local/events-twin.ts, decision 0086): a signed publish reaches
 * every subscriber, hundreds at once; a subscriber that does anything but subscribe, holds too many subscriptions,
 * sends too much or never reads is dropped, and the others keep their nudges.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pushChannel } from '#shared/api/push';
import { LOCAL_EVENTS_CREDENTIALS, publishEvents, type EventsTarget } from '#shared/aws/events';
import { sigv4Headers } from '#shared/aws/sigv4';
import { MAX_SUBSCRIPTIONS, REALTIME_PATH, startEventsTwin, type EventsTwin } from '../../lib/local/events-twin';

let twin: EventsTwin;
let site: Server;
let socketUrl: string;
let target: EventsTarget;

beforeAll(async () => {
  twin = await startEventsTwin();
  site = createServer((_req, res) => res.writeHead(404).end());
  twin.attach(site);
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', () => listening()));
  const address = site.address();
  socketUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${REALTIME_PATH}`;
  target = { url: new URL(twin.publishUrl), region: process.env.AWS_REGION ?? 'us-east-1', credentials: () => LOCAL_EVENTS_CREDENTIALS };
});
afterAll(async () => {
  await twin.stop();
  await new Promise((closed) => site.close(closed));
});

const header = (key: string) => `header-${Buffer.from(JSON.stringify({ host: twin.config.host, 'x-api-key': key })).toString('base64url')}`;

interface Client {
  socket: WebSocket;
  received: { type: string; id?: string; event?: string }[];
  closed: Promise<number>;
}

/** A viewer's socket, past connection_init and subscribed to `channels` (its ids the channels' own names). */
async function viewer(channels: string[] = [pushChannel('live')], key = twin.config.api_key): Promise<Client> {
  const socket = new WebSocket(socketUrl, ['aws-appsync-event-ws', header(key)]);
  const received: Client['received'] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as Client['received'][number]));
  await new Promise<void>((open, refused) => {
    socket.once('open', () => open());
    socket.once('error', refused);
  });
  socket.send(JSON.stringify({ type: 'connection_init' }));
  for (const [i, channel] of channels.entries())
    socket.send(JSON.stringify({ type: 'subscribe', id: `s${i}`, channel, authorization: { host: twin.config.host, 'x-api-key': key } }));
  await until(() => received.filter((m) => m.type === 'subscribe_success' || m.type === 'subscribe_error').length === channels.length);
  return { socket, received, closed };
}

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const nudges = (client: Client) => client.received.filter((m) => m.type === 'data').map((m) => JSON.parse(m.event!) as unknown);

describe('the Event API twin', () => {
  it('delivers one signed publish to each of 300 sockets subscribed at once, and only on their channel', async () => {
    const viewers = await Promise.all(Array.from({ length: 300 }, (_, i) => viewer([pushChannel(i % 3 === 0 ? 'history' : 'live')])));
    expect(twin.stats().connections).toBeGreaterThanOrEqual(300);
    await publishEvents(target, pushChannel('live'), [JSON.stringify({ topic: 'live', version: 42 })]);
    await until(() => viewers.every((v, i) => (i % 3 === 0 ? true : nudges(v).length === 1)));
    viewers.forEach((v, i) => expect(nudges(v)).toEqual(i % 3 === 0 ? [] : [{ topic: 'live', version: 42 }]));
    for (const v of viewers) v.socket.close();
  });

  it('takes a publish only signed for appsync, to a channel of its namespace, with 1 to 5 JSON events', async () => {
    const post = async (body: unknown, sign = true) => {
      const text = JSON.stringify(body);
      const headers = sign
        ? await sigv4Headers(target.url, { method: 'POST', body: text, credentials: LOCAL_EVENTS_CREDENTIALS, region: target.region, service: 'appsync' })
        : { 'content-type': 'application/json' };
      return (await fetch(target.url, { method: 'POST', headers, body: text })).status;
    };
    expect(await post({ channel: '/public/live', events: ['{}'] }, false)).toBe(401);
    expect(await post({ channel: '/public/live', events: ['{}'] })).toBe(200);
    expect(await post({ channel: '/other/live', events: ['{}'] })).toBe(400);
    expect(await post({ channel: '/public/*', events: ['{}'] })).toBe(400);
    expect(await post({ channel: '/public/live', events: Array(6).fill('{}') })).toBe(400);
    expect(await post({ channel: '/public/live', events: ['not json'] })).toBe(400);
    // Signed for another service: refused.
    const text = JSON.stringify({ channel: '/public/live', events: ['{}'] });
    const lambda = await sigv4Headers(target.url, {
      method: 'POST',
      body: text,
      credentials: LOCAL_EVENTS_CREDENTIALS,
      region: target.region,
      service: 'lambda',
    });
    expect((await fetch(target.url, { method: 'POST', headers: lambda, body: text })).status).toBe(401);
  });

  it('refuses a socket without the API key, and one on another path', async () => {
    const refusal = (url: string, protocols: string[]) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, protocols);
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => resolve(101));
        socket.once('error', () => undefined);
      });
    expect(await refusal(socketUrl, ['aws-appsync-event-ws', header('da2-wrong')])).toBe(401);
    expect(await refusal(socketUrl, ['aws-appsync-event-ws'])).toBe(401);
    expect(await refusal(socketUrl.replace(REALTIME_PATH, '/event/other'), ['aws-appsync-event-ws', header(twin.config.api_key)])).toBe(404);
    // The subscription's own key is checked too.
    const wrong = await viewer([pushChannel('live')]);
    wrong.socket.send(JSON.stringify({ type: 'subscribe', id: 'bad', channel: '/public/live', authorization: { 'x-api-key': 'da2-wrong' } }));
    await until(() => wrong.received.some((m) => m.type === 'subscribe_error'));
    wrong.socket.close();
  });

  it('drops a subscriber that publishes, sends garbage, holds too many subscriptions or sends too much; the others keep their nudges', async () => {
    const bystander = await viewer();
    const publisher = await viewer();
    publisher.socket.send(JSON.stringify({ type: 'publish', id: 'p1', channel: '/public/live', events: ['{"topic":"live","version":999}'] }));
    expect(await publisher.closed).toBe(4403);
    const garbage = await viewer();
    garbage.socket.send('not json');
    expect(await garbage.closed).toBe(4400);
    const greedy = await viewer(Array.from({ length: MAX_SUBSCRIPTIONS }, () => pushChannel('live')));
    greedy.socket.send(JSON.stringify({ type: 'subscribe', id: 'one-more', channel: '/public/history', authorization: { 'x-api-key': twin.config.api_key } }));
    expect(await greedy.closed).toBe(4429);
    const loud = await viewer();
    loud.socket.send(JSON.stringify({ type: 'subscribe', id: 'x', channel: '/public/live', pad: 'x'.repeat(8 * 1024) }));
    expect(await loud.closed).toBe(1009);
    // Nothing the dropped ones sent reached anyone; the bystander gets the next nudge.
    await publishEvents(target, pushChannel('live'), [JSON.stringify({ topic: 'live', version: 43 })]);
    await until(() => nudges(bystander).length === 1);
    expect(nudges(bystander)).toEqual([{ topic: 'live', version: 43 }]);
    bystander.socket.close();
  });

  it('drops a subscriber that never reads once its unread nudges pass 64 KB, and the others get every one', async () => {
    const reader = await viewer();
    const sleeper = await viewer();
    // It stops reading: what is sent to it piles up in the kernel's buffers, then in the twin's.
    sleeper.socket.pause();
    const big = JSON.stringify({ pad: 'x'.repeat(45_000) });
    let published = 0;
    const droppedBefore = twin.stats().dropped;
    while (twin.stats().dropped === droppedBefore && published < 400) {
      await publishEvents(target, pushChannel('live'), Array(5).fill(big));
      published += 1;
    }
    expect(twin.stats().dropped).toBe(droppedBefore + 1);
    await until(() => nudges(reader).length === published * 5, 30_000);
    reader.socket.close();
    sleeper.socket.terminate();
  });
});
