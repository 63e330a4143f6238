/** Announcements (issue #29): organisers post them, to every team or one; teams read theirs. */
import type { AuditContext } from '#shared/data/audit';
import { listAnnouncements, putAnnouncement } from '#shared/data/announcements';
import { allocateId } from '#shared/data/counters';
import { listTeamRecords } from '#shared/data/teams';
import { forTeam, type Announcement } from '#shared/domain/announcements';
import { serviceUnavailable, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

/** Posts an announcement (to one team: it must exist); audited. */
export async function announce(fields: { text: string; team_id?: number | null }, audit: AuditContext, now = new Date()): Promise<Announcement> {
  const teamId = fields.team_id ?? null;
  if (teamId !== null && !(await listTeamRecords({ totals: false })).some((t) => t.team.id === teamId)) {
    throw validationFailed([{ path: 'team_id', message: `no team has id ${teamId}` }]);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const announcement: Announcement = {
      id: await allocateId('announcement'),
      text: fields.text,
      team_id: teamId,
      posted_by: audit.actor.name,
      posted_at: formatTimestamp(now),
    };
    if (await putAnnouncement(announcement, audit)) return announcement;
  }
  throw serviceUnavailable('announcement_busy', 'Announcements kept being posted at once; post it again.', 1);
}

/** What a team is shown: the announcements for every team and its own, newest first. */
export async function teamAnnouncements(teamId: number): Promise<Announcement[]> {
  return (await listAnnouncements()).filter((a) => forTeam(a, teamId));
}
