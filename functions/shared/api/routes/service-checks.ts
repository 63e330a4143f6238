import { ServiceCheckSchema, ServiceChecksSchema } from '#shared/api/schemas/responses/services';
import * as v from 'valibot';
import { route, json, none } from '#shared/api/route';
import { CheckDefinitionSchema } from '#shared/domain/checks';

/**
 * A service's own check, in place of its subtype's. Apart from the other
 * services routes because its replace is validated by the competition file's
 * schemas: the functions that import this module bundle the pattern engine,
 * those of the services area (a scan report's among them) do not.
 */
export const serviceChecksRoutes = {
  GetServiceChecks: route('GetServiceChecks', 'GET', '/services/own-checks', 'service-checks/get-service-checks', 'admin-service-or-agent', 'read', {
    summary: "The services checked otherwise than their subtype says, with their own checks: the scoring agent's read, once a round, beside GET /subtypes",
    responses: { 200: json('By service id, its own check (a service without one is left out).', ServiceChecksSchema) },
  }),
  GetServiceCheck: route('GetServiceCheck', 'GET', '/services/{id}/check', 'service-checks/get-service-check', 'admin', 'read', {
    summary: "A service's own check, if it has one (else it is checked as its subtype says), with the ETag its replace names",
    responses: { 200: json('Its own check and version (a service without one: 404).', ServiceCheckSchema) },
  }),
  ReplaceServiceCheck: route('ReplaceServiceCheck', 'PUT', '/services/{id}/check', 'service-checks/replace-service-check', 'admin', 'read-write', {
    summary: "Check one service otherwise than its subtype says (its subtype's kind, other parameters): from the agent's next round",
    body: v.pipe(
      CheckDefinitionSchema,
      v.description(
        "The whole check definition, as a competition file gives a subtype's: `check` (the subtype's kind; never a mail kind) and its parameters; any left out takes its default.",
      ),
    ),
    ifMatch: true,
    responses: { 200: { ...json('Its own check as it now is, and its new ETag.', ServiceCheckSchema), etag: true } },
    problems: { 503: ['service_busy'] },
  }),
  DeleteServiceCheck: route('DeleteServiceCheck', 'DELETE', '/services/{id}/check', 'service-checks/delete-service-check', 'admin', 'read-write', {
    summary: "Check a service as its subtype says again (removes its own check): from the agent's next round",
    ifMatch: true,
    responses: { 204: none },
    problems: { 503: ['service_busy'] },
  }),
} as const;
