import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { PasswordChangeRow } from '#shared/api/schemas/requests/team';
import { requestPasswordChanges } from '#shared/app/password-changes';
import { freshSettings } from '#shared/data/fresh';
import { MAX_CHANGES, parsePasswordList, type RequestedChange } from '#shared/domain/password-changes';
import { auditContext } from '#shared/http/audit-context';
import { endpoint } from '#shared/http/endpoint';
import { validationFailed } from '#shared/http/problem';
import { created } from '#shared/http/responses';
import { parseWith, type FieldError } from '#shared/validation';

/** The rows a request names, each with the path its problems are reported under (`changes.3`, `list line 4`). */
type Rows = { changes: RequestedChange[]; paths: string[] };

/** A pasted list's rows, each checked as a `changes` row is; every bad line named (`list line 4`), never its password. */
function rowsOfList(list: string): Rows {
  const errors: FieldError[] = [];
  const rows: Rows = { changes: [], paths: [] };
  const parsed = parsePasswordList(list);
  // The JSON form's cap, before any row is read further: one request is one team's accounts after a red-team round.
  if (parsed.length > MAX_CHANGES)
    throw validationFailed([{ path: 'list', message: `holds ${parsed.length} lines: at most ${MAX_CHANGES} accounts in one request` }]);
  for (const row of parsed) {
    const path = `list line ${row.line}`;
    if ('error' in row) {
      errors.push({ path, message: row.error });
      continue;
    }
    const parsed = parseWith(PasswordChangeRow, row.change);
    if (parsed.ok) {
      rows.changes.push(parsed.value);
      rows.paths.push(path);
    } else errors.push(...parsed.errors.map((e) => ({ path: `${path}${e.path ? ` ${e.path}` : ''}`, message: e.message })));
  }
  if (errors.length === 0 && rows.changes.length === 0) errors.push({ path: 'list', message: 'holds no line: service,username,password' });
  if (errors.length > 0) throw validationFailed(errors);
  return rows;
}

/** A team (or an organiser for it) sends new passwords of its check accounts: applied now, later or on approval, as the settings say. */
export const handler = endpoint(blueTeamRoutes.RequestPasswordChanges, {}, async (request) => {
  const { id, body, principal } = request;
  const rows = body.list !== undefined ? rowsOfList(body.list) : { changes: body.changes!, paths: body.changes!.map((_, i) => `changes.${i}`) };
  const change = await requestPasswordChanges({
    teamId: id,
    changes: rows.changes,
    rowPath: (i) => rows.paths[i]!,
    requestedBy: principal!.name,
    settings: (await freshSettings()).settings,
    audit: auditContext(request),
    log: request.log,
  });
  request.log.info('password change requested', { team: id, request: change.id, accounts: change.changes.length, state: change.state });
  return created(change, `${blueTeamRoutes.ListTeamPasswordChanges.path.replace('{id}', String(id))}`);
});
