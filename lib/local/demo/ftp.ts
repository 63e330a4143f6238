/**
 * The demo's FTP server: enough of RFC 959 (with EPSV, RFC 2428) for a real
 * client to log in, download, upload and delete, which is what the FTP login
 * check does. One flat directory per server, in memory: `files` to begin
 * with, and what a session uploads until it deletes it. Passive mode only,
 * on the control connection's own address. Logins are the accounts given
 * (the ones the API holds for the service): a team whose passwords
 * "changed" gets none.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { CheckAccount } from '#shared/domain/accounts';

export function ftpServer(accepted: CheckAccount[], files: Map<string, Buffer>): Server {
  return createServer((control) => {
    control.on('error', () => undefined);
    const reply = (line: string) => control.write(`${line}\r\n`);
    let user: string | undefined;
    let loggedIn = false;
    let passive: Promise<Socket> | undefined;
    let listener: Server | undefined;

    /** Opens a passive listener on the control connection's address; the next transfer takes its first connection. */
    const openPassive = (answer: (port: number) => string) => {
      listener?.close();
      const server = createServer();
      listener = server;
      passive = new Promise<Socket>((resolve) => server.once('connection', (data) => (server.close(), resolve(data))));
      server.listen(0, control.localAddress, () => reply(answer((server.address() as AddressInfo).port)));
    };
    const transfer = async (use: (data: Socket) => Promise<void>) => {
      if (!passive) return reply('425 Use PASV or EPSV first');
      const data = await passive;
      passive = undefined;
      data.on('error', () => undefined);
      reply('150 Opening data connection');
      await use(data);
      reply('226 Transfer complete');
    };
    const name = (argument: string) => argument.replace(/^\/+/, '');

    let buffered = '';
    control.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const [verb = '', ...rest] = line.split(' ');
        const argument = rest.join(' ');
        const command = verb.toUpperCase();
        if (command === 'USER') {
          user = argument;
          reply('331 Password required');
        } else if (command === 'PASS') {
          loggedIn = accepted.some((a) => a.username === user && a.password !== undefined && a.password === argument);
          reply(loggedIn ? '230 Logged in' : '530 Login incorrect');
        } else if (command === 'QUIT') {
          reply('221 Goodbye');
          control.end();
        } else if (command === 'FEAT') {
          reply('211-Features:\r\n EPSV\r\n PASV\r\n UTF8\r\n211 End');
        } else if (['OPTS', 'TYPE', 'STRU', 'MODE', 'NOOP'].includes(command)) {
          reply('200 OK');
        } else if (command === 'AUTH') {
          reply('502 TLS is not offered by this demo server');
        } else if (!loggedIn) {
          reply('530 Please log in with USER and PASS');
        } else if (command === 'PWD') {
          reply('257 "/" is the current directory');
        } else if (command === 'CWD') {
          reply('250 OK');
        } else if (command === 'EPSV') {
          openPassive((port) => `229 Entering Extended Passive Mode (|||${port}|)`);
        } else if (command === 'PASV') {
          openPassive((port) => `227 Entering Passive Mode (${control.localAddress!.split('.').join(',')},${port >> 8},${port & 255})`);
        } else if (command === 'RETR') {
          const file = files.get(name(argument));
          if (!file) reply('550 No such file');
          else void transfer((data) => new Promise((resolve) => data.end(file, () => resolve())));
        } else if (command === 'STOR') {
          void transfer(
            (data) =>
              new Promise((resolve) => {
                const chunks: Buffer[] = [];
                data.on('data', (c: Buffer) => chunks.push(c));
                data.on('close', () => (files.set(name(argument), Buffer.concat(chunks)), resolve()));
              }),
          );
        } else if (command === 'DELE') {
          reply(files.delete(name(argument)) ? '250 Deleted' : '550 No such file');
        } else if (command === 'SIZE') {
          const file = files.get(name(argument));
          reply(file ? `213 ${file.length}` : '550 No such file');
        } else {
          reply('502 Not implemented');
        }
      }
    });
    control.on('close', () => listener?.close());
    reply('220 Demo FTP server ready');
  });
}
