/** `iam grant|list|revoke`: the IAM users and roles the IAM API accepts signed requests from. */
import { listIamPrincipals, registerIamPrincipal, revokeIamPrincipal } from '#shared/data/iam-principals';
import { normalizeIamArn } from '#shared/auth/iam-arns';
import type { Role } from '#shared/api/routes';
import { agentPoolOption, printTable, UsageError, type Run, type Values } from './context';

function iamArn(values: Values): string {
  const arn = values.arn?.trim();
  if (!arn) throw new UsageError('--arn is required: the IAM user or role ARN (arn:aws:iam::<account>:role/<name>).');
  if (!normalizeIamArn(arn)) throw new UsageError(`--arn "${arn}" is not an IAM user, role or assumed-role ARN.`);
  return arn;
}

export async function iamGrant(run: Run): Promise<void> {
  const { values } = run;
  const arn = iamArn(values);
  const role = values.role as Role | undefined;
  if (role !== 'admin' && role !== 'service' && role !== 'agent') throw new UsageError('--role must be admin, service or agent.');
  await agentPoolOption(values, role, 'principal');
  const record = await registerIamPrincipal({ arn, role, ...(values.pool ? { pool: values.pool } : {}), source: 'cli', audit: await run.audit() });
  run.io.out(`Registered ${record.arn} as ${role}${record.pool ? ` of the pool ${record.pool}` : ''}.`);
}

export async function iamList({ io }: Run): Promise<void> {
  const principals = await listIamPrincipals();
  if (principals.length === 0) return io.out('No IAM principals registered.');
  printTable(
    io,
    ['ROLE', 'POOL', 'SOURCE', 'CREATED', 'ARN'],
    principals.map((p) => [p.role, p.pool ?? '-', p.source, p.created_at, p.arn]),
  );
}

export async function iamRevoke(run: Run): Promise<void> {
  const arn = iamArn(run.values);
  if (!(await revokeIamPrincipal(arn, await run.audit()))) throw new UsageError(`${arn} is not registered.`);
  run.io.out(`Removed ${arn}; its signed requests are refused from the next one on.`);
}
