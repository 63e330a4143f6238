import { ServiceCreateBody, ServiceUpdateBody } from '#shared/api/schemas/requests/live-edits';
import { ScanReportBody } from '#shared/api/schemas/requests/scans';
import { ServiceFilters, ServiceScansQuery, ServiceStatusQuery } from '#shared/api/schemas/requests/scoring';
import { CheckAccountsQuery, ResetAccountBody } from '#shared/api/schemas/requests/team';
import {
  ScanResultSchema,
  ScanStartedSchema,
  ServiceDetailSchema,
  ServiceScansPageSchema,
  ServiceSchema,
  ServiceStatusViewSchema,
} from '#shared/api/schemas/responses/scoring';
import { AccountsViewSchema, CheckAccountsSchema, ServiceEndpointSchema } from '#shared/api/schemas/responses/services';
import { CheckJobSchema } from '#shared/api/schemas/responses/team';
import * as v from 'valibot';
import { route, json, list, none, page, FINAL } from '#shared/api/route';
import { AccountsSchema } from '#shared/domain/accounts';

/** Services: the scored checks, their detail and history, and scan reports for one service. */
export const servicesRoutes = {
  ListServices: route('ListServices', 'GET', '/services', 'services/list-services', 'public', 'read', {
    summary: 'List services',
    query: ServiceFilters,
    responses: { 200: list('The visible services that match, by id (none match: an empty list).', ServiceSchema) },
  }),
  CreateService: route('CreateService', 'POST', '/services', 'services/create-service', 'admin', 'read-write', {
    summary: "Add a service to a team during the event: checked from the agent's next round, earning from its first result",
    accountsKey: 'seal',
    body: ServiceCreateBody,
    idempotent: true,
    responses: { 201: { ...json('Where its check goes, and its ETag (for PATCH /services/{id}).', ServiceEndpointSchema), etag: true } },
    problems: { 409: [FINAL, 'service_exists', 'team_too_large', 'command_in_cloud'], 503: ['team_busy'] },
  }),
  GetServiceStatus: route('GetServiceStatus', 'GET', '/services/status', 'services/get-service-status', 'public', 'read', {
    summary: "Every service's status, compactly: the teams × subtypes matrix (`?since=` for what changed)",
    query: ServiceStatusQuery,
    responses: { 200: json('The cells, whole or changed since `since`.', ServiceStatusViewSchema) },
  }),
  GetCheckAccounts: route('GetCheckAccounts', 'GET', '/services/accounts', 'services/get-check-accounts', 'admin-service-or-agent', 'read', {
    summary: "Every service's check accounts with their secrets: the scoring agent's read, once a round (or one service's, for a dry run)",
    accountsKey: 'open',
    query: CheckAccountsQuery,
    responses: {
      200: json(
        'By service id, the accounts its login check signs in with (a service without any is left out). The only answer that ever carries a secret.',
        CheckAccountsSchema,
      ),
    },
  }),
  ListServiceAccounts: route('ListServiceAccounts', 'GET', '/services/{id}/accounts', 'services/list-service-accounts', 'admin', 'read', {
    summary: "A service's check accounts: who its login check signs in as, never the secrets",
    responses: { 200: json('Its accounts and their version (a service without any: 404).', AccountsViewSchema) },
  }),
  ReplaceServiceAccounts: route('ReplaceServiceAccounts', 'PUT', '/services/{id}/accounts', 'services/replace-service-accounts', 'admin', 'read-write', {
    summary: "Set a service's check accounts (all of them, each with its secret): a changed password, an added user",
    accountsKey: 'seal',
    body: v.strictObject({ accounts: AccountsSchema }),
    ifMatch: true,
    responses: { 200: { ...json('Its accounts as stored (never a secret), and their new ETag.', AccountsViewSchema), etag: true } },
    problems: { 503: ['accounts_busy'] },
  }),
  DeleteServiceAccounts: route('DeleteServiceAccounts', 'DELETE', '/services/{id}/accounts', 'services/delete-service-accounts', 'admin', 'read-write', {
    summary: "Remove a service's check accounts",
    ifMatch: true,
    responses: { 204: none },
    problems: { 503: ['accounts_busy'] },
  }),
  ResetServiceAccount: route('ResetServiceAccount', 'POST', '/services/{id}/accounts/reset', 'services/reset-service-account', 'admin', 'read-write', {
    summary: "Set one of a service's check accounts back to its default (what the file or the last replace set, before any password change request)",
    body: ResetAccountBody,
    ifMatch: true,
    responses: { 200: { ...json('Its accounts as stored now, and their new ETag.', AccountsViewSchema), etag: true } },
    problems: { 503: ['accounts_busy'] },
  }),
  RequestServiceCheck: route('RequestServiceCheck', 'POST', '/services/{id}/checks', 'services/request-service-check', 'admin', 'read-write', {
    summary: "Check now: a dry run of this service's check by the scoring agent, not scored (an organiser's, not counted against the team)",
    invokes: 'agent',
    responses: {
      202: json("Queued: the agent runs it within seconds. `Location` is the team's list of checks, where it shows how it went.", CheckJobSchema),
    },
  }),
  ListServiceEndpoints: route('ListServiceEndpoints', 'GET', '/services/endpoints', 'services/list-service-endpoints', 'admin', 'read', {
    summary: 'Every service as an organiser edits it, disabled ones included: where its check goes, its points, whether it is enabled',
    responses: { 200: list("Each service's endpoint, by id (each with the version its edit names in If-Match).", ServiceEndpointSchema) },
  }),
  GetServiceEndpoint: route('GetServiceEndpoint', 'GET', '/services/{id}/endpoint', 'services/get-service-endpoint', 'admin', 'read', {
    summary: "Where a service's check goes, with the ETag a live edit names",
    responses: { 200: json('Its address, port, points and version.', ServiceEndpointSchema) },
  }),
  UpdateService: route('UpdateService', 'PATCH', '/services/{id}', 'services/update-service', 'admin', 'read-write', {
    summary: 'Move a service to another address or port, change its points, or disable or enable it, during the event (results already earned stay)',
    body: ServiceUpdateBody,
    ifMatch: true,
    responses: { 200: { ...json("Where its check goes now; the agent's next round checks it there.", ServiceEndpointSchema), etag: true } },
    problems: { 503: ['service_busy'] },
  }),
  GetService: route('GetService', 'GET', '/services/{id}', 'services/get-service', 'public', 'read', {
    summary: 'One service',
    responses: { 200: json('The service, its points and its latest scans.', ServiceDetailSchema) },
  }),
  ListServiceScans: route('ListServiceScans', 'GET', '/services/{id}/scans', 'services/list-service-scans', 'public', 'read', {
    summary: "A service's check history, paged",
    query: ServiceScansQuery,
    responses: {
      200: page('One page, newest first by check time; `cursor` (also in `Link: rel="next"`) resumes, null on the last page.', ServiceScansPageSchema),
    },
    problems: { 400: ['invalid_cursor'] },
  }),
  ReportScan: route('ReportScan', 'POST', '/services/{id}/scans', 'services/report-scan', 'admin-service-or-agent', 'read-write', {
    summary: 'Report a scan',
    throttle: 'scan-report',
    body: ScanReportBody,
    responses: {
      200: json('This scan_id was reported before (or a "started" came after its result): nothing changed; the result as recorded.', ScanResultSchema),
      201: json('The result is recorded; it counts once the scoreboard has folded it in.', ScanResultSchema),
      202: json('The service is marked as being scanned.', ScanStartedSchema),
    },
    problems: { 409: ['scan_id_reused', FINAL], 503: ['busy'] },
  }),
} as const;
