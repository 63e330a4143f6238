import { describe, expect, it } from 'vitest';
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { randomBytes } from 'node:crypto';
import { DATA_KEY_CACHE_MS, kmsKeyProvider } from '#shared/data/kms-key-provider';
import { localKeyProvider, open, seal, type KeyProvider } from '#shared/data/sealing';
import { AccountsSchema, pickAccount, serviceAccounts } from '#shared/domain/accounts';
import * as v from 'valibot';

const SECRET = 'correct horse battery staple';

describe('sealing (envelope encryption)', () => {
  const local = localKeyProvider(randomBytes(32).toString('hex'));

  it('opens what it sealed under the same context only, and keeps nothing of the secret in the clear', async () => {
    const sealed = await seal(local, { service_id: '7' }, SECRET);
    expect(await open(local, { service_id: '7' }, sealed)).toBe(SECRET);
    const stored = JSON.stringify(sealed);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(Buffer.from(SECRET).toString('base64'));
    // Copied onto another service, or opened with another master key, it does not open.
    await expect(open(local, { service_id: '8' }, sealed)).rejects.toThrow();
    await expect(open(localKeyProvider(randomBytes(32).toString('hex')), { service_id: '7' }, sealed)).rejects.toThrow();
    // Two seals of one secret share nothing: a new data key and IV each time.
    const again = await seal(local, { service_id: '7' }, SECRET);
    expect(again.data).not.toBe(sealed.data);
    expect(again.key).not.toBe(sealed.key);
  });

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => localKeyProvider('abcd')).toThrow(/64 hex digits/);
  });

  it('asks KMS for each data key, and for its decryption, with the key id and the service as encryption context', async () => {
    // KMS cannot run here: this double keeps KMS's contract (a blob opens only under its key id and context).
    const wrapped = new Map<string, { key: Buffer; keyId: string; context: string }>();
    const calls: string[] = [];
    const kms = {
      send: async (command: unknown) => {
        if (command instanceof GenerateDataKeyCommand) {
          const { KeyId, KeySpec, EncryptionContext } = command.input;
          calls.push(`GenerateDataKey ${KeyId} ${KeySpec} ${JSON.stringify(EncryptionContext)}`);
          const key = randomBytes(32);
          const blob = randomBytes(16);
          wrapped.set(blob.toString('hex'), { key, keyId: KeyId!, context: JSON.stringify(EncryptionContext) });
          return { Plaintext: new Uint8Array(key), CiphertextBlob: new Uint8Array(blob) };
        }
        if (command instanceof DecryptCommand) {
          const { KeyId, CiphertextBlob, EncryptionContext } = command.input;
          calls.push(`Decrypt ${KeyId} ${JSON.stringify(EncryptionContext)}`);
          const entry = wrapped.get(Buffer.from(CiphertextBlob!).toString('hex'));
          if (!entry || entry.keyId !== KeyId || entry.context !== JSON.stringify(EncryptionContext)) throw new Error('InvalidCiphertextException');
          return { Plaintext: new Uint8Array(entry.key) };
        }
        throw new Error('unexpected command');
      },
    };
    const provider = kmsKeyProvider('arn:aws:kms:eu-west-1:111122223333:key/abc', kms as never) as KeyProvider & { name: string };
    const sealed = await seal(provider, { service_id: '12' }, SECRET);
    expect(sealed.by).toBe('kms:arn:aws:kms:eu-west-1:111122223333:key/abc');
    expect(await open(provider, { service_id: '12' }, sealed)).toBe(SECRET);
    await expect(open(provider, { service_id: '13' }, sealed)).rejects.toThrow('InvalidCiphertextException');
    expect(calls).toEqual([
      'GenerateDataKey arn:aws:kms:eu-west-1:111122223333:key/abc AES_256 {"service_id":"12"}',
      'Decrypt arn:aws:kms:eu-west-1:111122223333:key/abc {"service_id":"12"}',
      'Decrypt arn:aws:kms:eu-west-1:111122223333:key/abc {"service_id":"13"}',
    ]);
    // An opened key is kept an hour: the agent's read each round costs no KMS call; an hour on, KMS is asked again.
    expect(await open(provider, { service_id: '12' }, sealed)).toBe(SECRET);
    expect(calls).toHaveLength(3);
    await provider.unwrap(Buffer.from(sealed.key, 'base64'), { service_id: '12' }, Date.now() + DATA_KEY_CACHE_MS + 1);
    expect(calls).toHaveLength(4);
  });
});

describe('check accounts', () => {
  const problems = (input: unknown) => (v.safeParse(AccountsSchema, input).issues ?? []).map((i) => i.message);

  it('take a password or a private key, not both, each user once', () => {
    expect(
      problems([
        { username: 'blue', password: 'x' },
        { username: 'ops', private_key: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc' },
      ]),
    ).toEqual([]);
    expect(problems([{ username: 'blue' }])).toEqual(['needs a password or a private_key, not both']);
    expect(problems([{ username: 'blue', password: 'x', private_key: '-----BEGIN RSA PRIVATE KEY-----' }])).toEqual([
      'needs a password or a private_key, not both',
    ]);
    expect(problems([{ username: 'blue', private_key: 'ssh-rsa AAAA' }])[0]).toMatch(/private key in PEM or OpenSSH form/);
    // A directory's DN may hold spaces (Active Directory's usually do); a name may not start or end with one, nor hold a line break.
    expect(problems([{ username: 'CN=Scoring Bot,OU=Service Accounts,DC=corp,DC=local', password: 'x' }])).toEqual([]);
    for (const username of [' blue', 'blue ', 'a\nb'])
      expect(problems([{ username, password: 'x' }]), username).toEqual(['must be printable ASCII, without spaces at its ends']);
    expect(
      problems([
        { username: 'blue', password: 'x' },
        { username: 'blue', password: 'y' },
      ]),
    ).toEqual(['names a username twice']);
    expect(problems([])).toEqual(['must hold at least one account']);
  });

  it("are a service's own, else its subtype's, one picked a round", () => {
    const own = [{ username: 'team12', password: 'a' }];
    const shared = [
      { username: 'blue', password: 'b' },
      { username: 'ops', password: 'c' },
    ];
    expect(serviceAccounts(own, shared)).toBe(own);
    expect(serviceAccounts(undefined, shared)).toBe(shared);
    expect(serviceAccounts(undefined, undefined)).toEqual([]);
    expect(pickAccount(shared, () => 0)?.username).toBe('blue');
    expect(pickAccount(shared, () => 0.99)?.username).toBe('ops');
    expect(pickAccount([], () => 0.5)).toBeUndefined();
  });
});
