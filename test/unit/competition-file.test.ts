import { describe, expect, it } from 'vitest';
import { parseCompetition } from '../../lib/local/competition-file';
import { readFileSync } from 'node:fs';
import { SAMPLE_COMPETITION } from '../../lib/local/local-stack';
import { CHECK_KINDS, CHECK_PARAMETER_NAMES, checkOf, logsIn } from '#shared/domain/check-definitions';
import { checkParameters } from '#shared/domain/checks';

const GOOD = `
settings:
  competition_name: Test
super_types:
  - { id: 1, name: Services }
  - { id: 2, name: Injects }
subtypes:
  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10 }
teams:
  - number: 1
    name: One
    team_url: one.example
    services:
      - { subtype_id: 1, url: www.one.example, port: 80 }
  - number: 2
    name: Two
    team_url: two.example
    guest_division: true
    hidden: true
`;

function problemsOf(text: string) {
  const result = parseCompetition(text);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('the competition file', () => {
  it('accepts the sample and fills in defaults', () => {
    const sample = parseCompetition(readFileSync(SAMPLE_COMPETITION, 'utf8'));
    expect(sample.ok).toBe(true);
    const good = parseCompetition(GOOD);
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.settings).toMatchObject({ competition_name: 'Test', dns_ttl: 300, scoring_enabled: true });
    expect(good.competition.teams[0]).toMatchObject({ logo: '', guest_division: false, hidden: false });
    expect(good.competition.teams[1]).toMatchObject({ guest_division: true, hidden: true, services: [] });
  });

  it('accepts JSON too', () => {
    const json = JSON.stringify({ super_types: [{ id: 1, name: 'S' }], subtypes: [], teams: [] });
    expect(parseCompetition(json).ok).toBe(true);
  });

  it('reports YAML syntax errors with their line', () => {
    const problems = problemsOf('super_types:\n  - { id: 1, name: S\nteams: []\n');
    expect(problems[0]?.line).toBeGreaterThan(0);
  });

  it('reports a duplicate key instead of silently keeping the last one', () => {
    expect(problemsOf('teams: []\nteams: []\nsuper_types: []\nsubtypes: []\n').length).toBeGreaterThan(0);
  });

  it('names every problem at once, each with its path and line', () => {
    const bad = `
settings:
  dns_ttl: 5
  colour: blue
super_types:
  - { id: 1, name: Services }
  - { id: 1, name: Services }
subtypes:
  - { id: 1, name: HTTP, super_type_id: 9, max_score: 0 }
teams:
  - number: 300
    name: One
    team_url: "bad host!"
    services:
      - { subtype_id: 7, url: x.example, port: 70000 }
      - { subtype_id: 1, url: www.example, port: 80 }
      - { subtype_id: 1, url: WWW.example, port: 80 }
    extra: 1
  - number: 300
    name: One
    team_url: two.example
  - "not a team"
`;
    const problems = problemsOf(bad);
    const byPath = new Map(problems.map((p) => [p.path, p]));
    for (const path of [
      'settings.dns_ttl',
      'settings.colour',
      'super_types.1.id',
      'super_types.1.name',
      'subtypes.0.super_type_id',
      'subtypes.0.max_score',
      'teams.0.team_url',
      'teams.0.services.0.subtype_id',
      'teams.0.services.0.port',
      'teams.0.services.2',
      'teams.0.extra',
      'teams.0.number',
      'teams.1.number',
      'teams.1.name',
      'teams.2',
    ]) {
      expect(byPath.has(path), `${path} in ${JSON.stringify(problems, null, 1)}`).toBe(true);
    }
    expect(byPath.get('teams.0.services.0.port')?.line).toBe(15);
    expect(byPath.get('settings.colour')?.line).toBe(4);
    const teamNumberMessages = problems.filter((p) => p.path === 'teams.1.number').map((p) => p.message);
    expect(teamNumberMessages).toEqual(expect.arrayContaining([expect.stringMatching(/duplicates teams\.0\.number/)]));
  });

  it('reads check definitions beside their subtypes, with defaults, and names each bad one with its line', () => {
    const good = parseCompetition(GOOD.replace('max_score: 10 }', 'max_score: 10, check: http, path: /health, content: "ok" }'));
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.subtypes[0]).toEqual({
      id: 1,
      name: 'HTTP',
      super_type_id: 1,
      max_score: 10,
      check: 'http',
      path: '/health',
      status: 200,
      content: 'ok',
      timeout_seconds: 5,
    });

    const bad = GOOD.replace(
      '  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10 }',
      [
        '  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10, check: gopher }',
        '  - { id: 2, name: DNS, super_type_id: 1, max_score: 5, check: dns }',
        '  - { id: 3, name: SSH, super_type_id: 1, max_score: 5, check: ssh, path: / }',
        '  - { id: 4, name: Web, super_type_id: 1, max_score: 5, check: http, content: "(", timeout_seconds: 600 }',
        '  - { id: 5, name: Mail, super_type_id: 1, max_score: 5, check: smtp, banner: "^220(?! spam)" }',
      ].join('\n'),
    );
    expect(problemsOf(bad)).toEqual([
      { path: 'subtypes.0.check', line: 8, message: `must be one of ${CHECK_KINDS.join(', ')}` },
      { path: 'subtypes.1.query', line: 9, message: expect.any(String) },
      { path: 'subtypes.2.path', line: 10, message: 'is not a known field' },
      {
        path: 'subtypes.3.content',
        line: 11,
        message: expect.stringMatching(/^must be a regular expression the linear-time engine takes .*missing closing \)/),
      },
      { path: 'subtypes.3.timeout_seconds', line: 11, message: 'must be at most 30 s' },
      // Lookaround (and backreferences) would backtrack: refused at load, never found out during a round.
      { path: 'subtypes.4.banner', line: 12, message: expect.stringMatching(/^must be a regular expression the linear-time engine takes .*\(\?!/) },
    ]);
  });

  it('reads HTTP match rules and property sets, and names a bad digest, a refused reject pattern and a field a set may not change', () => {
    const digest = 'AB'.repeat(32);
    const good = parseCompetition(
      GOOD.replace(
        'max_score: 10 }',
        `max_score: 10, check: http, reject: "(?i)hacked by", sha256: ${digest}, properties: [{ path: /about, exact: "About us" }, { host: intranet.one.example, content: ok }] }`,
      ),
    );
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.subtypes[0]).toMatchObject({
      check: 'http',
      path: '/',
      reject: '(?i)hacked by',
      sha256: digest.toLowerCase(),
      properties: [
        { path: '/about', exact: 'About us' },
        { host: 'intranet.one.example', content: 'ok' },
      ],
    });
    const bad = GOOD.replace(
      'max_score: 10 }',
      'max_score: 10, check: https, sha256: abc, reject: "a(?=b)", properties: [{ timeout_seconds: 9 }, { host: "not a host" }] }',
    );
    expect(problemsOf(bad).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.0.sha256', 'must be a SHA-256 in hex (64 digits), as sha256sum prints it'],
      ['subtypes.0.reject', expect.stringMatching(/^must be a regular expression the linear-time engine takes/)],
      ['subtypes.0.properties.0.timeout_seconds', 'is not a known field'],
      ['subtypes.0.properties.1.host', 'must be a host name, such as www.team1.example'],
    ]);
    expect(problemsOf(GOOD.replace('max_score: 10 }', 'max_score: 10, check: http, properties: [] }')).map((p) => p.message)).toEqual([
      'must hold at least one property set',
    ]);
    // Logins: basic auth or a form (its action and field names), nothing else.
    const form = parseCompetition(
      GOOD.replace('max_score: 10 }', 'max_score: 10, check: https, auth: form, login_path: /wp-login.php, username_field: log, password_field: pwd }'),
    );
    if (!form.ok) throw new Error(JSON.stringify(form.problems));
    expect(form.competition.subtypes[0]).toMatchObject({ auth: 'form', login_path: '/wp-login.php', username_field: 'log', password_field: 'pwd' });
    expect(problemsOf(GOOD.replace('max_score: 10 }', 'max_score: 10, check: http, auth: digest }')).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.0.auth', 'must be basic or form'],
    ]);
  });

  it('reads mail and directory checks, and wants a mailbox check to name an SMTP subtype that sends', () => {
    const mail = (imap: string, smtp = 'mail_to: ops') =>
      GOOD.replace(
        '  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10 }',
        [
          `  - { id: 1, name: Mail out, super_type_id: 1, max_score: 10, check: smtp, ${smtp} }`,
          `  - { id: 2, name: Mail in, super_type_id: 1, max_score: 10, check: imaps, ${imap} }`,
          '  - { id: 3, name: Directory, super_type_id: 1, max_score: 10, check: ldap, base_dn: "ou=People,dc=one,dc=example", filter: "(uid=ops)" }',
        ].join('\n'),
      );
    const good = parseCompetition(mail('sent_by: mail OUT, mailbox: Archive'));
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.subtypes.map((s) => s.check)).toEqual(['smtp', 'imaps', 'ldap']);
    expect(good.competition.subtypes[1]).toMatchObject({ sent_by: 'mail OUT', mailbox: 'Archive', timeout_seconds: 5 });
    expect(problemsOf(mail('sent_by: Directory')).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.1.sent_by', 'no smtp or smtps subtype with mail_to is named Directory'],
    ]);
    // An SMTP subtype without mail_to sends nothing a mailbox could find.
    expect(problemsOf(mail('sent_by: Mail out', 'banner: ESMTP')).map((p) => p.path)).toEqual(['subtypes.1.sent_by']);
    // Addresses and mailbox names go into command lines: no angle brackets, quotes or line breaks.
    expect(
      problemsOf(mail("mailbox: 'a\"b'", 'mail_to: "ops>@x"'))
        .map((p) => p.path)
        .sort(),
    ).toEqual(['subtypes.0.mail_to', 'subtypes.1.mailbox']);
    const ldapWithout = GOOD.replace('max_score: 10 }', 'max_score: 10, check: ldap }');
    expect(problemsOf(ldapWithout).map((p) => p.path)).toEqual(['subtypes.0.base_dn']);
  });

  it('reads a file-share check, and refuses share names, paths and names SMB cannot hold', () => {
    const smb = (fields: string) => GOOD.replace('max_score: 10 }', `max_score: 10, check: smb, ${fields} }`);
    const good = parseCompetition(
      smb('share: Public, file: /docs/welcome.txt, content: Welcome, properties: [{ folder: "docs\\\\2024", expect: report.docx }]'),
    );
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.subtypes[0]).toMatchObject({
      check: 'smb',
      share: 'Public',
      file: '/docs/welcome.txt',
      content: 'Welcome',
      properties: [{ folder: 'docs\\2024', expect: 'report.docx' }],
      timeout_seconds: 5,
    });
    expect(problemsOf(smb('file: welcome.txt')).map((p) => p.path)).toEqual(['subtypes.0.share']);
    expect(problemsOf(smb('share: "a/b", file: "../etc/passwd", folder: "x:y", expect: "*.txt"')).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.0.share', 'must be a share name, without \\ / : * ? " < > | or control characters'],
      ['subtypes.0.file', "must not hold . or .. (a path from the share's root)"],
      ['subtypes.0.folder', 'must be a path without : * ? " < > | or control characters'],
      ['subtypes.0.expect', 'must be one file or folder name, without \\ / : * ? " < > | or control characters'],
    ]);
  });

  it('reads a remote desktop check, NLA by default or the negotiation alone, and refuses anything else', () => {
    const rdp = (fields: string) => GOOD.replace('max_score: 10 }', `max_score: 10, check: rdp${fields} }`);
    const good = parseCompetition(rdp(''));
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.subtypes[0]).toMatchObject({ check: 'rdp', timeout_seconds: 5 });
    expect(logsIn(checkOf(good.competition.subtypes[0] as unknown as Record<string, unknown>)!)).toBe(true);
    const negotiation = parseCompetition(rdp(', nla: false'));
    if (!negotiation.ok) throw new Error(JSON.stringify(negotiation.problems));
    expect(logsIn(checkOf(negotiation.competition.subtypes[0] as unknown as Record<string, unknown>)!)).toBe(false);
    expect(problemsOf(rdp(', nla: "no"')).map((p) => [p.path, p.message])).toEqual([['subtypes.0.nla', 'must be true or false']]);
    expect(problemsOf(rdp(', share: Public')).map((p) => p.path)).toEqual(['subtypes.0.share']);
  });

  it("knows each kind's parameters by one list: the schemas and what agents are served agree", () => {
    for (const kind of CHECK_KINDS) expect(Object.keys(checkParameters[kind]).sort(), kind).toEqual([...CHECK_PARAMETER_NAMES[kind]].sort());
  });

  it("places subtypes, teams and services in the pools it declares, and keeps a mailbox check in its sender's pool (issue #45)", () => {
    const pooled = (pools: string, mailboxPool = '') =>
      GOOD.replace(
        '  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10 }',
        [
          '  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10, pool: dc-east }',
          '  - { id: 2, name: Mail out, super_type_id: 1, max_score: 10, check: smtp, mail_to: ops }',
          '  - { id: 3, name: Mail in, super_type_id: 1, max_score: 10, check: imap, sent_by: Mail out }',
        ].join('\n'),
      )
        .replace('    team_url: two.example\n', '    team_url: two.example\n    pool: range-a\n')
        .replace(
          '      - { subtype_id: 1, url: www.one.example, port: 80 }',
          [
            '      - { subtype_id: 1, url: www.one.example, port: 80, pool: cloud }',
            '      - { subtype_id: 2, url: mail.one.example, port: 25 }',
            `      - { subtype_id: 3, url: mail.one.example, port: 143${mailboxPool} }`,
          ].join('\n'),
        ) + pools;
    const good = parseCompetition(pooled('pools:\n  - { name: dc-east, description: East rack }\n  - { name: range-a }\n'));
    if (!good.ok) throw new Error(JSON.stringify(good.problems));
    expect(good.competition.pools).toEqual([{ name: 'dc-east', description: 'East rack' }, { name: 'range-a' }]);
    expect(problemsOf(pooled('pools:\n  - { name: dc-east }\n')).map((p) => [p.path, p.message])).toEqual([
      ['teams.1.pool', 'no pool is named range-a (declare it under pools)'],
    ]);
    expect(problemsOf(pooled('pools:\n  - { name: dc-east }\n  - { name: range-a }\n  - { name: dc-east }\n')).map((p) => p.path)).toEqual(['pools.2.name']);
    expect(problemsOf(pooled('pools:\n  - { name: Range A }\n')).map((p) => p.path)).toContain('pools.0.name');
    // The mailbox check placed apart from the SMTP check whose mail it reads.
    expect(problemsOf(pooled('pools:\n  - { name: dc-east }\n  - { name: range-a }\n', ', pool: dc-east')).map((p) => [p.path, p.message])).toEqual([
      ['teams.0.services.2.pool', 'is dc-east, but this mailbox check reads the mail teams.0.services.1 sends from cloud: both must be in one pool'],
    ]);
  });

  it("reads a command check (a recipe of the agent's and its placeholders' values), and refuses one that would run from cloud (issue #46)", () => {
    const file = (subtype: string, pools = '') =>
      GOOD.replace('  - { id: 1, name: HTTP, super_type_id: 1, max_score: 10 }', `  - { id: 1, name: WinRM, super_type_id: 1, max_score: 10, ${subtype} }`) +
      pools;
    const placed = parseCompetition(
      file('check: command, recipe: winrm-hostname, args: { expect_name: DC01 }, content: DC01, pool: range-a', 'pools: [{ name: range-a }]\n'),
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed.problems));
    expect(placed.competition.subtypes[0]).toMatchObject({ check: 'command', recipe: 'winrm-hostname', args: { expect_name: 'DC01' }, timeout_seconds: 5 });
    expect(problemsOf(file('check: command, recipe: winrm-hostname')).map((p) => [p.path, p.message])).toEqual([
      ['teams.0.services.0', expect.stringContaining('runs a command check from cloud')],
    ]);
    // A value is one argument that cannot pass for an option; host, port and username are the agent's.
    const pooled = (args: string) => file(`check: command, recipe: x, args: ${args}, pool: range-a`, 'pools: [{ name: range-a }]\n');
    expect(problemsOf(pooled('{ a: "--exec=sh" }')).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.0.args.a', 'must not start with "-" (the program could read it as an option)'],
    ]);
    expect(problemsOf(pooled('{ host: 10.0.0.1 }')).map((p) => [p.path, p.message])).toEqual([
      ['subtypes.0.args', 'host, port and username are the agent’s to fill'],
    ]);
    expect(problemsOf(file('check: command, recipe: /usr/bin/python3, pool: range-a', 'pools: [{ name: range-a }]\n')).map((p) => p.path)).toEqual([
      'subtypes.0.recipe',
    ]);
  });

  it('wants team URLs as plain host names, without a trailing dot', () => {
    const paths = problemsOf(GOOD.replace('team_url: one.example', 'team_url: one.example.')).map((p) => p.path);
    expect(paths).toEqual(['teams.0.team_url']);
  });

  it('refuses a name server inside a team zone, which could have no address at load', () => {
    const file = GOOD.replace('competition_name: Test', 'competition_name: Test\n  dns_nameservers: [ns1.outside.example, ns.two.example]');
    expect(problemsOf(file).map((p) => p.path)).toEqual(['settings.dns_nameservers.1']);
  });

  it('needs the top-level sections', () => {
    const paths = problemsOf('settings: {}\n').map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['super_types', 'subtypes', 'teams']));
  });

  it('rejects a file that is not a mapping', () => {
    expect(problemsOf('- 1\n- 2\n').length).toBeGreaterThan(0);
    expect(problemsOf('').length).toBeGreaterThan(0);
  });
});
