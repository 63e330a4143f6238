/**
 * The accounts' key provider: KMS with the stack's customer-managed key when
 * `ACCOUNTS_KEY_ID` names it (AWS), else the local twin's (data/sealing.ts).
 * The encryption context goes to KMS with every call: a wrapped key opens
 * only under the service it was made for, and CloudTrail records which.
 */
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { localKeyProvider, type KeyProvider } from '#shared/data/sealing';

let kms: KMSClient | undefined;

/**
 * Data keys the secrets route has opened, kept an hour by this process: the
 * agent reads every service's accounts once a round, and a Decrypt per
 * service per round would cost more than the rest of KMS together. Keyed by
 * the wrapped key and its context, so a key opens from the cache only under
 * the context KMS opened it for; the AWS Encryption SDK's caching works so.
 */
export const DATA_KEY_CACHE_MS = 60 * 60_000;
const DATA_KEY_CACHE_ENTRIES = 20_000;
const opened = new Map<string, { key: Buffer; until: number }>();

export function kmsKeyProvider(keyId: string, client: Pick<KMSClient, 'send'> = (kms ??= new KMSClient({}))): KeyProvider & { name: string } {
  return {
    name: `kms:${keyId}`,
    generateDataKey: async (context) => {
      const answer = await client.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }));
      if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS GenerateDataKey answered without a key');
      return { plaintext: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob) };
    },
    unwrap: async (wrapped, context, now = Date.now()) => {
      const cacheKey = `${keyId}|${wrapped.toString('base64')}|${JSON.stringify(Object.entries(context).sort())}`;
      const kept = opened.get(cacheKey);
      if (kept && kept.until > now) return Buffer.from(kept.key);
      // KeyId too: KMS then refuses a blob wrapped under any other key.
      const answer = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: context }));
      if (!answer.Plaintext) throw new Error('KMS Decrypt answered without a key');
      if (opened.size >= DATA_KEY_CACHE_ENTRIES) opened.delete(opened.keys().next().value!);
      opened.set(cacheKey, { key: Buffer.from(answer.Plaintext), until: now + DATA_KEY_CACHE_MS });
      return Buffer.from(answer.Plaintext);
    },
  };
}

export function accountsKeyProvider(): KeyProvider & { name: string } {
  const keyId = process.env.ACCOUNTS_KEY_ID;
  return keyId ? kmsKeyProvider(keyId) : localKeyProvider();
}
