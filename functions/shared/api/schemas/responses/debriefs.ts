/** Answers about teams' debriefs: the debrief's schema is the domain's (domain/debrief.ts). */
export { DebriefSchema } from '#shared/domain/debrief';
