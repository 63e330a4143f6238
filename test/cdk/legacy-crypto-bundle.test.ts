/**
 * The legacy crypto as Lambda would run it: bundled with the stack's esbuild
 * settings (lib/bundling.ts), loaded by Node 22 on OpenSSL's default
 * configuration, where node:crypto has no MD4, DES or RC4 (the legacy
 * provider is not loaded), and by this machine's Node the same way. The
 * child first shows MD4 is refused there, then computes published vectors
 * through the bundle, and runs the agent's checks, bundled as its function
 * bundles them, in a VNC sign-in against the demo's server and an SMB one
 * (NTLMv2, SMB 3.1.1 signing) against a real Samba (right and wrong
 * password each).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../lib/bundling';
import { vncServer } from '../../lib/local/demo/vnc';
import { startTogether } from '../support/daemons/daemon';
import { startFreerdpShadow, type FreerdpShadowInfo } from '../support/daemons/freerdp-shadow';
import { startSmbd, type SmbdInfo } from '../support/daemons/smbd';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'scoring-legacy-crypto-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The whole module, minified, is a few KB: a generous ceiling that still catches a dependency pulled in. */
const MAX_BUNDLE_BYTES = 16 * 1024;

/** Run by each Node: what it refuses, who it is, and the vectors as the bundle computes them, as JSON. */
const CHILD = `
import { createHash } from 'node:crypto';
import * as legacy from './legacy-crypto.mjs';
import { runCheck } from './checks.mjs';

let md4Refusal = null;
try {
  createHash('md4');
} catch (error) {
  md4Refusal = String(error?.message ?? error);
}
const bytes = (hex) => Buffer.from(hex, 'hex');
const text = (buffer) => buffer.toString('hex');
const responseKeyNT = legacy.ntowfv2('Password', 'User', 'Domain');
const response = legacy.ntlmv2Response({
  responseKeyNT,
  serverChallenge: bytes('0123456789abcdef'),
  clientChallenge: bytes('aaaaaaaaaaaaaaaa'),
  time: 0n,
  targetInfo: bytes('02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000'),
});
const cmacMessage = bytes('6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411');
const vnc = [];
for (const password of ['Vnc-Pa55', 'Wrong-Pa']) {
  const target = { host: 'desk.team1.example', address: '127.0.0.1', port: Number(process.env.VNC_PORT) };
  vnc.push(await runCheck(target, { check: 'vnc', timeout_seconds: 5 }, { account: { username: 'console', password } }));
}
const smb = [];
for (const password of [process.env.SMB_PASSWORD, 'Wrong-Pa55']) {
  const target = { host: 'files.team1.example', address: '127.0.0.1', port: Number(process.env.SMB_PORT) };
  const check = { check: 'smb', share: 'data', file: 'welcome.txt', content: '^Welcome', expect: 'docs', timeout_seconds: 5 };
  const outcome = await runCheck(target, check, { account: { username: process.env.SMB_USER, password } });
  smb.push(outcome.passed ? outcome : { passed: false, category: outcome.category });
}
const rdp = [];
for (const password of [process.env.RDP_PASSWORD, 'Wrong-Pa55']) {
  const target = { host: 'desk.team1.example', address: '127.0.0.1', port: Number(process.env.RDP_PORT) };
  rdp.push(await runCheck(target, { check: 'rdp', timeout_seconds: 5 }, { account: { username: 'desk', password } }));
}
process.stdout.write(JSON.stringify({
  vnc,
  smb,
  rdp,
  version: process.version,
  openssl: process.versions.openssl,
  md4Refusal,
  md4: ['', 'abc', '1234567890'.repeat(8)].map((message) => text(legacy.md4(Buffer.from(message)))),
  ntHash: text(legacy.ntHash('Password')),
  des: [
    text(legacy.desEncryptBlock(bytes('0101010101010101'), bytes('8000000000000000'))),
    text(legacy.desEncryptBlock(bytes('7ca110454a1a6e57'), bytes('01a1d6d039776742'))),
    text(legacy.desEncrypt(bytes('0123456789abcdef'), Buffer.from('Now is the time for all '))),
  ],
  rc4: [text(legacy.rc4(bytes('0102030405'), Buffer.alloc(16))), text(legacy.rc4(bytes('0102030405'), Buffer.alloc(4112)).subarray(4096))],
  aesCmac: [0, 16, 40].map((length) => text(legacy.aesCmac(bytes('2b7e151628aed2a6abf7158809cf4f3c'), cmacMessage.subarray(0, length)))),
  ntlmv2: {
    ntowfv2: text(responseKeyNT),
    ntProofStr: text(response.ntProofStr),
    lmChallengeResponse: text(response.lmChallengeResponse),
    sessionBaseKey: text(response.sessionBaseKey),
    encryptedRandomSessionKey: text(legacy.encryptedRandomSessionKey(response.sessionBaseKey, bytes('55'.repeat(16)))),
  },
}));
`;

/** What the child must print: RFC 1320 §A.5, NIST SP 800-17 and FIPS 81, RFC 6229, RFC 4493 §4, MS-NLMP §4.2.2 and §4.2.4 (see test/unit/legacy-crypto.test.ts). */
const VECTORS = {
  vnc: [{ passed: true }, { passed: false, error: 'VNC password refused: "Authentication failure"', category: 'login failed' }],
  smb: [{ passed: true }, { passed: false, category: 'login failed' }],
  rdp: [{ passed: true }, { passed: false, error: 'NLA sign-in refused: the server hung up after the account was sent', category: 'login failed' }],
  md4: ['31d6cfe0d16ae931b73c59d7e0c089c0', 'a448017aaf21d8525fc10ae87aa6729d', 'e33b4ddc9c38f2199c3e7b164fcc0536'],
  ntHash: 'a4f49c406510bdcab6824ee7c30fd852',
  des: ['95f8a5e5dd31d900', '690f5b0d9a26939b', '3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53'],
  rc4: ['b2396305f03dc027ccc3524a0a1118a8', 'ff25b58995996707e51fbdf08b34d875'],
  aesCmac: ['bb1d6929e95937287fa37d129b756746', '070a16b46b4d4144f79bdd9dd04a287c', 'dfa66747de9ae63030ca32611497c827'],
  ntlmv2: {
    ntowfv2: '0c868a403bfd7a93a3001ef22ef02e3f',
    ntProofStr: '68cd0ab851e51c96aabc927bebef6a1c',
    lmChallengeResponse: '86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa',
    sessionBaseKey: '8de40ccadbc14a82f15cb0ad0de95ca3',
    encryptedRandomSessionKey: 'c5dad2544fc9799094ce1ce90bc9d03e',
  },
};

const desktop = vncServer([{ username: 'console', password: 'Vnc-Pa55' }]);
let samba: SmbdInfo<'alice'>;
let stopSamba: (() => Promise<void>) | undefined;
const RDP_PASSWORD = 'Rdp-Pa55';
let rdp: FreerdpShadowInfo;
let stopRdp: (() => Promise<void>) | undefined;
afterAll(async () => {
  desktop.close();
  await Promise.all([stopSamba?.(), stopRdp?.()]);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => desktop.listen(0, '127.0.0.1', resolve));
  [{ info: samba, stop: stopSamba }, { info: rdp, stop: stopRdp }] = await startTogether([
    startSmbd('cdk', ['alice']),
    startFreerdpShadow({ accounts: [{ user: 'desk', password: RDP_PASSWORD }] }),
  ]);
  await bundleFunctions({ 'legacy-crypto': 'functions/agent/kinds/legacy-crypto.ts', checks: 'functions/agent/kinds/index.ts' }, dir);
  writeFileSync(join(dir, 'child.mjs'), CHILD);
  // An empty configuration: OpenSSL's defaults, the default provider alone, whatever this machine's openssl.cnf would load.
  writeFileSync(join(dir, 'openssl.cnf'), '');
  const code = readFileSync(join(dir, 'legacy-crypto.mjs'));
  console.log(`legacy-crypto.mjs: ${code.length} bytes, ${gzipSync(code).length} gzipped`);
  expect(code.length).toBeLessThan(MAX_BUNDLE_BYTES);
});

/** Runs the child with no NODE_OPTIONS and the empty OpenSSL configuration, and reads its JSON. */
async function child(command: string, args: string[]) {
  const { NODE_OPTIONS: _, ...env } = process.env;
  const { port } = desktop.address() as { port: number };
  const { stdout } = await run(command, [...args, join(dir, 'child.mjs')], {
    cwd: dir,
    env: {
      ...env,
      OPENSSL_CONF: join(dir, 'openssl.cnf'),
      VNC_PORT: String(port),
      SMB_PORT: String(samba.port),
      SMB_USER: samba.users.alice.name,
      SMB_PASSWORD: samba.users.alice.password,
      RDP_PORT: String(rdp.port),
      RDP_PASSWORD,
    },
  });
  return JSON.parse(stdout) as typeof VECTORS & { version: string; openssl: string; md4Refusal: string | null };
}

describe('the legacy crypto, bundled', () => {
  const runtimes = [
    // Lambda's nodejs22.x: the npm package `node` fetches that Node's own binary (cached by npx after the first run).
    { name: 'Node 22', version: 'v22.', command: 'npx', args: ['-y', '-p', 'node@22', '--', 'env', '-u', 'npm_config_package', 'node'] },
    { name: `this machine's Node`, version: process.version, command: process.execPath, args: [] },
  ];

  for (const runtime of runtimes) {
    it(`computes the published vectors and signs in to VNC, SMB and RDP under ${runtime.name}, which refuses MD4 itself`, { timeout: 180_000 }, async () => {
      const { version, openssl, md4Refusal, ...values } = await child(runtime.command, runtime.args);
      console.log(`${runtime.name}: ${version}, OpenSSL ${openssl}, createHash('md4'): ${md4Refusal}`);
      expect(version.slice(0, runtime.version.length)).toBe(runtime.version);
      expect(md4Refusal).toMatch(/unsupported/i);
      expect(values).toEqual(VECTORS);
    });
  }
});
