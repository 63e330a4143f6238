import type { DnsWriteResult } from '#shared/data/dns';
import type { DnsRecord } from '#shared/domain/dns';
import { etagOf } from '#shared/http/conditional';
import { badRequest, conflict, notFound, preconditionFailed, serviceUnavailable, validationFailed } from '#shared/http/problem';

/**
 * The record a DNS write produced, or the problem that says why it did not
 * happen. Shared by the create, update and delete handlers.
 */
export function written(result: DnsWriteResult, id?: number): { record: DnsRecord; previousTeam?: number } {
  switch (result.kind) {
    case 'ok':
      return result;
    case 'not_found':
      throw notFound(`No DNS record has id ${id}.`);
    case 'unknown_team': {
      const hint = result.idOfTeamNumbered === undefined ? '' : ` Team number ${result.team} has id ${result.idOfTeamNumbered}.`;
      throw badRequest(
        'unknown_team',
        `No team has id ${result.team}: \`team\` is the team's id, not its number.${hint}`,
        [{ path: 'team', message: "is not the id of a team (it is the team's id, not its number)" }],
      );
    }
    case 'invalid':
      throw validationFailed(result.errors);
    case 'conflict':
      throw conflict(result.code, result.detail);
    case 'stale':
      throw preconditionFailed(
        result.current
          ? `DNS record ${id} changed since you read it; the current ETag is ${etagOf(result.current)}.`
          : `No DNS record has id ${id}, so If-Match cannot match.`,
      );
    case 'busy':
      throw serviceUnavailable('dns_zone_busy', "The team's zone is being changed by many writers at once; nothing was written. Try again.", 1);
  }
}
