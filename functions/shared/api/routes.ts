/**
 * The route table: every endpoint of the API, once, in one list made of the
 * areas' modules (routes/<area>.ts). The CDK stack, the local dev server, the
 * OpenAPI description and the typed client read this list; a handler imports
 * its own area's module (see route.ts).
 */
import { auditRoutes } from '#shared/api/routes/audit';
import { dnsRoutes } from '#shared/api/routes/dns';
import { docsRoutes } from '#shared/api/routes/docs';
import { scansRoutes } from '#shared/api/routes/scans';
import { servicesRoutes } from '#shared/api/routes/services';
import { serviceChecksRoutes } from '#shared/api/routes/service-checks';
import { settingsRoutes } from '#shared/api/routes/settings';
import { subtypesRoutes } from '#shared/api/routes/subtypes';
import { superTypesRoutes } from '#shared/api/routes/super-types';
import { teamsRoutes } from '#shared/api/routes/teams';
import { blueTeamRoutes } from '#shared/api/routes/blue-team';
import { teamAccountsRoutes } from '#shared/api/routes/team-accounts';
import { passwordChangesRoutes } from '#shared/api/routes/password-changes';
import { checkJobsRoutes } from '#shared/api/routes/check-jobs';
import { tokensRoutes } from '#shared/api/routes/tokens';
import { competitionRoutes } from '#shared/api/routes/competition';
import { injectsRoutes } from '#shared/api/routes/injects';
import { incidentsRoutes } from '#shared/api/routes/incidents';
import { announcementsRoutes } from '#shared/api/routes/announcements';
import { poolsRoutes } from '#shared/api/routes/pools';
import { redTeamRoutes } from '#shared/api/routes/red-team';
import { debriefsRoutes } from '#shared/api/routes/debriefs';
import { beaconsRoutes } from '#shared/api/routes/beacons';
import type { Route } from '#shared/api/route';

export * from '#shared/api/route';
export { REDOC_SCRIPT } from '#shared/api/routes/docs';

/** Every route, area by area, in the order the description lists them. */
export const routes = [
  ...Object.values(teamsRoutes),
  ...Object.values(dnsRoutes),
  ...Object.values(settingsRoutes),
  ...Object.values(superTypesRoutes),
  ...Object.values(subtypesRoutes),
  ...Object.values(servicesRoutes),
  ...Object.values(serviceChecksRoutes),
  ...Object.values(scansRoutes),
  ...Object.values(blueTeamRoutes),
  ...Object.values(teamAccountsRoutes),
  ...Object.values(passwordChangesRoutes),
  ...Object.values(checkJobsRoutes),
  ...Object.values(poolsRoutes),
  ...Object.values(injectsRoutes),
  ...Object.values(incidentsRoutes),
  ...Object.values(redTeamRoutes),
  ...Object.values(beaconsRoutes),
  ...Object.values(announcementsRoutes),
  ...Object.values(tokensRoutes),
  ...Object.values(competitionRoutes),
  ...Object.values(debriefsRoutes),
  ...Object.values(auditRoutes),
  ...Object.values(docsRoutes),
];

/** The function behind every path and method no route matches (problem+json 404/405). */
export const fallbackHandler = 'functions/not-found.ts';

export type RouteName = (typeof routes)[number]['name'];
export type RouteNamed<N extends RouteName> = Extract<(typeof routes)[number], { readonly name: N }>;

export function routeNamed(name: string): Route {
  const found = routes.find((r) => r.name === name);
  if (!found) throw new Error(`No route named ${name}`);
  return found;
}
