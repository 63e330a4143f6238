/** The tool's help (`npm run scoring -- --help`, or no command): every command and option, as an organiser reads them. */
export const USAGE = `Usage: npm run scoring -- <command> [options]

Commands:
  validate <file>                      Check a competition file; list every problem with its line
  load <file> [--confirm <preview>] [--replace] [--override-final]
                                       Load a competition. Onto a running one: preview the live
                                       edits that make it what the file says (results stay), then
                                       apply exactly those with --confirm <preview>. --replace
                                       instead wipes it for a new event (a finalised one only
                                       with --override-final too)
  token create --role admin|service|agent [--pool <pool>] --name <name> [--expires <ISO time> | --expires-in <N>d|h]
                                       Create a token; it is printed once and never stored
  token list                           List tokens (never their secrets)
  token revoke <token-id>              Revoke a token at once
  iam grant --arn <arn> --role admin|service|agent [--pool <pool>]
                                       Register an IAM user or role for the IAM API (an assumed-role
                                       session ARN is registered as its role; an agent with its pool);
                                       it also needs the stack's AdminPolicyArn, ServicePolicyArn or
                                       AgentPolicyArn attached
  team-account create --team <id> --name <name>
                                       Create a blue team member's sign-in account; its generated
                                       password is printed once and stored only as a hash
  team-account create --red-team --name <name>
                                       The same for a red team member (of no team)
  team-account list [--team <id>]      List sign-in accounts (never a password)
  team-account delete <account-id>     Remove an account; its open sessions end
  team-account sign-out --team <id>    End every open session of a team (all its members);
                                       --red-team: of the red team
  iam list                             List registered IAM principals
  iam revoke --arn <arn>               Refuse that principal's signed requests from now on
  export [--out <dir>] [--include-hidden]
                                       Write the results: standings.csv, services.csv, results.json
                                       and SHA256SUMS (check with \`sha256sum -c SHA256SUMS\` in <dir>)
  finalise [--force] [--out <dir>] [--include-hidden]
                                       Lock the results after end_time plus the late-result grace
                                       (--force: before it), then write the final export with its
                                       SHA256SUMS to <dir> (default results/final)
  verify [--repair]                    Recompute every team's totals from its history (results,
                                       adjustments, SLA penalties); list any difference;
                                       --repair writes the recomputed figures back
  upgrade                              Bring what an older version stored up to this one's keys
                                       (each team's incident reports under its own index key);
                                       run once after deploying a new version, as often as you like
  void --from <time> --to <time> [--team <id>] [--subtype <id>] [--confirm <preview_id>]
  unvoid (the same options)            Preview voiding (or restoring) the results checked in
                                       [from, to): how many, each team's total before and after,
                                       a preview id. With --confirm <preview_id> (and the same
                                       filter): apply exactly that set, as a job the stream
                                       consumer runs; waits for it (at most --wait seconds, 60)

Every change (load, token create/revoke, team-account create/delete/sign-out, iam grant/revoke, finalise, verify --repair, void/unvoid) is recorded in the audit
trail (GET /api/v1/audit) with your AWS identity, or locally your OS user name.

Target (default: the running dev server's DynamoDB Local):
  --table <name>       a deployed table (the stack's TableName output)
  --region <region>    its region (else AWS_REGION / your AWS profile's)
  --endpoint <url>     a DynamoDB endpoint (e.g. another DynamoDB Local)
  --accounts-key <arn> the KMS key check accounts' secrets are sealed with (the stack's AccountsKeyArn output;
                       needed to load a file with accounts into a deployed table)`;
