/**
 * IAM caller ARNs as the registry keys them. API Gateway reports an assumed
 * role's caller as its STS session (`arn:aws:sts::123456789012:assumed-role/Agent/i-0abc`);
 * the registry holds the role (`arn:aws:iam::123456789012:role/Agent`). A
 * session ARN carries no role path, so role ARNs are keyed without theirs.
 */

const ASSUMED_ROLE = /^arn:(aws[a-z-]*):sts::(\d{12}):assumed-role\/([^/]+)\/[^/]+$/;
const ROLE = /^arn:(aws[a-z-]*):iam::(\d{12}):role\/(?:[^/]+\/)*([^/]+)$/;
const OTHER_PRINCIPAL = /^arn:aws[a-z-]*:(iam::\d{12}:user|sts::\d{12}:federated-user)\/\S+$/;

/** The registry key of a caller or principal ARN, or undefined when it is not an IAM principal ARN. */
export function normalizeIamArn(arn: string): string | undefined {
  const trimmed = arn.trim();
  const session = ASSUMED_ROLE.exec(trimmed);
  if (session) return `arn:${session[1]}:iam::${session[2]}:role/${session[3]}`;
  const role = ROLE.exec(trimmed);
  if (role) return `arn:${role[1]}:iam::${role[2]}:role/${role[3]}`;
  return OTHER_PRINCIPAL.test(trimmed) ? trimmed : undefined;
}
