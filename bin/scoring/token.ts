/** `token create|list|revoke`: bearer tokens for admins, services and agents. */
import { createToken, listTokens, revokeToken } from '#shared/data/tokens';
import { formatTimestamp } from '#shared/validation';
import type { Role } from '#shared/api/routes';
import { agentPoolOption, printTable, UsageError, type Run, type Values } from './context';

export async function tokenCreate(run: Run): Promise<void> {
  const { values, io } = run;
  const role = values.role as Role | undefined;
  if (role !== 'admin' && role !== 'service' && role !== 'agent') throw new UsageError('--role must be admin, service or agent.');
  await agentPoolOption(values, role, 'token');
  if (!values.name?.trim()) throw new UsageError('--name is required: who or what holds this token.');
  const { token, record } = await createToken({
    role,
    ...(values.pool ? { pool: values.pool } : {}),
    name: values.name.trim(),
    expiresAt: expiry(values),
    audit: await run.audit(),
  });
  const of = record.pool ? ` of pool ${record.pool}` : '';
  io.err(`Created ${role} token ${record.token_id}${of} for "${record.name}"${record.expires_at ? `, expires ${record.expires_at}` : ''}.`);
  io.err('This is the only time the token is shown; store it now:');
  io.out(token);
}

function expiry(values: Values): string | null {
  if (values.expires) {
    const at = Date.parse(values.expires);
    if (Number.isNaN(at) || at <= Date.now()) throw new UsageError('--expires must be a future ISO 8601 time.');
    return formatTimestamp(at);
  }
  const relative = values['expires-in'];
  if (!relative) return null;
  const match = /^(\d+)([dh])$/.exec(relative);
  if (!match || Number(match[1]) === 0) throw new UsageError('--expires-in takes a number of days or hours, e.g. 3d or 12h.');
  const hours = Number(match[1]) * (match[2] === 'd' ? 24 : 1);
  return formatTimestamp(Date.now() + hours * 3_600_000);
}

export async function tokenList({ io }: Run): Promise<void> {
  const tokens = await listTokens();
  if (tokens.length === 0) return io.out('No tokens.');
  const now = Date.now();
  const rows = tokens.map((t) => [
    t.token_id,
    t.pool ? `${t.role} (${t.pool})` : t.role,
    t.revoked_at ? `revoked ${t.revoked_at}` : t.expires_at && Date.parse(t.expires_at) <= now ? `expired ${t.expires_at}` : 'active',
    t.created_at,
    t.expires_at ?? 'never',
    t.name,
  ]);
  printTable(io, ['ID', 'ROLE', 'STATE', 'CREATED', 'EXPIRES', 'NAME'], rows);
}

export async function tokenRevoke(run: Run, tokenId: string | undefined): Promise<void> {
  if (!tokenId) throw new UsageError('Name the token id to revoke (see `token list`).');
  if (!(await revokeToken(tokenId, await run.audit()))) throw new UsageError(`No active token has id ${tokenId}.`);
  run.io.out(`Revoked token ${tokenId}; it is refused from the next request on.`);
}
