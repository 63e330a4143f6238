/**
 * Envelope encryption of the check accounts' secrets. Each sealed value has
 * its own data key (AES-256-GCM), and the data key is kept only wrapped by a
 * key provider, under an encryption context that names what the value
 * belongs to (a service id): a value copied onto another service does not
 * open there.
 *
 * In AWS the provider is KMS with a customer-managed key (`ACCOUNTS_KEY_ID`):
 * sealing needs kms:GenerateDataKey, opening kms:Decrypt, and only the
 * function that serves the secrets route holds kms:Decrypt. Encrypting the
 * whole table would not do: every function that reads it, the fold
 * included, would decrypt transparently. Locally (no `ACCOUNTS_KEY_ID`) the
 * same code runs with a local provider, whose master key is the local
 * twin's (`SCORING_LOCAL_MASTER_KEY`, else a fixed development key: local
 * data is test data).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type SealContext = Record<string, string>;

/** Makes and opens data keys, each bound to its context. */
export interface KeyProvider {
  /** A new data key: in the clear (used once, then dropped) and wrapped (stored). */
  generateDataKey(context: SealContext): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
  /** The data key a wrapped one holds (a copy: the caller may wipe it); refused under any other context. */
  unwrap(wrapped: Buffer, context: SealContext, now?: number): Promise<Buffer>;
}

/** A sealed value as stored: the wrapped data key, and the value under it (all base64). */
export interface Sealed {
  /** Which provider wrapped the key: `kms:<key id>` or `local`. */
  by: string;
  key: string;
  iv: string;
  data: string;
  tag: string;
}

/** The context as additional authenticated data: its entries in a fixed order. */
const aad = (context: SealContext) =>
  Buffer.from(
    Object.entries(context)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&'),
  );

function gcmSeal(key: Buffer, plaintext: Buffer, context: SealContext) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(context));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, data, tag: cipher.getAuthTag() };
}

function gcmOpen(key: Buffer, sealed: { iv: Buffer; data: Buffer; tag: Buffer }, context: SealContext): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv).setAAD(aad(context)).setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]);
}

export async function seal(provider: KeyProvider & { name: string }, context: SealContext, plaintext: string): Promise<Sealed> {
  const { plaintext: dataKey, wrapped } = await provider.generateDataKey(context);
  try {
    const { iv, data, tag } = gcmSeal(dataKey, Buffer.from(plaintext, 'utf8'), context);
    return { by: provider.name, key: wrapped.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64'), tag: tag.toString('base64') };
  } finally {
    dataKey.fill(0);
  }
}

export async function open(provider: KeyProvider, context: SealContext, sealed: Sealed): Promise<string> {
  const dataKey = await provider.unwrap(Buffer.from(sealed.key, 'base64'), context);
  try {
    const b64 = (s: string) => Buffer.from(s, 'base64');
    return gcmOpen(dataKey, { iv: b64(sealed.iv), data: b64(sealed.data), tag: b64(sealed.tag) }, context).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}

/** The local twin's provider: data keys wrapped with AES-256-GCM under a master key (SCORING_LOCAL_MASTER_KEY, 64 hex digits). */
export function localKeyProvider(masterHex = process.env.SCORING_LOCAL_MASTER_KEY): KeyProvider & { name: string } {
  const master = masterHex ? Buffer.from(masterHex, 'hex') : createHash('sha256').update('ccdc-scoring local development master key').digest();
  if (master.length !== 32) throw new Error('SCORING_LOCAL_MASTER_KEY must be 64 hex digits (32 bytes)');
  return {
    name: 'local',
    generateDataKey: async (context) => {
      const plaintext = randomBytes(32);
      const { iv, data, tag } = gcmSeal(master, plaintext, context);
      return { plaintext, wrapped: Buffer.concat([iv, tag, data]) };
    },
    unwrap: async (wrapped, context) => gcmOpen(master, { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), data: wrapped.subarray(28) }, context),
  };
}
