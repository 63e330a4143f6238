import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, invoke } from '../support/invoke';
import { mintTokens, useFreshTable } from '../support/database';

let tokens: Awaited<ReturnType<typeof mintTokens>>;

beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
});

describe('GET /subtypes', () => {
  it('lists every subtype with its check definition, for admins and service accounts', async () => {
    const response = await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens.service) });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      {
        id: 1,
        name: 'HTTP',
        super_type_id: 1,
        max_score: 10,
        check: 'http',
        path: '/',
        status: 200,
        content: 'Welcome',
        reject: '(?i)hacked by',
        timeout_seconds: 5,
      },
      { id: 2, name: 'SSH', super_type_id: 1, max_score: 10, check: 'ssh', timeout_seconds: 5 },
      { id: 3, name: 'DNS', super_type_id: 1, max_score: 5, check: 'dns', query: 'www', timeout_seconds: 3 },
      { id: 4, name: 'SMTP', super_type_id: 1, max_score: 8, check: 'smtp', mail_to: 'blue', timeout_seconds: 5 },
      // The accounts are never part of a subtype's answer: only the secrets route carries them.
      { id: 5, name: 'FTP', super_type_id: 1, max_score: 8, check: 'ftp', file: 'welcome.txt', content: '^Welcome', upload: true, timeout_seconds: 5 },
      {
        id: 6,
        name: 'Database',
        super_type_id: 1,
        max_score: 8,
        check: 'postgres',
        database: 'shop',
        sql: 'SELECT item, quantity FROM inventory ORDER BY item',
        content: '(?m)^firewall\\t[0-9]+$',
        timeout_seconds: 5,
      },
      { id: 7, name: 'IMAP', super_type_id: 1, max_score: 8, check: 'imap', sent_by: 'SMTP', timeout_seconds: 5 },
      {
        id: 8,
        name: 'Directory',
        super_type_id: 1,
        max_score: 8,
        check: 'ldap',
        base_dn: 'ou=People,dc=ccdc,dc=local',
        filter: '(uid=blue)',
        content: '(?m)^mail: blue@',
        timeout_seconds: 5,
      },
      { id: 9, name: 'Remote Desktop', super_type_id: 1, max_score: 8, check: 'vnc', timeout_seconds: 5 },
      {
        id: 10,
        name: 'File Share',
        super_type_id: 1,
        max_score: 8,
        check: 'smb',
        share: 'public',
        file: 'welcome.txt',
        content: '^Welcome',
        expect: 'reports',
        timeout_seconds: 5,
      },
    ]);
    expect((await invoke('GET', '/api/v1/subtypes', { headers: bearer(tokens.admin) })).status).toBe(200);
  });

  it('is not public', async () => {
    expect((await invoke('GET', '/api/v1/subtypes')).status).toBe(401);
  });
});
