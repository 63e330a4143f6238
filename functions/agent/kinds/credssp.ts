/**
 * CredSSP (MS-CSSP), the client's half up to the server's public key echo:
 * NTLM's three messages in TSRequests over the TLS connection, the
 * AUTHENTICATE_MESSAGE sent with the client's sealed binding to the server's
 * public key, and the server's sealed answer, which it sends only once it
 * has accepted the account. The check stops there: it never sends
 * TSCredentials, which would hand the cleartext password to whatever server
 * answered. A server that refuses the account says so with an errorCode
 * (CredSSP 3 and later) or hangs up (before 3).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { ByteStream } from './byte-stream';
import { BIT_STRING, context, der, derElements, derInteger, derLength, derOnly, derUnsigned, OCTET_STRING, SEQUENCE } from './der';
import { LOGIN_REFUSALS, statusName } from './nt-status';
import { NTLM_FLAGS, NtlmSealing, ntlmAuthenticate, ntlmIdentity, ntlmNegotiate, parseNtlmChallenge, SEALING_FLAGS, spnegoResponseToken } from './ntlm';
import { CheckFailure, fail, pass, refuse, type CheckOutcome } from './probe';

/** The version the client speaks: 6, with the nonce-bound public key hashes that versions 5 and 6 require (CVE-2018-0886). */
export const CREDSSP_VERSION = 6;
/** A TSRequest of the sign-in is a few hundred bytes; a server's certificate is not in one. */
const TS_REQUEST_MAX_BYTES = 16 * 1024;

export interface TsRequest {
  version: number;
  /** The first negoToken (an NTLM message, raw or in SPNEGO). */
  negoToken?: Buffer;
  pubKeyAuth?: Buffer;
  /** An NTSTATUS or HRESULT, unsigned. */
  errorCode?: number;
}

/** A TSRequest (§2.2.1): version, negoTokens, pubKeyAuth and clientNonce, each only when given. */
export function encodeTsRequest(request: { version: number; negoToken?: Buffer; pubKeyAuth?: Buffer; clientNonce?: Buffer }): Buffer {
  const { version, negoToken, pubKeyAuth, clientNonce } = request;
  return der(
    SEQUENCE,
    der(context(0), derInteger(version)),
    negoToken ? der(context(1), der(SEQUENCE, der(SEQUENCE, der(context(0), der(OCTET_STRING, negoToken))))) : Buffer.alloc(0),
    pubKeyAuth ? der(context(3), der(OCTET_STRING, pubKeyAuth)) : Buffer.alloc(0),
    clientNonce ? der(context(5), der(OCTET_STRING, clientNonce)) : Buffer.alloc(0),
  );
}

/** A server's TSRequest, every element checked; fields the client does not read (authInfo, a second negoToken) are passed over. */
export function parseTsRequest(bytes: Buffer): TsRequest {
  const what = "the server's CredSSP message";
  const fields = new Map(derElements(derOnly(bytes, SEQUENCE, what), what).map((field) => [field.tag, field.content]));
  const version = fields.get(context(0));
  if (!version) refuse('protocol error', `${what} has no version`);
  const request: TsRequest = { version: derUnsigned(derOnly(version, 0x02, what), what) };
  const negoData = fields.get(context(1));
  if (negoData) {
    const [first] = derElements(derOnly(negoData, SEQUENCE, what), what);
    if (first?.tag !== SEQUENCE) refuse('protocol error', `${what}: its negoTokens hold no token`);
    request.negoToken = derOnly(derOnly(first.content, context(0), what), OCTET_STRING, what);
  }
  const pubKeyAuth = fields.get(context(3));
  if (pubKeyAuth) request.pubKeyAuth = derOnly(pubKeyAuth, OCTET_STRING, what);
  const errorCode = fields.get(context(4));
  if (errorCode) request.errorCode = derUnsigned(derOnly(errorCode, 0x02, what), what);
  return request;
}

/** The server's next TSRequest off the stream: a DER SEQUENCE, read by its own length (a few hundred bytes; more ends the check). */
export async function readTsRequest(stream: ByteStream): Promise<TsRequest> {
  const what = "the server's CredSSP message";
  let header = await stream.read(2);
  const longForm = header[1]! & 0x80 ? header[1]! & 0x7f : 0;
  if (longForm > 0 && longForm <= 3) header = Buffer.concat([header, await stream.read(longForm)]);
  const size = derLength(header, what)!;
  if (header[0] !== SEQUENCE) refuse('protocol error', `${what} is not a TSRequest (it starts with 0x${header[0]!.toString(16).padStart(2, '0')})`);
  if (size.length > TS_REQUEST_MAX_BYTES) refuse('protocol error', `${what} announces ${size.length} bytes, more than a sign-in's`);
  return parseTsRequest(Buffer.concat([header, await stream.read(size.length)]));
}

/** The server certificate's SubjectPublicKey (the BIT STRING's bytes, without its unused-bits count), which CredSSP binds to. */
export function subjectPublicKey(secure: TLSSocket): Buffer {
  const certificate = secure.getPeerX509Certificate();
  if (!certificate) refuse('tls', 'the server sent no certificate');
  const what = "the server certificate's public key";
  const spki = derElements(derOnly(certificate.publicKey.export({ format: 'der', type: 'spki' }), SEQUENCE, what), what);
  const key = spki[1];
  if (key?.tag !== BIT_STRING || key.content.length < 2) refuse('protocol error', `${what} is not a SubjectPublicKeyInfo`);
  return key.content.subarray(1);
}

const bindingHash = (direction: 'Client-To-Server' | 'Server-To-Client', nonce: Buffer, publicKey: Buffer) =>
  createHash('sha256').update(`CredSSP ${direction} Binding Hash\0`).update(nonce).update(publicKey).digest();

/** What the client draws at random, given in tests. */
export interface CredsspRandom {
  nonce: Buffer;
}

/**
 * NLA's sign-in as `username` with `password`: a pass once the server has
 * sent its public key echo and it verifies. The password leaves only as
 * the NTLMv2 response.
 */
export async function credsspSignIn(
  stream: ByteStream,
  publicKey: Buffer,
  username: string,
  password: string,
  progress: (step: string) => void,
  random: CredsspRandom = { nonce: randomBytes(32) },
): Promise<CheckOutcome> {
  const step = (what: string) => {
    stream.step = what;
    progress(what);
  };
  const negotiate = ntlmNegotiate(SEALING_FLAGS);
  stream.write(encodeTsRequest({ version: CREDSSP_VERSION, negoToken: negotiate }));

  step("the server's NTLM challenge (CredSSP)");
  const challengeRequest = await readTsRequest(stream);
  if (challengeRequest.errorCode !== undefined)
    return fail('protocol error', `the server refused NLA's first message: ${errorName(challengeRequest.errorCode)}`);
  if (!challengeRequest.negoToken) return fail('protocol error', "the server's CredSSP answer holds no NTLM challenge");
  const challenge = parseNtlmChallenge(spnegoResponseToken(challengeRequest.negoToken));
  const version = Math.min(CREDSSP_VERSION, challengeRequest.version);
  if (version < 2) return fail('protocol error', `the server speaks CredSSP version ${challengeRequest.version}, older than any Windows`);

  const authentication = ntlmAuthenticate(negotiate, challenge, ntlmIdentity(username), password);
  if (!(authentication.flags & NTLM_FLAGS.SEAL)) return fail('protocol error', 'the server will not seal NTLM messages, which CredSSP needs');
  const sealing = new NtlmSealing(authentication);
  // Versions 5 and 6 bind a hash of the key to a nonce; older ones seal the key itself.
  const hashed = version >= 5;
  const binding = hashed ? bindingHash('Client-To-Server', random.nonce, publicKey) : publicKey;
  stream.write(
    encodeTsRequest({
      version: CREDSSP_VERSION,
      negoToken: authentication.message,
      pubKeyAuth: sealing.seal(binding),
      ...(hashed ? { clientNonce: random.nonce } : {}),
    }),
  );

  step("the server's answer to the sign-in (CredSSP)");
  const answer = await readTsRequest(stream).catch((error: unknown) => {
    // Before version 3 a server has no way to say no but to hang up.
    if (error instanceof CheckFailure && error.outcome.category === 'connection reset')
      refuse('login failed', 'NLA sign-in refused: the server hung up after the account was sent');
    throw error;
  });
  if (answer.errorCode !== undefined) {
    const code = errorName(answer.errorCode);
    return LOGIN_REFUSALS.includes(answer.errorCode) || answer.errorCode === SEC_E_LOGON_DENIED
      ? fail('login failed', `NLA sign-in refused (${code})`)
      : fail('protocol error', `the server ended NLA with ${code}`);
  }
  if (!answer.pubKeyAuth) return fail('protocol error', "the server's answer to the sign-in holds no public key echo");
  const echo = sealing.unseal(answer.pubKeyAuth);
  const expected = hashed ? bindingHash('Server-To-Client', random.nonce, publicKey) : incremented(publicKey);
  if (!echo?.equals(expected))
    return fail('protocol error', "the server's public key echo does not match its certificate (not the server that signed the TLS session?)");
  return pass();
}

/** SEC_E_LOGON_DENIED: how some servers (FreeRDP's among them) say the account was refused. */
const SEC_E_LOGON_DENIED = 0x8009030c;
/** The SSPI results (HRESULTs, not NT statuses) a CredSSP server may end with. */
const SSPI_NAMES: Record<number, string> = {
  [SEC_E_LOGON_DENIED]: 'SEC_E_LOGON_DENIED',
  0x80090308: 'SEC_E_INVALID_TOKEN',
  0x80090302: 'SEC_E_UNSUPPORTED_FUNCTION',
};
const errorName = (code: number) => SSPI_NAMES[code] ?? statusName(code);

/** CredSSP 2 to 4's echo: the public key with its first byte plus one. */
function incremented(publicKey: Buffer): Buffer {
  const copy = Buffer.from(publicKey);
  copy[0] = (copy[0]! + 1) & 0xff;
  return copy;
}
