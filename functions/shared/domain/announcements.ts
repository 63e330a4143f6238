/** An organiser's message to every team or to one (issue #29): team pages show it as it arrives. */
import * as v from 'valibot';
import { Id, named } from '#shared/domain/shapes';

/** An announcement as stored, and as organisers and teams read it. */
export const AnnouncementSchema = named(
  'Announcement',
  "An organiser's message to every team or to one.",
  v.strictObject({
    id: Id,
    text: v.pipe(v.string(), v.description('Markdown.')),
    team_id: v.pipe(v.nullable(Id), v.description('The team it is for; null: every team.')),
    posted_by: v.string(),
    posted_at: v.string(),
  }),
);
export type Announcement = v.InferOutput<typeof AnnouncementSchema>;

/** Whether a team is shown an announcement: one for every team, or its own. */
export const forTeam = (announcement: Pick<Announcement, 'team_id'>, teamId: number) => announcement.team_id === null || announcement.team_id === teamId;
