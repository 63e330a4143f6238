import { createScoringClient, type ApiPaths, type ApiSchemas } from '#shared/api/client';
import type { UploadContentType } from '#shared/domain/files';
import {
  editable,
  postFile,
  read,
  refused,
  type AuditEntry,
  type CheckJob,
  type EditableSubtype,
  type PasswordChange,
  type Read,
  type ServiceStatusView,
  type Token,
  type VoidJob,
} from '../api';

export type Overview = ApiSchemas['Overview'];

/** A request's JSON body, as the API's description types it. */
type BodyOf<P extends keyof ApiPaths, M extends 'post' | 'put'> = ApiPaths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;
export type NewTeam = BodyOf<'/api/v1/teams', 'post'>;
export type NewService = BodyOf<'/api/v1/services', 'post'>;
export type NewInject = BodyOf<'/api/v1/injects', 'post'>;
export type GradeGiven = BodyOf<'/api/v1/injects/{id}/grades', 'post'>;

/** What the console's audit trail asks for: a page, optionally of one target or action. */
export interface AuditQuery {
  target?: string;
  action?: string;
  cursor?: string;
}

/** A void's filter as the console's form gives it. */
export interface VoidFilter {
  from: string;
  to: string;
  team_id?: number;
  subtype_id?: number;
}

/**
 * An organiser's calls from the console, with the admin token of the tab.
 * Every change names the ETag of what the organiser opened (If-Match): a
 * change someone else made since is a 412, never overwritten. Every create
 * sends the Idempotency-Key its form made when it was opened, so a double
 * click or a retry after a lost answer creates one thing.
 */
export function adminApi(token: string) {
  const admin = createScoringClient({ baseUrl: '', token });
  const path = (id: number) => ({ path: { id } });
  const data = async <T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>) => (await editable(answer)).data;
  return {
    /** The event at a glance, read as the public pages read (its ETag held): `changed` is false after a 304. */
    overview: (): Promise<Read<Overview>> => read('console overview', (init) => admin.GET('/api/v1/overview', init)),
    /** Whether the token is an organiser's: the token list is theirs alone. */
    check: async () => {
      const { response, error } = await admin.GET('/api/v1/tokens');
      if (!response.ok) throw refused(response, error);
    },
    teams: () => data(admin.GET('/api/v1/teams')),
    services: () => data(admin.GET('/api/v1/services')),
    scoreboard: () => data(admin.GET('/api/v1/teams/scoreboard')),
    teamProfile: (id: number) => editable(admin.GET('/api/v1/teams/{id}/profile', { params: path(id) })),
    editTeam: (id: number, etag: string, body: { name?: string; hidden?: boolean; team_url?: string; networks?: string[] }) =>
      editable(admin.PATCH('/api/v1/teams/{id}', { params: { ...path(id), header: { 'If-Match': etag } }, body })),
    createTeam: (key: string, body: NewTeam) => data(admin.POST('/api/v1/teams', { params: { header: { 'Idempotency-Key': key } }, body })),
    serviceEndpoint: (id: number) => editable(admin.GET('/api/v1/services/{id}/endpoint', { params: path(id) })),
    serviceEndpoints: () => data(admin.GET('/api/v1/services/endpoints')),
    /** The status view (every service's state, by team and subtype), whole. */
    serviceStatus: async () => (await data(admin.GET('/api/v1/services/status'))) as ServiceStatusView,
    editService: (id: number, etag: string, body: { url?: string; port?: number; max_score?: number; enabled?: boolean }) =>
      editable(admin.PATCH('/api/v1/services/{id}', { params: { ...path(id), header: { 'If-Match': etag } }, body })),
    // Disabled ones too: a subtype's edit changes every service of it.
    servicesOfSubtype: async (subtypeId: number) => (await data(admin.GET('/api/v1/services/endpoints'))).filter((s) => s.subtype_id === subtypeId),
    createService: (key: string, body: NewService) => data(admin.POST('/api/v1/services', { params: { header: { 'Idempotency-Key': key } }, body })),
    subtypes: () => data(admin.GET('/api/v1/subtypes')),
    subtype: (id: number) => editable(admin.GET('/api/v1/subtypes/{id}', { params: path(id) })),
    editSubtype: (id: number, etag: string, body: { name?: string; max_score?: number }) =>
      editable(admin.PATCH('/api/v1/subtypes/{id}', { params: { ...path(id), header: { 'If-Match': etag } }, body })),
    replaceSubtypeCheck: (id: number, etag: string, body: Record<string, unknown>): Promise<{ data: EditableSubtype; etag: string }> =>
      editable(
        admin.PUT('/api/v1/subtypes/{id}/check', {
          params: { ...path(id), header: { 'If-Match': etag } },
          body: body as unknown as BodyOf<'/api/v1/subtypes/{id}/check', 'put'>,
        }),
      ),
    checkNow: async (serviceId: number): Promise<CheckJob> => data(admin.POST('/api/v1/services/{id}/checks', { params: path(serviceId) })),
    checks: async (teamId: number): Promise<CheckJob[]> => data(admin.GET('/api/v1/team/{id}/checks', { params: path(teamId) })),
    /** One team's record, as its view shows it: every password change request, its submissions and grades, its adjustments. */
    teamPasswordChanges: (teamId: number) => data(admin.GET('/api/v1/team/{id}/password-changes', { params: path(teamId) })),
    teamSubmissions: (teamId: number) => data(admin.GET('/api/v1/team/{id}/submissions', { params: path(teamId) })),
    teamGrades: (teamId: number) => data(admin.GET('/api/v1/team/{id}/grades', { params: path(teamId) })),
    adjustments: (teamId: number) => data(admin.GET('/api/v1/teams/{id}/adjustments', { params: path(teamId) })),
    settings: () => editable(admin.GET('/api/v1/settings/{id}', { params: path(1) })),
    /** The whole settings (PUT): every field as the form holds it, refused whole with each bad field's reason. */
    replaceSettings: (etag: string, body: Record<string, unknown>) =>
      editable(
        admin.PUT('/api/v1/settings/{id}', {
          params: { ...path(1), header: { 'If-Match': etag } },
          body: body as unknown as ApiSchemas['Settings'],
        }),
      ),
    tokens: async (): Promise<Token[]> => data(admin.GET('/api/v1/tokens')),
    createToken: async (body: { role: 'admin' | 'service' | 'agent'; pool?: string; name: string; expires_at: string }) =>
      data(admin.POST('/api/v1/tokens', { body })),
    pools: () => data(admin.GET('/api/v1/pools')),
    replacePool: (name: string, body: { description?: string; teams: number[]; subtypes: number[]; services: number[] }) =>
      data(admin.PUT('/api/v1/pools/{id}', { params: { path: { id: name } }, body })),
    revokeToken: async (tokenId: string) => {
      const { response, error } = await admin.DELETE('/api/v1/tokens/{id}', { params: { path: { id: tokenId } } });
      if (!response.ok) throw refused(response, error);
    },
    pendingPasswordChanges: async (): Promise<PasswordChange[]> => data(admin.GET('/api/v1/password-changes', { params: { query: { state: 'pending' } } })),
    approvePasswordChange: async (id: number) => data(admin.POST('/api/v1/password-changes/{id}/approve', { params: path(id) })),
    rejectPasswordChange: async (id: number, reason: string) =>
      data(admin.POST('/api/v1/password-changes/{id}/reject', { params: path(id), body: { reason } })),
    injects: () => data(admin.GET('/api/v1/injects')),
    inject: (id: number) => editable(admin.GET('/api/v1/injects/{id}', { params: path(id) })),
    createInject: (key: string, body: NewInject) => data(admin.POST('/api/v1/injects', { params: { header: { 'Idempotency-Key': key } }, body })),
    editInject: (id: number, etag: string, body: { state: 'published' | 'retired' } | { attachments: string[] }) =>
      editable(admin.PATCH('/api/v1/injects/{id}', { params: { ...path(id), header: { 'If-Match': etag } }, body })),
    /** The grading queue of an inject: each team's latest version no grade is of. */
    /** A page of the grading queue (`cursor`: the page after the one that gave it). */
    gradingQueue: (injectId: number, cursor?: string) =>
      data(admin.GET('/api/v1/submissions', { params: { query: { inject_id: String(injectId), state: 'ungraded', ...(cursor ? { cursor } : {}) } } })),
    injectGrades: (injectId: number) => data(admin.GET('/api/v1/injects/{id}/grades', { params: path(injectId) })),
    grade: (injectId: number, body: GradeGiven) => data(admin.POST('/api/v1/injects/{id}/grades', { params: path(injectId), body })),
    askRevision: (injectId: number, body: { team_id: number; submission_version: number; comment: string }) =>
      data(admin.POST('/api/v1/injects/{id}/revision-requests', { params: path(injectId), body })),
    /** A short-lived link to one of a team's files (as the team's members get it). */
    fileLink: async (teamId: number, key: string) => (await data(admin.GET('/api/v1/team/{id}/files', { params: { ...path(teamId), query: { key } } }))).url,
    /** A short-lived link to one of an inject's attachments, whatever its state. */
    attachmentLink: async (injectId: number, key: string) =>
      (await data(admin.GET('/api/v1/injects/{id}/files', { params: { ...path(injectId), query: { key } } }))).url,
    /** An inject's new attachment: an upload form, the file posted to the file store with it; answers its key (the inject's edit then names it). */
    uploadAttachment: async (injectId: number, file: File): Promise<string> =>
      postFile(
        await data(
          admin.POST('/api/v1/injects/{id}/uploads', { params: path(injectId), body: { file_name: file.name, content_type: file.type as UploadContentType } }),
        ),
        file,
      ),
    exportSubmissions: (injectId: number) => data(admin.POST('/api/v1/injects/{id}/exports', { params: path(injectId) })),
    exportJob: (id: number) => data(admin.GET('/api/v1/injects/exports/{id}', { params: path(id) })),
    incidents: () => data(admin.GET('/api/v1/incidents')),
    gradeIncident: (id: number, body: { points: number; comment?: string; replaces: number | null }) =>
      data(admin.POST('/api/v1/incidents/{id}/grades', { params: path(id), body })),
    findings: () => data(admin.GET('/api/v1/red-team/findings')),
    reviewFinding: (id: number, body: { decision: 'approve' | 'reject' | 'more_evidence'; points?: number; reason?: string; replaces: number | null }) =>
      data(admin.POST('/api/v1/red-team/findings/{id}/reviews', { params: path(id), body })),
    findingFileLink: async (key: string) => (await data(admin.GET('/api/v1/red-team/files', { params: { query: { key } } }))).url,
    findingKinds: () => data(admin.GET('/api/v1/finding-kinds')),
    beacons: () => data(admin.GET('/api/v1/red-team/beacons')),
    closeBeacon: (id: number) => data(admin.POST('/api/v1/red-team/beacons/{id}/close', { params: path(id) })),
    voidBeacon: (id: number, dryRun: boolean) => data(admin.POST('/api/v1/red-team/beacons/{id}/void', { params: path(id), body: { dry_run: dryRun } })),
    replaceFindingKinds: (kinds: { id: string; name: string; points: number }[]) => data(admin.PUT('/api/v1/finding-kinds', { body: { kinds } })),
    announce: (body: { text: string; team_id: number | null }) => data(admin.POST('/api/v1/announcements', { body })),
    createAdjustment: (key: string, teamId: number, body: { super_type_id: number; points: number; reason: string }) =>
      data(admin.POST('/api/v1/teams/{id}/adjustments', { params: { ...path(teamId), header: { 'Idempotency-Key': key } }, body })),
    /** A void's preview (nothing changes), or with `previewId` its application: the job. */
    void: async (filter: VoidFilter, previewId?: number): Promise<VoidJob> =>
      data(admin.POST('/api/v1/scans/void', { body: { ...filter, ...(previewId === undefined ? {} : { dry_run: false, preview_id: previewId }) } })),
    voidJob: async (id: number): Promise<VoidJob> => data(admin.GET('/api/v1/scans/voids/{id}', { params: path(id) })),
    finalise: (force: boolean) => data(admin.POST('/api/v1/competition/finalise', { body: { force } })),
    debriefSummary: () => data(admin.GET('/api/v1/debriefs/summary')),
    teamAccounts: () => data(admin.GET('/api/v1/team-accounts')),
    /** A member's sign-in account: its generated password is in this answer only. */
    createTeamAccount: (body: { team_id: number; name: string } | { role: 'red-team'; name: string }) => data(admin.POST('/api/v1/team-accounts', { body })),
    removeTeamAccount: async (id: number) => {
      const { response, error } = await admin.DELETE('/api/v1/team-accounts/{id}', { params: path(id) });
      if (!response.ok) throw refused(response, error);
    },
    teamSessions: (teamId: number) => data(admin.GET('/api/v1/teams/{id}/sessions', { params: path(teamId) })),
    endTeamSessions: (teamId: number) => data(admin.DELETE('/api/v1/teams/{id}/sessions', { params: path(teamId) })),
    serviceAccounts: (id: number) => editable(admin.GET('/api/v1/services/{id}/accounts', { params: path(id) })),
    /** Sets one check account back to its default (what the file or the last replace set), with the accounts' ETag. */
    resetServiceAccount: (id: number, etag: string, username: string) =>
      editable(admin.POST('/api/v1/services/{id}/accounts/reset', { params: { ...path(id), header: { 'If-Match': etag } }, body: { username } })),
    /** A service's own check (404: it has none, and is checked as its subtype says). */
    serviceCheck: (id: number) => editable(admin.GET('/api/v1/services/{id}/check', { params: path(id) })),
    replaceServiceCheck: (id: number, etag: string | undefined, body: Record<string, unknown>) =>
      editable(
        admin.PUT('/api/v1/services/{id}/check', {
          params: { ...path(id), header: etag ? { 'If-Match': etag } : {} },
          body: body as unknown as BodyOf<'/api/v1/services/{id}/check', 'put'>,
        }),
      ),
    removeServiceCheck: async (id: number, etag: string) => {
      const { response, error } = await admin.DELETE('/api/v1/services/{id}/check', { params: { ...path(id), header: { 'If-Match': etag } } });
      if (!response.ok) throw refused(response, error);
    },
    superTypes: () => data(admin.GET('/api/v1/super-types')),
    superType: (id: number) => editable(admin.GET('/api/v1/super-types/{id}', { params: path(id) })),
    createSuperType: (key: string, body: { name: string }) => data(admin.POST('/api/v1/super-types', { params: { header: { 'Idempotency-Key': key } }, body })),
    renameSuperType: (id: number, etag: string, name: string) =>
      editable(admin.PATCH('/api/v1/super-types/{id}', { params: { ...path(id), header: { 'If-Match': etag } }, body: { name } })),
    retireSuperType: async (id: number, etag: string) => {
      const { response, error } = await admin.DELETE('/api/v1/super-types/{id}', { params: { ...path(id), header: { 'If-Match': etag } } });
      if (!response.ok) throw refused(response, error);
    },
    createSubtype: (key: string, body: Record<string, unknown>) =>
      data(admin.POST('/api/v1/subtypes', { params: { header: { 'Idempotency-Key': key } }, body: body as unknown as BodyOf<'/api/v1/subtypes', 'post'> })),
    retireSubtype: async (id: number, etag: string) => {
      const { response, error } = await admin.DELETE('/api/v1/subtypes/{id}', { params: { ...path(id), header: { 'If-Match': etag } } });
      if (!response.ok) throw refused(response, error);
    },
    audit: async (query: AuditQuery): Promise<{ items: AuditEntry[]; cursor: string | null }> =>
      data(admin.GET('/api/v1/audit', { params: { query: { limit: '20', ...query } } })),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
