#!/usr/bin/env -S node --import tsx
/**
 * Plays the blue teams on this machine: for every team the API holds, the
 * servers its services expect, on the team's loopback addresses (the sample's
 * addresses are 127.0.{team number}.x), some deliberately down or broken, so
 * that `npm run agent` has something to score. Creates the A records the
 * services need (except one, for you to create with curl) and serves each
 * team's zone (rendered as the API exports it, from GET /dns and the
 * settings) on the team's name server, with the zone server of the agent's
 * own (functions/agent/local/dns/). Every kind is played by a server written
 * in Node but the file shares (Samba's smbd, where installed); it says what
 * is played by what, and what is not, in one line.
 *
 *   npm run demo-targets            (Ctrl-C stops everything)
 *
 * Credentials: SCORING_ADMIN_KEY=KEYID:SECRET or SCORING_ADMIN_TOKEN, else
 * SCORING_AGENT_KEY / _TOKEN (a service account is enough).
 * SCORING_DEMO_NODE_ONLY=1 plays only what Node plays, as on a machine with
 * none of Debian's servers (the README's tour test runs so where it cannot
 * hide them otherwise).
 */
import '../lib/local/node-20';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import type { CheckAccount } from '#shared/domain/accounts';
import { checkOf, type CheckKind, type SmbCheck } from '#shared/domain/check-definitions';
import type { Service, Team } from '#shared/domain/model';
import { teamAddressPrefix } from '#shared/domain/settings';
import { scoringApi } from '../functions/agent/api';
import { selfSignedCertificate } from '../functions/agent/local/certificate';
import { CompetitionZones } from '../functions/agent/local/competition-dns';
import { authFromEnvironment } from '../functions/agent/local/credentials';
import { ZoneDns } from '../functions/agent/local/dns/server';
import { isLoopback } from '../functions/agent/resolve';
import { ftpServer } from '../lib/local/demo/ftp';
import { ldapServer, type DirectoryEntry } from '../lib/local/demo/ldap';
import { imapServer, Mailbox, smtpServer } from '../lib/local/demo/mail';
import { postgresServer } from '../lib/local/demo/postgres';
import { DemoFileServers } from '../lib/local/demo/samba';
import { playedLine, type Play } from '../lib/local/demo/played';
import { sshServer } from '../lib/local/demo/ssh';
import { vncServer } from '../lib/local/demo/vnc';

/** How each team (in the API's order) behaves; teams past the list are healthy. */
type Behaviour = 'healthy' | 'missing-www-record' | 'broken' | 'half-down' | 'defaced' | 'down';
const BEHAVIOURS: Behaviour[] = ['healthy', 'missing-www-record', 'broken', 'half-down', 'defaced', 'down'];
const WHAT: Record<Behaviour, string> = {
  healthy: 'every service up',
  'missing-www-record': 'servers up, but no A record for www (create it with curl: HTTP and DNS pass from the next round)',
  broken:
    'HTTP answers 500; SSH, FTP, the database, mail, the directory, the desktop and the file share refuse the accounts the organisers hold (its passwords changed to Rotated-Pa55)',
  'half-down':
    'SSH accepts and never answers (timeout), DNS server down, mail accepted and dropped (IMAP finds no message), the directory empty, the desktop asks for no password, the file share lost its file',
  defaced: 'every service up, but the web page is defaced ("Hacked by" red team): the HTTP check’s reject pattern fails it',
  down: 'nothing runs (connection refused everywhere)',
};
/** The last octet given to a service's host name, by its first label. */
const OCTETS: Record<string, number> = { www: 10, ftp: 21, shell: 22, mail: 25, dc: 39, files: 45, db: 54, ns: 53, desk: 59 };

const found = authFromEnvironment(['SCORING_ADMIN', 'SCORING_AGENT']);
if ('error' in found) {
  console.error(found.error);
  process.exit(2);
}
const api = scoringApi(process.env.SCORING_API_URL ?? 'http://127.0.0.1:3000/api/v1', found);

const [settings, teams, services, subtypes] = await Promise.all([api.settings(), api.teams(), api.services(), api.subtypes()]);
const definitionOf = new Map(subtypes.map((s) => [s.id, checkOf(s)]));
const kindOf = new Map([...definitionOf].map(([id, definition]) => [id, definition?.check]));
const behaviourOf = new Map(teams.map((t, i) => [t.id, BEHAVIOURS[i] ?? 'healthy']));

const relativeName = (service: Service) => service.url.slice(0, -(service.team.team_url.length + 1)) || '@';
const nextOctet = new Map<number, number>();
function octetFor(name: string, teamId: number): number {
  const first = name.split('.')[0]!;
  if (OCTETS[first]) return OCTETS[first];
  const octet = (nextOctet.get(teamId) ?? 100) + 1;
  nextOctet.set(teamId, octet);
  return octet;
}

// The A records the services need, unless they exist already.
const existing = await api.dnsRecords();
const addresses = new Map<number, string>(); // service id → address
for (const service of services) {
  if (!service.url.endsWith(`.${service.team.team_url}`)) continue;
  const name = relativeName(service);
  const prefix = teamAddressPrefix(settings, service.team.number);
  const record = existing.find((r) => r.team === service.team.id && r.name === name && r.type === 'A');
  const octet = record ? Number(record.value) : octetFor(name, service.team.id);
  addresses.set(service.id, `${prefix}.${octet}`);
  const skip = name === 'www' && behaviourOf.get(service.team.id) === 'missing-www-record';
  if (!record && !skip) existing.push(await api.createDnsRecord({ name, type: 'A', value: String(octet), team: service.team.id }));
}

// The check accounts the API holds (an admin may read them): the demo's SSH, FTP and database servers let exactly those in.
const accounts = await api.checkAccounts();

/**
 * The password the broken team changed every login to, and told nobody: its
 * checks fail with "login … refused" until one of its members sends it in a
 * password change request (README's tour), and then pass from the next round.
 */
const ROTATED_PASSWORD = 'Rotated-Pa55';

/** Who a team's login server lets in: the accounts the API holds; the broken team, the same users with the password it rotated to. */
function logins(serviceId: number, behaviour: Behaviour): { accepted: CheckAccount[]; note: string } {
  const known = accounts.get(serviceId) ?? [];
  if (known.length === 0) return { accepted: [], note: ' (no accounts)' };
  if (behaviour === 'broken') {
    return {
      accepted: known.map(({ username }) => ({ username, password: ROTATED_PASSWORD })),
      note: ` (passwords changed to ${ROTATED_PASSWORD}, told nobody: logins refused until a password change request)`,
    };
  }
  return { accepted: known, note: ` (logins: ${known.map((a) => a.username).join(', ')})` };
}

const servers: Server[] = [];
const sockets = new Set<Socket>();
const started: string[] = [];
/** What plays each service (or why nothing does): the line npm start prints. */
const plays: Play[] = [];
const subtypeName = new Map(subtypes.map((s) => [s.id, s.name]));
const play = (service: Service, kind: CheckKind, by: Play['by'], unplayed?: Play['unplayed']) =>
  plays.push({ subtype: subtypeName.get(service.subtype_id) ?? `subtype ${service.subtype_id}`, kind, by, ...(unplayed ? { unplayed } : {}) });
/** Debian's servers left out on purpose: as a machine with only Node (and Java) has it. */
const nodeOnly = process.env.SCORING_DEMO_NODE_ONLY === '1';
/** Each server's listen, settled once it listens (or could not): the targets are ready when all are. */
const listening: Promise<void>[] = [];
/** Listens for a service; it counts as played by Node once it listens, as not played (saying why) when it cannot. */
function listen(server: Server, address: string, port: number, what: string, played?: { service: Service; kind: CheckKind }) {
  if (!isLoopback(address)) {
    console.error(`skipping ${what} on ${address}:${port}: not a loopback address`);
    if (played) play(played.service, played.kind, 'nothing', { why: 'not a loopback address' });
    return;
  }
  server.on('connection', (socket: Socket) => {
    // An SSH server hands over its protocol connection (which ends itself on close), not the socket.
    if (typeof socket.destroy !== 'function') return;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  listening.push(
    new Promise<void>((resolve) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        console.error(`cannot listen on ${address}:${port} for ${what}: ${error.message}`);
        if (played) play(played.service, played.kind, 'nothing', { why: `cannot listen on ${address}:${port} (${error.code ?? error.message})` });
        resolve();
      });
      server.listen(port, address, () => {
        started.push(`${address}:${port} ${what}`);
        if (played) play(played.service, played.kind, 'Node');
        resolve();
      });
    }),
  );
  servers.push(server);
}

/** One self-signed certificate for every HTTPS host name, made when the first is needed. */
let tls: { key: string; cert: string } | undefined;
const certificate = () => (tls ??= selfSignedCertificate(services.filter((s) => kindOf.get(s.subtype_id) === 'https').map((s) => s.url.toLowerCase())));

/** Each team's one mailbox: its SMTP server delivers there, its IMAP server shows it. */
const mailboxes = new Map<number, Mailbox>();
const mailboxOf = (teamId: number) => mailboxes.get(teamId) ?? mailboxes.set(teamId, new Mailbox()).get(teamId)!;
/** Every team's directory, alike (the same image on every team's domain controller). */
const DIRECTORY: DirectoryEntry[] = [
  { dn: 'dc=ccdc,dc=local', attributes: { objectClass: ['domain'], dc: ['ccdc'] } },
  { dn: 'ou=People,dc=ccdc,dc=local', attributes: { objectClass: ['organizationalUnit'], ou: ['People'] } },
  ...['blue', 'operator', 'files'].map((uid) => ({
    dn: `uid=${uid},ou=People,dc=ccdc,dc=local`,
    attributes: { objectClass: ['inetOrgPerson'], uid: [uid], cn: [uid], sn: [uid], mail: [`${uid}@ccdc.local`] },
  })),
];
/** The teams' file shares: real smbd processes (lib/local/demo/samba.ts), when this machine can run them. */
let fileServers: DemoFileServers | undefined;
/** Each team's name server (its zone alone), on its DNS service's address and port. */
const nameServers: { team: Team; address: string; port: number; what: string; service: Service; kind: CheckKind }[] = [];

for (const service of services) {
  const address = addresses.get(service.id);
  const behaviour = behaviourOf.get(service.team.id)!;
  const kind: CheckKind | undefined = kindOf.get(service.subtype_id);
  if (!address || !kind) continue;
  if (behaviour === 'down') {
    play(service, kind, 'nothing');
    continue;
  }
  const team: Team = service.team;
  switch (kind) {
    case 'http':
    case 'https': {
      const site: RequestListener = (_req, res) =>
        behaviour === 'broken'
          ? res.writeHead(500).end('Internal Server Error')
          : res.end(`<h1>Welcome to ${team.name}</h1>${behaviour === 'defaced' ? '<p>Hacked by the red team</p>' : ''}`);
      // HTTPS is real TLS with a self-signed certificate, as blue teams' usually are.
      const server = kind === 'https' ? createHttpsServer(certificate(), site) : createHttpServer(site);
      const note = behaviour === 'broken' ? ' (answers 500)' : behaviour === 'defaced' ? ' (defaced)' : '';
      listen(server as unknown as Server, address, service.port, `${kind} ${service.url}${note}`, { service, kind });
      break;
    }
    case 'ssh':
      if (behaviour === 'half-down') {
        listen(
          createServer(() => undefined),
          address,
          service.port,
          `ssh ${service.url} (silent)`,
          { service, kind },
        );
      } else {
        const { accepted, note } = logins(service.id, behaviour);
        listen(sshServer(accepted), address, service.port, `ssh ${service.url}${note}`, { service, kind });
      }
      break;
    case 'smtp': {
      // Mail into the team's mailbox, as the accounts the API holds; the half-down team's server drops it.
      const { accepted, note } = logins(service.id, behaviour);
      const drop = behaviour === 'half-down';
      listen(
        smtpServer(service.url, accepted, mailboxOf(team.id), { drop }),
        address,
        service.port,
        `smtp ${service.url}${note}${drop ? ' (drops mail)' : ''}`,
        { service, kind },
      );
      break;
    }
    case 'imap': {
      const { accepted, note } = logins(service.id, behaviour);
      listen(imapServer(accepted, mailboxOf(team.id)), address, service.port, `imap ${service.url}${note}`, { service, kind });
      break;
    }
    case 'ldap': {
      const { accepted, note } = logins(service.id, behaviour);
      const empty = behaviour === 'half-down';
      listen(ldapServer(accepted, DIRECTORY, { empty }), address, service.port, `ldap ${service.url}${note}${empty ? ' (directory empty)' : ''}`, {
        service,
        kind,
      });
      break;
    }
    case 'vnc': {
      // The half-down team's desktop asks for no password: open to anyone, which the check fails.
      const { accepted, note } = logins(service.id, behaviour);
      const open = behaviour === 'half-down';
      listen(
        vncServer(accepted, { security: open ? 'none' : 'vnc', name: `${team.name}'s desktop` }),
        address,
        service.port,
        `vnc ${service.url}${open ? ' (no password asked)' : note}`,
        { service, kind },
      );
      break;
    }
    case 'command':
      // A command check runs a program of the agent's operator against the team's own service: nothing to play here.
      console.error(`skipping command ${service.url}: a command check's target is whatever service its recipe speaks to`);
      play(service, kind, 'nothing', { why: 'its recipe names the server' });
      break;
    case 'rdp':
      // No RDP server of the demo's own: the sample has none, and FreeRDP's (the suite's) needs an X display per team.
      console.error(`skipping rdp ${service.url}: the demo plays no RDP desktop (its check fails: connection refused)`);
      play(service, kind, 'nothing', { why: 'never played' });
      break;
    case 'smb': {
      // Real Samba, one smbd per team, letting in the accounts the API holds (the broken team: its rotated password).
      // The half-down team's red team deleted the file the check reads.
      const why = nodeOnly ? { words: "Debian's servers left out (SCORING_DEMO_NODE_ONLY)", short: 'apt-get install samba' } : DemoFileServers.unavailable();
      if (why || !isLoopback(address)) {
        console.error(`skipping smb ${service.url}: ${why?.words ?? 'not a loopback address'} (its check fails: connection refused)`);
        play(service, kind, 'nothing', { why: why?.short ?? 'not a loopback address' });
        break;
      }
      const { share, file = 'welcome.txt', expect = 'reports' } = definitionOf.get(service.subtype_id) as SmbCheck;
      const { accepted, note } = logins(service.id, behaviour);
      const lost = behaviour === 'half-down';
      const files = { [`${expect}/q3.txt`]: 'Quarterly report: every service up\n', ...(lost ? {} : { [file]: `Welcome to ${team.name}'s file share\n` }) };
      const what = `smb ${service.url} (Samba, share ${share}${lost ? `, ${file} deleted` : ''})${note}`;
      fileServers ??= new DemoFileServers();
      listening.push(
        fileServers.start({ address, port: service.port, share, files, accounts: accepted }).then(
          () => {
            started.push(`${address}:${service.port} ${what}`);
            play(service, kind, 'Samba');
          },
          (error: Error) => {
            console.error(`cannot serve ${what}: ${error.message}`);
            play(service, kind, 'nothing', { why: `smbd did not start (${error.message.slice(0, 80)})` });
          },
        ),
      );
      break;
    }
    case 'ftp': {
      // Real FTP with the accounts the API holds (none for the broken team: its passwords changed), serving welcome.txt.
      const { accepted, note } = logins(service.id, behaviour);
      const files = new Map([['welcome.txt', Buffer.from(`Welcome to ${team.name}'s file server\n`)]]);
      listen(ftpServer(accepted, files), address, service.port, `ftp ${service.url}${note}`, { service, kind });
      break;
    }
    case 'postgres': {
      const { accepted, note } = logins(service.id, behaviour);
      const inventory = {
        columns: ['item', 'quantity'],
        rows: [
          ['firewall', '2'],
          ['switch', '4'],
          ['workstation', '12'],
        ],
      };
      listen(postgresServer(accepted, { inventory }), address, service.port, `postgres ${service.url}${note}`, { service, kind });
      break;
    }
    case 'ftps':
    case 'mysql':
    case 'smtps':
    case 'imaps':
    case 'pop3':
    case 'pop3s':
    case 'ldaps':
      console.error(`skipping ${kind} ${service.url}: the demo does not play ${kind}`);
      play(service, kind, 'nothing', { why: 'not played by the demo' });
      break;
    case 'tcp':
      listen(
        createServer((s) => s.end()),
        address,
        service.port,
        `tcp ${service.url}`,
        { service, kind },
      );
      break;
    case 'dns':
      // The half-down team's name server is down.
      if (behaviour === 'half-down') play(service, kind, 'Node');
      else nameServers.push({ team, address, port: service.port, what: `dns ${service.url} (its zone, as exported)`, service, kind });
      break;
  }
}

const competitionZones = new CompetitionZones(api);
/** A team's own zone out of all of them: its name server holds that alone. */
const zoneOf = (zones: Map<string, string>, team: Team) => new Map([...zones].filter(([origin]) => origin === team.team_url.toLowerCase()));
const zoneServers: { team: Team; server: ZoneDns }[] = [];
let refresh: NodeJS.Timeout | undefined;
if (nameServers.length > 0) {
  const zones = await competitionZones.current();
  for (const { team, address, port, what, service, kind } of nameServers) {
    if (!isLoopback(address)) {
      console.error(`skipping ${what} on ${address}:${port}: not a loopback address`);
      play(service, kind, 'nothing', { why: 'not a loopback address' });
      continue;
    }
    const onProblem = (problem: string) => console.error(`${what}: ${problem}`);
    listening.push(
      ZoneDns.start({ addresses: [address], port, zones: zoneOf(zones, team), onProblem }).then(
        (server) => {
          zoneServers.push({ team, server });
          started.push(`${address}:${port} ${what}`);
          play(service, kind, 'Node');
        },
        (error: NodeJS.ErrnoException) => {
          console.error(`cannot serve ${what} on ${address}:${port}: ${error.message}`);
          play(service, kind, 'nothing', { why: `cannot listen on ${address}:${port} (${error.code ?? error.message})` });
        },
      ),
    );
  }
  // A record created through the API is served within seconds.
  refresh = setInterval(() => {
    competitionZones
      .current()
      .then(async (zones) => {
        const changed = await Promise.all(
          zoneServers.map(({ team, server }) => server.update(zoneOf(zones, team)).then((moved) => (moved ? [team.team_url] : []))),
        );
        if (changed.flat().length > 0) console.log(`${new Date().toISOString()} zones changed: ${changed.flat().join(', ')}`);
      })
      .catch((error: unknown) => console.error(`zone refresh failed: ${(error as Error).message}`));
  }, 3000);
}

await Promise.all(listening);
console.log('Demo targets (Ctrl-C stops them):');
for (const team of teams) console.log(`  team ${team.number} ${team.name} (id ${team.id}): ${WHAT[behaviourOf.get(team.id)!]}`);
console.log(
  started
    .sort()
    .map((s) => `    ${s}`)
    .join('\n'),
);
const missing = teams.find((t) => behaviourOf.get(t.id) === 'missing-www-record');
if (missing) {
  console.log(
    `\nMake team ${missing.number}'s web and DNS checks pass:\n  curl -s -X POST -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' \\\n       -d '{"name": "www", "type": "A", "value": "10", "team": ${missing.id}}' ${process.env.SCORING_API_URL ?? 'http://127.0.0.1:3000/api/v1'}/dns`,
  );
}

// Run by npm start: every target listens and its records exist, so the agent may start its first round; npm start says the line.
// In the subtypes' order, whichever server listened first.
const subtypeOrder = new Map(subtypes.map((s, i) => [s.name, i]));
const line = playedLine(plays.sort((a, b) => (subtypeOrder.get(a.subtype) ?? 0) - (subtypeOrder.get(b.subtype) ?? 0)));
if (process.send) process.send({ ready: true, played: line });
else console.log(line);

process.once('SIGINT', () => {
  clearInterval(refresh);
  zoneServers.forEach(({ server }) => server.stopNow());
  fileServers?.stop();
  sockets.forEach((s) => s.destroy());
  servers.forEach((s) => s.close());
  process.exit(0);
});
process.once('SIGTERM', () => process.emit('SIGINT'));
// Run by npm start beside itself: gone with it, however it ended (its IPC channel closes).
if (process.send) process.once('disconnect', () => process.emit('SIGINT'));
