/** An organiser's message to every team or to one (issue #29): team pages show it as it arrives. */
export interface Announcement {
  id: number;
  /** The message (Markdown). */
  text: string;
  /** The team it is for; null: every team. */
  team_id: number | null;
  posted_by: string;
  posted_at: string;
}

/** Whether a team is shown an announcement: one for every team, or its own. */
export const forTeam = (announcement: Pick<Announcement, 'team_id'>, teamId: number) => announcement.team_id === null || announcement.team_id === teamId;
