/* eslint-disable */
// Generated from the OpenAPI description by `npm run openapi:types`; do not edit.
// test/unit/openapi.test.ts fails when it is stale.

export interface paths {
    "/api/v1/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List teams
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["ListTeams"];
        put?: never;
        /**
         * Add a team during the event (no services yet: add them with POST /services)
         * @description Admins only.
         */
        post: operations["CreateTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/scoreboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scoreboard
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetScoreboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/scoreboard/compact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scoreboard as its page draws it: each team once, the rows as arrays
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetCompactScoreboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/scoreboard/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every team's total over time
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetScoreHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One team
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a team, change its logo, division or DNS zone, hide or show it during the event (its results stay)
         * @description Admins only.
         */
        patch: operations["UpdateTeam"];
        trace?: never;
    };
    "/api/v1/teams/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team as an organiser edits it, hidden or not, with the ETag a live edit names
         * @description Admins only.
         */
        get: operations["GetTeamProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/scorecard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's scorecard
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetScorecard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/dns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's DNS records
         * @description Admins only.
         */
        get: operations["ExportTeamDns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/dns.zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's zone file
         * @description Admins only.
         */
        get: operations["ExportTeamZone"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's adjustments
         * @description Admins only.
         */
        get: operations["ListAdjustments"];
        put?: never;
        /**
         * Add or remove points by hand
         * @description Admins only.
         */
        post: operations["CreateAdjustment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List DNS records
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["ListDnsRecords"];
        put?: never;
        /**
         * Create a DNS record
         * @description Admins and service accounts.
         */
        post: operations["CreateDnsRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One DNS record
         * @description Admins and service accounts.
         */
        get: operations["GetDnsRecord"];
        /**
         * Replace a DNS record
         * @description Admins and service accounts.
         */
        put: operations["UpdateDnsRecord"];
        post?: never;
        /**
         * Delete a DNS record
         * @description Admins and service accounts.
         */
        delete: operations["DeleteDnsRecord"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The settings, as a list
         * @description Admins and service accounts.
         */
        get: operations["ListSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The settings
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["GetSettings"];
        /**
         * Replace the settings
         * @description Admins and service accounts.
         */
        put: operations["ReplaceSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change some settings
         * @description Admins and service accounts.
         */
        patch: operations["UpdateSettings"];
        trace?: never;
    };
    "/api/v1/super-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List super types, with the version a live edit names
         * @description Admins only.
         */
        get: operations["ListSuperTypes"];
        put?: never;
        /**
         * Add a super type during the event: a new column of every scorecard
         * @description Admins only.
         */
        post: operations["CreateSuperType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/super-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One super type, with the ETag a live edit names
         * @description Admins only.
         */
        get: operations["GetSuperType"];
        put?: never;
        post?: never;
        /**
         * Retire a super type no subtype has and no team has points in
         * @description Admins only.
         */
        delete: operations["RetireSuperType"];
        options?: never;
        head?: never;
        /**
         * Rename a super type during the event: every scorecard shows the new name at once
         * @description Admins only.
         */
        patch: operations["UpdateSuperType"];
        trace?: never;
    };
    "/api/v1/subtypes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subtypes (kinds of check) with their check parameters
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["ListSubtypes"];
        put?: never;
        /**
         * Add a subtype (a kind of check) during the event: its services are added after it (POST /services)
         * @description Admins only.
         */
        post: operations["CreateSubtype"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subtypes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One subtype as organisers edit it, with the ETag a live edit names
         * @description Admins only.
         */
        get: operations["GetSubtype"];
        put?: never;
        post?: never;
        /**
         * Retire a subtype that no service has and no mailbox check reads the mail of (one with services stays: their results keep it)
         * @description Admins only.
         */
        delete: operations["RetireSubtype"];
        options?: never;
        head?: never;
        /**
         * Rename a subtype or change its points during the event: every service of it follows (one with points of its own keeps them), each edited in turn, the subtype last, so the same request again finishes one stopped midway
         * @description Admins only.
         */
        patch: operations["UpdateSubtype"];
        trace?: never;
    };
    "/api/v1/subtypes/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace how agents check a subtype's services (its kind and parameters) during the event: from the agent's next round
         * @description Admins only.
         */
        put: operations["ReplaceSubtypeCheck"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List services
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["ListServices"];
        put?: never;
        /**
         * Add a service to a team during the event: checked from the agent's next round, earning from its first result
         * @description Admins only.
         */
        post: operations["CreateService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every service's status, compactly: the teams × subtypes matrix (`?since=` for what changed)
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetServiceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every service's check accounts with their secrets: the scoring agent's read, once a round (or one service's, for a dry run)
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["GetCheckAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service's check accounts: who its login check signs in as, never the secrets
         * @description Admins only.
         */
        get: operations["ListServiceAccounts"];
        /**
         * Set a service's check accounts (all of them, each with its secret): a changed password, an added user
         * @description Admins only.
         */
        put: operations["ReplaceServiceAccounts"];
        post?: never;
        /**
         * Remove a service's check accounts
         * @description Admins only.
         */
        delete: operations["DeleteServiceAccounts"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/accounts/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set one of a service's check accounts back to its default (what the file or the last replace set, before any password change request)
         * @description Admins only.
         */
        post: operations["ResetServiceAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check now: a dry run of this service's check by the scoring agent, not scored (an organiser's, not counted against the team)
         * @description Admins only.
         */
        post: operations["RequestServiceCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every service as an organiser edits it, disabled ones included: where its check goes, its points, whether it is enabled
         * @description Admins only.
         */
        get: operations["ListServiceEndpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/endpoint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where a service's check goes, with the ETag a live edit names
         * @description Admins only.
         */
        get: operations["GetServiceEndpoint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetService"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move a service to another address or port, change its points, or disable or enable it, during the event (results already earned stay)
         * @description Admins only.
         */
        patch: operations["UpdateService"];
        trace?: never;
    };
    "/api/v1/services/{id}/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service's check history, paged
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["ListServiceScans"];
        put?: never;
        /**
         * Report a scan
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        post: operations["ReportScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/own-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The services checked otherwise than their subtype says, with their own checks: the scoring agent's read, once a round, beside GET /subtypes
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["GetServiceChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/services/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service's own check, if it has one (else it is checked as its subtype says), with the ETag its replace names
         * @description Admins only.
         */
        get: operations["GetServiceCheck"];
        /**
         * Check one service otherwise than its subtype says (its subtype's kind, other parameters): from the agent's next round
         * @description Admins only.
         */
        put: operations["ReplaceServiceCheck"];
        post?: never;
        /**
         * Check a service as its subtype says again (removes its own check): from the agent's next round
         * @description Admins only.
         */
        delete: operations["DeleteServiceCheck"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a round of scans
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        post: operations["ReportScans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void results: preview, then apply
         * @description Admins only.
         */
        post: operations["VoidScans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/unvoid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore voided results: preview, then apply
         * @description Admins only.
         */
        post: operations["UnvoidScans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/voids/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A void or unvoid: its preview and its progress
         * @description Admins only.
         */
        get: operations["GetVoidJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in as a team member: a session token for the team routes
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        post: operations["SignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s own session
         * @description A signed-in member only, a blue team’s or the red team’s (a session token from `POST /api/v1/team/sessions`).
         */
        get: operations["GetTeamSession"];
        put?: never;
        post?: never;
        /**
         * Sign out: end the caller’s session
         * @description A signed-in member only, a blue team’s or the red team’s (a session token from `POST /api/v1/team/sessions`).
         */
        delete: operations["SignOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/injects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The injects a team is asked to do: those published and open, with their times, points, rubric and late rule
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamInjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's submissions, every version, newest first within each inject
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamSubmissions"];
        put?: never;
        /**
         * Submit an answer to an inject: a new version, kept with the team's others, until the inject closes
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        post: operations["SubmitInject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An upload form for one file of an answer to an inject: the browser posts the file straight to the bucket, then the submission names its key
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        post: operations["CreateUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A download link to one of the team's files, or to an attachment of an inject open to it
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["GetTeamFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/grades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's grades: the latest of each inject, with the grader's comments
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamGrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's incident reports, with their latest grades and the graders' comments
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamIncidents"];
        put?: never;
        /**
         * File an incident report: what the team saw the red team do (when, on which hosts, what happened), for organisers to grade
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        post: operations["FileIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The red team findings approved against the team, when the settings show them: kind, service, time and points, never who filed them
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamFindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisers' announcements a team is shown: those for every team and its own, newest first
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamAnnouncements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's own services with the full reason of each failure
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of a team's services' checks, with their full reasons, paged
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamScans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/password-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's password change requests, newest first (the latest 100), never a password
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamPasswordChanges"];
        put?: never;
        /**
         * Tell the scoring engine the new password of one or more of the team’s check accounts (a list, or a pasted CSV)
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        post: operations["RequestPasswordChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's latest dry runs ("check now"), newest first, with how each went
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamChecks"];
        put?: never;
        /**
         * Check now: a dry run of one of the team's services by the scoring agent, not scored (a team may ask once every 20 s)
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        post: operations["RequestTeamCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sign-in accounts (never a password)
         * @description Admins only.
         */
        get: operations["ListTeamAccounts"];
        put?: never;
        /**
         * Create a team member’s sign-in account; its generated password is answered once
         * @description Admins only.
         */
        post: operations["CreateTeamAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a sign-in account and end its sessions
         * @description Admins only.
         */
        delete: operations["DeleteTeamAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team’s open sessions: who is signed in, since when, until when (never a token)
         * @description Admins only.
         */
        get: operations["ListTeamSessions"];
        put?: never;
        post?: never;
        /**
         * End every open session of a team: all of its members are signed out
         * @description Admins only.
         */
        delete: operations["EndTeamSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/password-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every team's password change requests, newest first (the latest 500), never a password
         * @description Admins only.
         */
        get: operations["ListPasswordChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/password-changes/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a waiting request: its passwords apply now
         * @description Admins only.
         */
        post: operations["ApprovePasswordChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/password-changes/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a waiting request, saying why
         * @description Admins only.
         */
        post: operations["RejectPasswordChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The "check now" jobs no agent has taken yet, oldest first: the local agent polls this
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["ListCheckJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * An agent takes a queued job (`running`), then reports how the check went (`done`)
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        patch: operations["UpdateCheckJob"];
        trace?: never;
    };
    "/api/v1/pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every pool, `cloud` first, with the services each checks now (an agent's list holds its own pool only)
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["ListPools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One pool and the services it checks now: its agents read their own each round (an agent may read no other pool's)
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        get: operations["GetPool"];
        /**
         * Create a pool or replace what it checks: from each agent's next round
         * @description Admins only.
         */
        put: operations["ReplacePool"];
        post?: never;
        /**
         * Delete a pool that names nothing (`cloud` stays)
         * @description Admins only.
         */
        delete: operations["DeletePool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pools/{id}/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent takes the next slice of its pool's round (and marks the one it finished): a pool's agents share each round this way
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        post: operations["ClaimSlice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pools/{id}/heartbeats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An agent says it is alive, and how its last round went: the console and the pools show it
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        post: operations["SendHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/pools/{id}/mail-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A pool's agent asks for its mail checks' tokens: every agent of every pool makes the same token of a scan id, and none holds the key
         * @description Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).
         */
        post: operations["MintMailTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List injects, drafts and retired ones included
         * @description Admins only.
         */
        get: operations["ListInjects"];
        put?: never;
        /**
         * Write an inject: a draft, which teams see once it is published and open
         * @description Admins only.
         */
        post: operations["CreateInject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One inject, with the ETag an edit names
         * @description Admins only.
         */
        get: operations["GetInject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit an inject, publish it (teams see it from open_at) or retire it
         * @description Admins only.
         */
        patch: operations["UpdateInject"];
        trace?: never;
    };
    "/api/v1/injects/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An upload form for one of an inject's attachments: the browser posts the file straight to the bucket, then an edit of the inject names its key
         * @description Admins only.
         */
        post: operations["CreateInjectUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A download link to one of an inject's attachments, in any state (teams download them through their own route once the inject is open)
         * @description Admins only.
         */
        get: operations["GetInjectFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/{id}/grades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every team's grades of an inject, every regrade kept
         * @description Admins only.
         */
        get: operations["ListInjectGrades"];
        put?: never;
        /**
         * Grade a team's submission (or regrade it: the next grade, the old one kept): its points, less the late rule, reach the board through the fold
         * @description Admins only.
         */
        post: operations["GradeSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/{id}/revision-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a team to revise its latest submission: it may send a new version until `until`, keeping that version's late share
         * @description Admins only.
         */
        post: operations["RequestRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/{id}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export every team's submissions for an inject, every version with its files, as one ZIP in the bucket: a job, written by a worker
         * @description Admins only.
         */
        post: operations["ExportSubmissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/injects/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An export of submissions: queued, running, done (with a link to the ZIP) or failed (with why)
         * @description Admins only.
         */
        get: operations["GetExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every team's submissions for an inject, every version (`?state=ungraded`: the grading queue), a page at a time
         * @description Admins only.
         */
        get: operations["ListSubmissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every team's incident reports with their latest grades (`?state=ungraded`: the grading queue)
         * @description Admins only.
         */
        get: operations["ListIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incidents/{id}/grades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every grade of an incident report, regrades and the grades they replaced
         * @description Admins only.
         */
        get: operations["ListIncidentGrades"];
        put?: never;
        /**
         * Grade a team's incident report (or regrade it: the next grade, the old one kept): its points reach the board through the fold
         * @description Admins only.
         */
        post: operations["GradeIncident"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/finding-kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisers’ table of finding kinds, each with the points it takes off a team
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        get: operations["ListFindingKinds"];
        /**
         * Replace the table of finding kinds (a finding keeps the name and points its kind had when it was filed)
         * @description Admins only.
         */
        put: operations["ReplaceFindingKinds"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An upload form for one file of a finding’s evidence: the browser posts the file straight to the bucket, then the finding names its key
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        post: operations["CreateFindingUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The red team’s findings with their states and latest rulings (`?state=submitted`: the review queue)
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        get: operations["ListFindings"];
        put?: never;
        /**
         * File a finding: what the red team did to which team’s service, when, of which kind, with evidence, for organisers to review
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        post: operations["FileFinding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/findings/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add evidence to a finding an organiser asked about: it goes back to the review queue
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        post: operations["AddFindingEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A download link to a file of the red team’s evidence
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        get: operations["GetFindingFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/findings/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every ruling on a finding, second looks and the rulings they replaced
         * @description Admins only.
         */
        get: operations["ListFindingRulings"];
        put?: never;
        /**
         * Review a finding: approve it (its points come off the team through the fold; a repeat within the window counts nothing), reject it, or ask for more evidence; a second look is the next ruling
         * @description Admins only.
         */
        post: operations["ReviewFinding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/beacons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every beacon as it stands: state, last check-in, rounds counted, points taken, refusals
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        get: operations["ListBeacons"];
        put?: never;
        /**
         * Open a beacon on a team host: the answer carries its check-in token, this once
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        post: operations["OpenBeacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/beacons/{id}/deductions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A beacon's deductions, a round each: what each took, whether the team's cap took some, whether it was voided
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        get: operations["ListBeaconDeductions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/beacons/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a beacon: its token answers 410 from now on, and its host may have a new one
         * @description The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.
         */
        post: operations["CloseBeacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/red-team/beacons/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a beacon's deductions: the preview (the default), then the void (the beacon closes; its deductions count nothing)
         * @description Admins only.
         */
        post: operations["VoidBeacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/beacons/{id}/check-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A beacon's implant checks in (token in `X-Beacon-Token`, an empty body) from its team's networks: the round's first check-in takes `beacon_points_per_round` off the team
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        post: operations["CheckInBeacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/beacons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The red team beacons found on the team’s hosts, when the settings show them: host, first and last check-in, points; never the token or who opened it
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["ListTeamBeacons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every announcement, newest first
         * @description Admins only.
         */
        get: operations["ListAnnouncements"];
        put?: never;
        /**
         * Post an announcement to every team, or to one: team pages show it from their next poll
         * @description Admins only.
         */
        post: operations["PostAnnouncement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every API token, oldest first, without secrets
         * @description Admins only.
         */
        get: operations["ListTokens"];
        put?: never;
        /**
         * Mint an API token (admin or service) that expires; its secret is answered once
         * @description Admins only.
         */
        post: operations["CreateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a token by its public id: refused from its next request on
         * @description Admins only.
         */
        delete: operations["RevokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The event at a glance: the scoring window, the round, services by state per check, the pools' agents, what waits and the fold's lag
         * @description Admins only.
         */
        get: operations["GetOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/competition/finalise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock the results: no scan report, adjustment, void or scoring setting changes them from now on; every team's debrief is built and exported
         * @description Admins only.
         */
        post: operations["FinaliseCompetition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/debrief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's debrief, as the team will read it: standing, services, injects, incident reports, the red team's findings, the score over time
         * @description Admins only.
         */
        get: operations["GetDebrief"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/{id}/debrief": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's own debrief, once released to its members (`debriefs_shown`: after `finalise` and with no freeze standing, or at once); an organiser reads it whenever
         * @description One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.
         */
        get: operations["GetTeamDebrief"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debriefs/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organisers’ table of ranks: every team × every super type with score and rank, its uptime and inject points
         * @description Admins only.
         */
        get: operations["GetDebriefSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debriefs/summary.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The table of ranks as CSV
         * @description Admins only.
         */
        get: operations["GetDebriefSummaryCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debriefs/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Every visible team's debrief as one ZIP in the bucket (an HTML file each, and the table of ranks as CSV): a job, written by the export worker
         * @description Admins only.
         */
        post: operations["ExportDebriefs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debriefs/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An export of the debriefs: its state, and once done a link to its ZIP
         * @description Admins only.
         */
        get: operations["GetDebriefExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit trail: who changed what, paged, by target or action if asked
         * @description Admins only.
         */
        get: operations["ListAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This description (token API)
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi-iam.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This description (IAM API)
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetOpenApiIam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference, for people
         * @description Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.
         */
        get: operations["GetDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * AccountSummary
         * @description A check account as anything but the secrets route shows it: who, what kind of secret and when it was set, never the secret.
         */
        AccountSummary: {
            username: string;
            /** @enum {string} */
            credential: "password" | "private key";
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            set_at: string;
        };
        /**
         * AccountsView
         * @description A service's check accounts without their secrets, and the version every change moves.
         */
        AccountsView: {
            version: number;
            accounts: components["schemas"]["AccountSummary"][];
        };
        /**
         * Adjustment
         * @description Points added to or removed from a team in a super type, by hand.
         * @example {
         *       "id": 1,
         *       "team": 1,
         *       "super_type_id": 2,
         *       "points": 50,
         *       "reason": "Inject 3: firewall change request",
         *       "created_by": "alice (organiser)",
         *       "created_at": "2026-11-22T11:00:00Z"
         *     }
         */
        Adjustment: {
            id: number;
            /** @description The team's id. */
            team: number;
            super_type_id: number;
            points: number;
            reason: string;
            created_by: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            created_at: string;
        };
        /**
         * Announcement
         * @description An organiser's message to every team or to one.
         * @example {
         *       "id": 1,
         *       "text": "Inject 2 comes at noon.",
         *       "team_id": null,
         *       "posted_by": "carol (organiser)",
         *       "posted_at": "2026-11-22T11:30:00Z"
         *     }
         */
        Announcement: {
            id: number;
            /** @description Markdown. */
            text: string;
            /** @description The team it is for; null: every team. */
            team_id: number | null;
            posted_by: string;
            posted_at: string;
        };
        /**
         * AuditActor
         * @description Who made a change: a token (by its public id, never its secret), an IAM principal (its ARN), a signed-in member (account, team or null for the red team’s, the session’s public id), the command-line tool (the AWS identity of its credentials, or locally the OS user) or the service itself (`system`: the local server at start, tests).
         */
        AuditActor: {
            /** @constant */
            type: "token";
            name: string;
            token_id: string;
            /** @enum {string} */
            role: "admin" | "service" | "agent";
        } | {
            /** @constant */
            type: "iam";
            name: string;
            arn: string;
            /** @enum {string} */
            role: "admin" | "service" | "agent";
        } | {
            /** @constant */
            type: "session";
            name: string;
            team_id: number | null;
            session_id: string;
            /** @enum {string} */
            role: "team" | "red-team";
        } | {
            /** @constant */
            type: "cli";
            name: string;
            arn?: string;
        } | {
            /** @constant */
            type: "system";
            name: string;
        };
        /**
         * AuditEntry
         * @description One recorded change, written in the same transaction as the change itself.
         */
        AuditEntry: {
            /** @description Unique; sorts by time. */
            id: string;
            /**
             * Format: date-time
             * @description When the change was made (milliseconds, UTC).
             */
            time: string;
            actor: components["schemas"]["AuditActor"];
            /** @description The request (`PATCH /api/v1/settings/1`) or the command (`scoring token create`). */
            route: string;
            /** @description The request's id (in its logs); null for commands. */
            request_id: string | null;
            /** @description What kind of change: `settings.update`, `dns.create`, `adjustment.create`, `token.revoke`, `competition.finalise`… */
            action: string;
            /** @description What changed: `settings/1`, `dns/12`, `teams/3/adjustments/7`, `tokens/3f9a1c2b`… */
            target: string;
            /** @description The record before the change; null for a creation. Never a secret. */
            before: unknown;
            /** @description The record after the change; null for a removal. Never a secret. */
            after: unknown;
        };
        /**
         * AuditPage
         * @description A page of the audit trail, newest first.
         */
        AuditPage: {
            items: components["schemas"]["AuditEntry"][];
            /** @description Opaque: pass it as `?cursor=` for the next page; null on the last page. */
            cursor: string | null;
        };
        /**
         * BatchAnswer
         * @description One report's answer in a batch: the status and body it would have had on its own.
         * @example {
         *       "status": 201,
         *       "body": {
         *         "scan_id": "round12-http",
         *         "score": 10,
         *         "error": null,
         *         "time": "2026-11-22T10:15:00Z",
         *         "received_at": "2026-11-22T10:15:01Z",
         *         "points": 10
         *       }
         *     }
         */
        BatchAnswer: {
            status: number;
            body: components["schemas"]["ScanResult"] | components["schemas"]["ScanStarted"] | components["schemas"]["Problem"];
        };
        /**
         * BeaconCheckIn
         * @description A check-in accepted: the round it fell in and what it took off the team (0: the round was counted already, scoring is paused or closed, or the results are final).
         */
        BeaconCheckIn: {
            beacon_id: number;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            round_start: string;
            deducted: number;
            /** @description The team’s beacon cap for the round (`beacon_max_points_per_round`) took part or all of it. */
            capped: boolean;
        };
        /**
         * BeaconCreated
         * @description A beacon just opened, with its token: shown this once, never again (only its hash is kept).
         */
        BeaconCreated: {
            beacon: components["schemas"]["Beacon"];
            /** @description The check-in token (`ccdcb_…`): send it in `X-Beacon-Token`. Good for this beacon's check-ins only. */
            token: string;
            /** @description Where the implant POSTs its check-ins (an empty body), through the CDN. */
            callback_url: string;
        };
        /**
         * BeaconDeduction
         * @description A round's deduction by a beacon: written by the round's first accepted check-in, once.
         */
        BeaconDeduction: {
            beacon_id: number;
            team_id: number;
            /** @description Where it comes off (the settings’ red_team_findings_super_type_id when it was written). */
            super_type_id: number;
            /**
             * Format: date-time
             * @description The round it counts for, by the server’s clock.
             */
            round_start: string;
            /**
             * Format: date-time
             * @description The check-in that wrote it: the freeze counts it by this time.
             */
            called_at: string;
            /** @description What it took off the team: `beacon_points_per_round`, or less where the team’s cap for the round took some. */
            deducted: number;
            capped: boolean;
            /** @description An organiser voided the beacon: it counts nothing. */
            voided: boolean;
        };
        /**
         * Beacon
         * @description A red team beacon on a team host: open until it goes quiet for `beacon_expiry_rounds` rounds or is closed; each round it checks in from the team’s networks costs the team `beacon_points_per_round`.
         */
        Beacon: {
            id: number;
            team_id: number;
            /** @description The team host it lives on: one of its services’ hosts, as the service names it. */
            host: string;
            note: string;
            /** @enum {string} */
            state: "open" | "closed";
            /** @description Why it closed: quiet too long (`expired`), by the red team, by an organiser, or its deductions voided. */
            closed_reason: ("expired" | "red_team" | "organiser" | "voided") | null;
            created_by: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            created_at: string;
            closed_at: string | null;
            /** @description Its first accepted check-in. */
            first_call_at: string | null;
            /** @description Its latest accepted check-in. */
            last_call_at: string | null;
            /** @description Rounds in which a check-in wrote a deduction. */
            rounds_counted: number;
            /** @description What those deductions took off the team (capped ones partly), voided ones out. */
            points_taken: number;
            /** @description An organiser voided its deductions: they count nothing. */
            voided: boolean;
            /** @description Check-ins refused with its token: from outside the team’s networks, or while the team had none. */
            refusals: number;
            /** @description The newest refusals, at most 5, newest first. */
            recent_refusals: {
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                at: string;
                /** @description The address it came from, as the CDN saw it. */
                address: string;
                /** @enum {string} */
                why: "outside_networks" | "no_networks";
            }[];
        };
        /**
         * BeaconVoid
         * @description A void of every deduction a beacon wrote: the preview (nothing changed), or the void done (the beacon closed, its deductions counting nothing).
         */
        BeaconVoid: {
            beacon_id: number;
            team_id: number;
            /** @description Deductions it voids (or voided). */
            deductions: number;
            /** @description What they give back to the team. */
            points: number;
            /** @description False: a preview. True: done. */
            applied: boolean;
        };
        /**
         * CheckAccounts
         * @description Every service's check accounts, with their secrets, by service id.
         */
        CheckAccounts: {
            services: {
                [key: string]: {
                    username: string;
                    password?: string;
                    private_key?: string;
                }[];
            };
        };
        /**
         * CheckJob
         * @description A "check now" job: a dry run of one service's check by the scoring agent, never scored.
         */
        CheckJob: {
            id: number;
            team_id: number;
            service_id: number;
            /** @description The member's account (or the organiser) who asked. */
            requested_by: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            requested_at: string;
            /**
             * @description `queued` until an agent takes it, `running` while it checks, `done` with its outcome; `lost` when it was not done within 120 s (no agent took it, or it stopped).
             * @enum {string}
             */
            state: "queued" | "running" | "done" | "lost";
            started_at: string | null;
            outcome: {
                passed: boolean;
                /** @description The full reason the check failed (what was expected, what came back; the agent redacts secrets). Null when it passed, and for team sessions while the setting `teams_see_check_details` is off. */
                reason: string | null;
                /** @description What kind of failure; null when it passed. */
                category: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed") | null;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                checked_at: string;
            } | null;
        };
        /**
         * Claim
         * @description A slice of a pool's round for an agent to check (`slice` of `of`: the services whose id is `slice` modulo `of`), its own until `lease_until`; or none now (`slice` null): ask again at `retry_at`, or, when that is null too, every slice is done.
         */
        Claim: {
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            round: string;
            of: number;
            slice: number | null;
            lease_until: string | null;
            retry_at: string | null;
        };
        /**
         * CompactScoreboard
         * @description The scoreboard as its page draws it, each team once and nothing else: GET /teams/scoreboard is the seed's full shape.
         */
        CompactScoreboard: {
            segregate: boolean;
            /** @description The super types' names, in the order of each row's scores. */
            super_types: string[];
            /** @description Ranked as the full scoreboard: `[rank, division ("main" or "guest"), team id, team number, team name, logo, total, services up, services, ...each super type's score]`. */
            rows: (number | string)[][];
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
        };
        /**
         * CreatedTeamAccount
         * @description A new sign-in account with its password: the only answer that ever carries it. Hand it to the member; it cannot be read again.
         */
        CreatedTeamAccount: {
            id: number;
            name: string;
            /**
             * @description `team`: a blue team member; `red-team`: a red team member, of no team.
             * @enum {string}
             */
            role: "team" | "red-team";
            /** @description The member's team; null for a red team member. */
            team_id: number | null;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            created_at: string;
            password: string;
        };
        /**
         * CreatedToken
         * @description A new token with its secret: the only answer that ever carries it (only its hash is stored). Hand it over; it cannot be read again.
         */
        CreatedToken: {
            /** @description The public id: the 8 hex digits after `ccdc_` in the token. */
            token_id: string;
            /** @enum {string} */
            role: "admin" | "service" | "agent";
            /** @description The pool an `agent` token works for; null for the other roles. */
            pool: string | null;
            name: string;
            created_at: string;
            expires_at: string | null;
            revoked_at: string | null;
            token: string;
        };
        /**
         * DebriefExport
         * @description An export of every visible team's debrief as one ZIP in the bucket: a self-contained HTML file per team (`team-<number>-<name>.html`: inline style, the chart as SVG, no script) and the table of ranks (`ranks.csv`), written by the export worker, which builds any debrief not current on the way. Poll it (its `Location`) until `state` is `done` (then `url` downloads it until `expires_at`) or `failed` (`error` says why).
         */
        DebriefExport: {
            id: number;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            requested_by: string;
            requested_at: string;
            started_at: string | null;
            finished_at: string | null;
            /** @description Teams in it: the visible ones when it was asked for. */
            teams: number;
            key: string | null;
            bytes: number | null;
            url: string | null;
            expires_at: string | null;
            error: string | null;
        };
        /**
         * Debrief
         * @description A team's story of the event: standing, services, injects, incident reports, the red team's findings and the score over time. Never who filed or graded what, nor any evidence.
         */
        Debrief: {
            team: {
                id: number;
                number: number;
                name: string;
            };
            competition_name: string;
            /**
             * Format: date-time
             * @description What it shows ends here: when it was built, or the freeze time while a freeze stands.
             */
            as_of: string;
            standing: {
                /** @enum {string} */
                division: "main" | "guest";
                /** @description The teams it is ranked with: the visible ones (of its division, when the scoreboard is segregated). */
                teams_ranked: number;
                overall: {
                    score: number;
                    /** @description Standard competition ranking ("1224") among the teams it is ranked with; null for a hidden team, which is ranked with nobody. */
                    rank: number | null;
                    /** @description The median of the teams it is ranked with (their mean of the two middle ones for an even count); null when there are none. */
                    median: number | null;
                    /** @description The highest of the teams it is ranked with; null when there are none. */
                    best: number | null;
                };
                super_types: {
                    super_type_id: number;
                    super_type: string;
                    max_score: number;
                    score: number;
                    /** @description Standard competition ranking ("1224") among the teams it is ranked with; null for a hidden team, which is ranked with nobody. */
                    rank: number | null;
                    /** @description The median of the teams it is ranked with (their mean of the two middle ones for an even count); null when there are none. */
                    median: number | null;
                    /** @description The highest of the teams it is ranked with; null when there are none. */
                    best: number | null;
                }[];
            };
            services: {
                service_id: number;
                subtype: string;
                url: string;
                port: number;
                max_score: number;
                /** @description Checks that count: every stored result but the voided ones, as the team’s totals count them. */
                checks: number;
                passed: number;
                failed: number;
                /** @description passed / checks (0 to 1); null before any check. */
                uptime: number | null;
                /** @description What the checks earned. */
                points: number;
                sla_violations: number;
                /** @description Points the SLA took off. */
                sla_penalty: number;
                longest_outage: {
                    /** @description Failed checks in a row. */
                    checks: number;
                    /**
                     * Format: date-time
                     * @description The first failed check of the run.
                     */
                    started_at: string;
                    /** @description The check that passed after it; null if none did. */
                    ended_at: string | null;
                    /** @description From the first failure to the next pass (or to the run’s last failure, when none passed). */
                    seconds: number;
                } | null;
                /** @description Failed checks by category, most first. */
                failures: {
                    /** @enum {string} */
                    category: "timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed";
                    checks: number;
                }[];
                voided: {
                    /** @description Results an organiser voided. */
                    checks: number;
                    /** @description What they had earned. */
                    points: number;
                };
                /** @description The full reasons its checks failed with, the 5 most frequent: the team's own, as the team routes show them. */
                reasons: {
                    reason: string;
                    checks: number;
                    /**
                     * Format: date-time
                     * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                     */
                    last_at: string;
                }[];
            }[];
            injects: {
                inject_id: number;
                title: string;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                due_at: string;
                max_points: number;
                /** @description Versions the team sent. */
                versions: number;
                /** @description Versions an organiser asked the team to revise. */
                revisions_asked: number;
                /** @description Versions sent after such a request. */
                revisions_made: number;
                /** @description Its latest grade (null: not graded): points, late share, rubric scores and the comments. */
                grade: components["schemas"]["TeamGrade"] | null;
            }[];
            incidents: {
                incident_id: number;
                observed_at: string;
                submitted_at: string;
                hosts: string[];
                /** @description Its latest grade (null: not graded). */
                grade: {
                    /** @description 1 for the first grade, one more for each regrade (the old ones kept). */
                    n: number;
                    points: number;
                    comment: string;
                    graded_at: string;
                } | null;
            }[];
            red_team: {
                /** @description Whether the settings show the team its findings (`red_team_findings_shown`); when false, `findings` is empty. */
                shown: boolean;
                /** @description Approved against the team, with kind, service, time and points; the description only where `red_team_findings_described`. */
                findings: {
                    id: number;
                    service_id: number;
                    kind: string;
                    kind_name: string;
                    done_at: string;
                    /** @description What it took off the team (0: a repeat of one counted). */
                    points: number;
                    /** @description The red team's description (Markdown), when the settings show it. */
                    description: string | null;
                }[];
            };
            score_over_time: {
                interval_seconds: number;
                times: string[];
                /** @description The team's total at each time (null: not in that sample; a hidden team never is). */
                team: (number | null)[];
                /** @description The median total of the teams it is ranked with, at each time. */
                median: (number | null)[];
            };
        };
        /**
         * DebriefSummary
         * @description The organisers' table of ranks: every team's score and rank overall and in each super type, its uptime and inject points.
         */
        DebriefSummary: {
            super_types: {
                id: number;
                name: string;
            }[];
            /** @description By rank (hidden teams after the ranked), then by team number; when the scoreboard is segregated, the main division first. */
            rows: {
                team: {
                    id: number;
                    number: number;
                    name: string;
                };
                /** @enum {string} */
                division: "main" | "guest";
                hidden: boolean;
                /** @description "1224" among the teams it is ranked with; null for a hidden team. */
                rank: number | null;
                total_score: number;
                /** @description One per super type, in `super_types` order. */
                scores: {
                    super_type_id: number;
                    score: number;
                    /** @description "1224" among the teams it is ranked with; null for a hidden team. */
                    rank: number | null;
                }[];
                /** @description Checks passed / checks that count (0 to 1); null before any. */
                uptime: number | null;
                /** @description What its latest grade of each inject is worth on the board. */
                inject_points: number;
            }[];
        };
        /**
         * DnsRecord
         * @description A record in a blue team's zone. `team` is the team's id, not its number; an A record's value is the address's last octet.
         * @example {
         *       "id": 1,
         *       "name": "www",
         *       "type": "A",
         *       "value": "10",
         *       "team": 1
         *     }
         */
        DnsRecord: {
            id: number;
            name: string;
            /** @enum {string} */
            type: "A" | "CNAME" | "MX" | "TXT";
            value: string;
            team: number;
        };
        /**
         * EditableSubtype
         * @description A subtype as organisers edit it: its fields and check definition, its own SLA rules where it has them, and the version every edit moves.
         */
        EditableSubtype: {
            id: number;
            name: string;
            super_type_id: number;
            max_score: number;
            /** @description The kind: http, https, tcp, dns, ssh, smtp, smtps, ftp, ftps, mysql, postgres, imap, imaps, pop3, pop3s, ldap, ldaps, vnc, smb, rdp, command (absent: not checked by agents). */
            check?: string;
            /** @description The check's own deadline, in seconds. */
            timeout_seconds?: number;
            /** @description http(s): the page to GET. */
            path?: string;
            /** @description http(s): the status expected. */
            status?: number;
            /** @description http(s): the Host header and SNI to send instead of the service's name (a virtual host). */
            host?: string;
            /** @description http(s): sign in first as the round's check account: `basic` or `form`. */
            auth?: string;
            /** @description http(s) with auth: form: where the login form is POSTed. */
            login_path?: string;
            /** @description http(s) with auth: form: the form field of the user's name. */
            username_field?: string;
            /** @description http(s) with auth: form: the form field of the password. */
            password_field?: string;
            /** @description A regular expression (RE2) what the check reads must match (its first 256 KiB). */
            content?: string;
            /** @description The whole text the check must read. */
            exact?: string;
            /** @description The SHA-256 (hex) of the whole bytes the check must read. */
            sha256?: string;
            /** @description A regular expression (RE2) that fails the check when what it reads matches (a defaced page). */
            reject?: string;
            /** @description Property sets: each round, each service's check takes one at random over its other parameters (a page, a command, a file or a query, and what to expect of it). */
            properties?: {
                [key: string]: unknown;
            }[];
            /** @description ssh, ftp, ftps (without accounts), smtp, smtps: a regular expression (RE2) the first line must match. */
            banner?: string;
            /** @description smtp, smtps: send a message to this address (a local part gets the team's domain), with the round's token in its subject. */
            mail_to?: string;
            /** @description smtp, smtps: the message's sender (MAIL FROM), in the same forms; by default the account's name, or `scoring`. */
            mail_from?: string;
            /** @description imap, imaps: the mailbox opened read-only after the login (default INBOX). */
            mailbox?: string;
            /** @description imap, imaps, pop3, pop3s: the SMTP subtype (its name) whose previous round's message, found by its token, must be in the mailbox. */
            sent_by?: string;
            /** @description ldap, ldaps: where the search starts, after the bind as the round's account. */
            base_dn?: string;
            /** @description ldap, ldaps: the search filter (default `(objectClass=*)`); the entries found (as LDIF) meet the match rules. */
            filter?: string;
            /** @description ssh: run after the login as one of the service's accounts; what it prints meets the match rules. */
            command?: string;
            /** @description ftp, ftps: the file downloaded after the login; smb: the file read in the share (a path, / or \ between names). Its bytes meet the match rules. */
            file?: string;
            /** @description ftp, ftps: also write a file of random name and content, read it back and delete it. */
            upload?: boolean;
            /** @description mysql, postgres: the database to log in to (postgres' default: the user's name). */
            database?: string;
            /** @description mysql, postgres: a query run read-only after the login; its rows (one line each, fields tab-separated) meet the match rules. */
            sql?: string;
            /** @description dns: the name asked, relative to the team's zone. */
            query?: string;
            /** @description smb: the share connected to after the sign-in as the round's account. */
            share?: string;
            /** @description smb: a folder of the share (a path; / is its root) whose listing must succeed. */
            folder?: string;
            /** @description smb: a name the folder (the share's root unless `folder` says) must list. */
            expect?: string;
            /** @description rdp: false asks only that the server negotiate RDP (no account checked); by default it signs in with NLA as the round's account. */
            nla?: boolean;
            /** @description Its own SLA threshold (failed checks in a row), over the settings. */
            sla_threshold?: number;
            /** @description Its own SLA penalty, over the settings. */
            sla_penalty?: number;
            /** @description Moves with every edit (1 as loaded). */
            version: number;
        };
        /**
         * EditableSuperType
         * @description A super type as organisers edit it: a column of every scorecard, where subtypes and adjustments put their points.
         */
        EditableSuperType: {
            id: number;
            name: string;
            /** @description Moves with every edit (1 as loaded). */
            version: number;
        };
        /**
         * EndedSessions
         * @description How many open sessions were ended.
         */
        EndedSessions: {
            ended: number;
        };
        /**
         * ExportJob
         * @description An export of an inject's submissions as one ZIP in the bucket: every team's every version (`answer.md`, its files under `files/`) and an index (`submissions.csv`), written by a worker. Poll it (its `Location`) until `state` is `done` (then `url` downloads it until `expires_at`) or `failed` (`error` says why).
         * @example {
         *       "id": 4,
         *       "inject_id": 1,
         *       "state": "done",
         *       "requested_by": "alice (organiser)",
         *       "requested_at": "2026-11-22T13:00:00Z",
         *       "started_at": "2026-11-22T13:00:01Z",
         *       "finished_at": "2026-11-22T13:00:09Z",
         *       "submissions": 14,
         *       "files": 9,
         *       "key": "exports/injects/1/2026-11-22T130001Z-9f3a1c2e.zip",
         *       "bytes": 1048576,
         *       "url": "https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/exports/injects/1/2026-11-22T130001Z-9f3a1c2e.zip?X-Amz-Signature=…",
         *       "expires_at": "2026-11-22T14:00:10Z",
         *       "error": null
         *     }
         */
        ExportJob: {
            id: number;
            inject_id: number;
            /** @enum {string} */
            state: "queued" | "running" | "done" | "failed";
            requested_by: string;
            requested_at: string;
            started_at: string | null;
            finished_at: string | null;
            /** @description Versions in it. */
            submissions: number;
            /** @description Files in it, besides the answers (a file several versions name, once). */
            files: number;
            key: string | null;
            bytes: number | null;
            url: string | null;
            expires_at: string | null;
            error: string | null;
        };
        /**
         * FieldError
         * @description One field that failed validation; `path` is dotted (`settings.dns_ttl`, `records.0.name`).
         */
        FieldError: {
            path: string;
            message: string;
        };
        /**
         * FileLink
         * @description A short-lived link to a file: it downloads as an attachment (its Content-Disposition), until `expires_at`.
         * @example {
         *       "url": "https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/teams/3/injects/1/5f2c9d1e8a7b3c4d/firewall-memo.pdf?response-content-disposition=attachment…&X-Amz-Signature=…",
         *       "name": "firewall-memo.pdf",
         *       "expires_at": "2026-11-22T12:35:00Z"
         *     }
         */
        FileLink: {
            url: string;
            name: string;
            expires_at: string;
        };
        /**
         * Finalised
         * @description The competition is final: scan reports, adjustments, voids and scoring settings are refused from now on (409 `competition_final`).
         */
        Finalised: {
            final: {
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                at: string;
                by: string;
            };
            /** @description It was final before this request (nothing changed). */
            already: boolean;
            /** @description The export of every visible team's debrief that finalising started (GET /debriefs/exports/{id}): the worker builds each debrief, so members' first reads find them built. Null when it was final already. */
            debriefs_export: number | null;
        };
        /**
         * FindingKinds
         * @description The organisers' table of finding kinds: what the red team may file, and what each takes off a team once approved.
         * @example {
         *       "kinds": [
         *         {
         *           "id": "user-access",
         *           "name": "User access",
         *           "points": 25
         *         },
         *         {
         *           "id": "admin-access",
         *           "name": "Administrator or root access",
         *           "points": 50
         *         }
         *       ]
         *     }
         */
        FindingKinds: {
            kinds: {
                id: string;
                name: string;
                points: number;
            }[];
        };
        /**
         * FindingRuling
         * @description An organiser’s ruling on a finding, kept whole (a second look is the next, the old one stays), with what it changed on the board.
         * @example {
         *       "finding_id": 1,
         *       "team_id": 3,
         *       "n": 1,
         *       "decision": "approve",
         *       "points": 25,
         *       "reason": "",
         *       "counted": true,
         *       "repeat_of": null,
         *       "reviewed_at": "2026-11-22T11:05:00Z",
         *       "deducted": 25,
         *       "award": -25,
         *       "super_type_id": 3,
         *       "reviewed_by": "carol (organiser)"
         *     }
         */
        FindingRuling: {
            finding_id: number;
            team_id: number;
            /** @description Which ruling it is (1: the first; higher: a second look). */
            n: number;
            /** @enum {string} */
            decision: "approve" | "reject" | "more_evidence";
            /** @description The points an approval gave it (0 otherwise). */
            points: number;
            reason: string;
            /** @description Whether it counts: an approved repeat (the same team, service and kind within the window) does not. */
            counted: boolean;
            /** @description The counted finding an approved repeat repeats. */
            repeat_of: number | null;
            /** @description What it takes off the team: its points when approved and counted, else 0. */
            deducted: number;
            /** @description What it changed on the team's points: minus its deduction, plus the one before it. */
            award: number;
            /** @description Where its points come off: the super type the settings named at its first ruling. */
            super_type_id: number;
            reviewed_by: string;
            reviewed_at: string;
        };
        /**
         * Finding
         * @description A red team finding, kept whole, with the evidence added since and its latest ruling. Organisers' and the red team's read: never a team's.
         */
        Finding: {
            id: number;
            team_id: number;
            service_id: number;
            /** @description The beacon of the red team’s on that team it tells the story of (null: none). It changes nothing of what counts. */
            beacon_id: number | null;
            kind: string;
            /** @description The kind's name when it was filed. */
            kind_name: string;
            /** @description The kind's points when it was filed. */
            kind_points: number;
            done_at: string;
            /** @description Markdown. */
            description: string;
            /** @description Its evidence: download each with GET /red-team/files?key=… */
            files: components["schemas"]["StoredFile"][];
            additions: {
                /** @description Markdown. */
                note: string;
                files: components["schemas"]["StoredFile"][];
                added_by: string;
                added_at: string;
            }[];
            /** @description The red team member whose session filed it (an organiser when filed with a token). */
            filed_by: string;
            filed_at: string;
            /** @enum {string} */
            state: "submitted" | "approved" | "rejected" | "more_evidence";
            /** @description How many rulings it has had: a review names it as `replaces` (null for 0). */
            reviews: number;
            /** @description What it takes off its team now. */
            deducted: number;
            /** @description null: not reviewed yet. */
            review: {
                /** @description Which ruling it is (1: the first; higher: a second look). */
                n: number;
                /** @enum {string} */
                decision: "approve" | "reject" | "more_evidence";
                /** @description The points an approval gave it (0 otherwise). */
                points: number;
                reason: string;
                /** @description Whether it counts: an approved repeat (the same team, service and kind within the window) does not. */
                counted: boolean;
                /** @description The counted finding an approved repeat repeats. */
                repeat_of: number | null;
                reviewed_at: string;
            } | null;
        };
        /**
         * Grade
         * @description A grade of a team's submission, kept whole (a regrade is the next, the old one stays), with what it changed on the board.
         * @example {
         *       "inject_id": 1,
         *       "team_id": 3,
         *       "n": 1,
         *       "submission_version": 1,
         *       "scores": [
         *         {
         *           "name": "Covers every rule",
         *           "points": 25,
         *           "comment": "Rule 4 is missing."
         *         },
         *         {
         *           "name": "Readable by the CEO",
         *           "points": 20,
         *           "comment": ""
         *         }
         *       ],
         *       "comment": "Clear.",
         *       "points": 45,
         *       "late_share": 1,
         *       "awarded": 45,
         *       "award": 45,
         *       "super_type_id": 2,
         *       "graded_by": "carol (organiser)",
         *       "graded_at": "2026-11-22T12:30:00Z"
         *     }
         */
        Grade: {
            inject_id: number;
            team_id: number;
            /** @description 1 for the first grade, one more for each regrade (the old ones kept). */
            n: number;
            submission_version: number;
            scores: {
                name: string;
                points: number;
                comment: string;
            }[];
            comment: string;
            /** @description What the grader gave, before the late rule. */
            points: number;
            late_share: number;
            /** @description What it is worth on the board: points × late_share, rounded. */
            awarded: number;
            /** @description What it added to the team's points: awarded less the previous grade's. */
            award: number;
            super_type_id: number;
            graded_by: string;
            graded_at: string;
        };
        /**
         * HistoryEntry
         * @description One result in a service's check history.
         */
        HistoryEntry: {
            scan_id: string;
            /**
             * Format: date-time
             * @description When the check ran (the agent's `time`, or when the result arrived).
             */
            time: string;
            /**
             * Format: date-time
             * @description When the result reached the service.
             */
            received_at: string;
            score: number;
            /** @description The failure's category (null: it passed), for every caller. */
            error: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed" | "failed") | null;
            /** @description What it earned: its score, or 0 when scoring was closed. */
            points: number;
            /** @description Removed from scoring by an organiser (it earns nothing). */
            voided: boolean;
        };
        /**
         * IncidentGrade
         * @description A grade of an incident report, kept whole (a regrade is the next, the old one stays), with what it changed on the board.
         * @example {
         *       "incident_id": 1,
         *       "team_id": 3,
         *       "n": 1,
         *       "points": 40,
         *       "comment": "Found and fixed.",
         *       "award": 40,
         *       "max_award": 50,
         *       "super_type_id": 3,
         *       "graded_by": "carol (organiser)",
         *       "graded_at": "2026-11-22T11:00:00Z"
         *     }
         */
        IncidentGrade: {
            incident_id: number;
            team_id: number;
            /** @description 1 for the first grade, one more for each regrade (the old ones kept). */
            n: number;
            points: number;
            comment: string;
            /** @description What it added to the team's points: its points less the previous grade's. */
            award: number;
            /** @description What it added to its super type's maximum: incident_report_max_points at a report's first grade (what it could earn), 0 at a regrade. */
            max_award: number;
            /** @description Where its points go: the super type the settings named at its first grade. */
            super_type_id: number;
            graded_by: string;
            graded_at: string;
        };
        /**
         * IncidentReport
         * @description A team's report of what the red team did, kept whole, with its latest grade.
         * @example {
         *       "id": 1,
         *       "team_id": 3,
         *       "observed_at": "2026-11-22T10:15:00Z",
         *       "hosts": [
         *         "www.team13.ccdc.example"
         *       ],
         *       "description": "A web shell in `/var/www/uploads`. Removed; the upload form now refuses PHP.",
         *       "submitted_by": "alice",
         *       "submitted_at": "2026-11-22T10:40:00Z",
         *       "finding_id": null,
         *       "files": [],
         *       "grade": {
         *         "n": 1,
         *         "points": 40,
         *         "comment": "Found and fixed.",
         *         "graded_at": "2026-11-22T11:00:00Z"
         *       }
         *     }
         */
        IncidentReport: {
            id: number;
            team_id: number;
            observed_at: string;
            hosts: string[];
            /** @description Markdown. */
            description: string;
            /** @description Its evidence. */
            files: components["schemas"]["StoredFile"][];
            /** @description The member whose session filed it. */
            submitted_by: string;
            submitted_at: string;
            /** @description The red team finding it answers, one the team was shown (null: none named). */
            finding_id: number | null;
            /** @description null: not graded yet. */
            grade: {
                /** @description 1 for the first grade, one more for each regrade (the old ones kept). */
                n: number;
                points: number;
                comment: string;
                graded_at: string;
            } | null;
        };
        /**
         * Inject
         * @description An inject as organisers write it: its text, times, points and rubric, its state, and the version every edit moves.
         * @example {
         *       "id": 1,
         *       "title": "Firewall policy memo",
         *       "text": "# The memo\n\nOne page for the CEO: every rule of the border firewall, and why.",
         *       "super_type_id": 2,
         *       "open_at": "2026-11-22T10:00:00Z",
         *       "due_at": "2026-11-22T12:00:00Z",
         *       "close_at": "2026-11-22T14:00:00Z",
         *       "late_penalty_percent_per_hour": 25,
         *       "points": 50,
         *       "rubric": [
         *         {
         *           "name": "Covers every rule",
         *           "points": 30
         *         },
         *         {
         *           "name": "Readable by the CEO",
         *           "points": 20
         *         }
         *       ],
         *       "attachments": [
         *         {
         *           "key": "injects/1/0a1b2c3d4e5f6a7b/firewall-rules.csv",
         *           "name": "firewall-rules.csv",
         *           "size": 2210,
         *           "content_type": "text/csv"
         *         }
         *       ],
         *       "state": "published",
         *       "version": 2,
         *       "created_by": "carol (organiser)",
         *       "created_at": "2026-11-22T09:00:00Z"
         *     }
         */
        Inject: {
            id: number;
            title: string;
            /** @description Markdown. */
            text: string;
            super_type_id: number;
            open_at: string;
            due_at: string;
            /** @description Until when a late submission is taken (due_at: none is). */
            close_at: string;
            /** @description Of a late submission's grade, the share lost for each hour or part of one after due_at. */
            late_penalty_percent_per_hour: number;
            points: number;
            rubric: {
                name: string;
                points: number;
            }[];
            /** @description Files that come with it: download each with GET /team/{id}/files?key=… */
            attachments: components["schemas"]["StoredFile"][];
            /** @enum {string} */
            state: "draft" | "published" | "retired";
            version: number;
            created_by: string;
            created_at: string;
        };
        /**
         * MailTokens
         * @description The mail checks' tokens of the scan ids asked, by scan id: an HMAC of each under a key no agent or team holds, the same whichever agent asks.
         */
        MailTokens: {
            tokens: {
                [key: string]: string;
            };
        };
        /**
         * OpenApiDocument
         * @description An OpenAPI 3.1 description of this API.
         */
        OpenApiDocument: {
            openapi: string;
            info: Record<string, never>;
            paths: Record<string, never>;
        };
        /**
         * OpenSession
         * @description A session still open: the account signed in, when, and until when (it ends sooner when signed out or ended by an organiser).
         */
        OpenSession: {
            session_id: string;
            account: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            expires_at: string;
        };
        /**
         * Overview
         * @description The event at a glance, for the console's first view: the scoring window, the round, services by state per check, each pool's agents, what waits for an organiser and the fold's lag. It reads a few small items; poll it with If-None-Match (304 while nothing it shows changed).
         */
        Overview: {
            /**
             * @description `before` the start, `running`, `paused` (scoring off), `frozen` (running, the public board frozen) or `ended`.
             * @enum {string}
             */
            window: "before" | "running" | "paused" | "frozen" | "ended";
            round: {
                seconds: number;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                started_at: string;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                next_at: string;
            };
            /** @description Each check's enabled services by state, as the status view shows them, hidden teams' too. */
            checks: {
                subtype_id: number;
                name: string;
                up: number;
                down: number;
                unscanned: number;
            }[];
            pools: {
                name: string;
                /** @description How many services it checks now. */
                services: number;
                agents: {
                    agent: string;
                    alive: boolean;
                    /**
                     * Format: date-time
                     * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                     */
                    last_seen: string;
                }[];
            }[];
            /** @description Password changes to decide, answers to grade (a team's latest version, no revision asked), incident reports never graded, findings to review. */
            waiting: {
                password_changes: number;
                answers: number;
                incident_reports: number;
                findings: number;
            };
            /** @description How old the oldest result of its last batch was when the stream consumer had folded it (null before any). */
            fold: {
                lag_seconds: number;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                measured_at: string;
            } | null;
        };
        /**
         * PasswordChange
         * @description A blue team's password change request: who asked, when, for which accounts, its state and who decided. Never a password.
         */
        PasswordChange: {
            id: number;
            team_id: number;
            /**
             * @description `applied`: the agent signs in with the new passwords from its next round; `failed`: it could not be applied (`reason` says why) and never will be: send it again.
             * @enum {string}
             */
            state: "pending" | "applied" | "rejected" | "failed";
            /**
             * @description The setting `password_changes` when it was asked: how it is decided.
             * @enum {string}
             */
            mode: "immediate" | "delayed" | "approval";
            /** @description The member's account (or the organiser) who asked. */
            requested_by: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            requested_at: string;
            /** @description A delayed request: when it applies. */
            apply_at: string | null;
            decided_by: string | null;
            decided_at: string | null;
            /** @description Why it was rejected. */
            reason: string | null;
            changes: {
                service_id: number;
                subtype: string;
                username: string;
                /** @description A user the service's check did not have: applying adds it. */
                new_account: boolean;
            }[];
        };
        /**
         * Pool
         * @description Where services are checked from: `cloud` (the Lambda agent, the default) or a pool of agents the organisers run on a range. A service is checked from the pool that names it, else the one that names its team, else its subtype, else `cloud`.
         */
        Pool: {
            name: string;
            description: string;
            subtypes: number[];
            teams: number[];
            services: number[];
            /** @description The services it checks, as the rules place them now (disabled ones left out), in id order. */
            checks: number[];
            /** @description Its agents as their heartbeats say (a week after the last). None alive: its services go unchecked (the cloud pool's Lambda agent sends them too). */
            agents: {
                agent: string;
                version: string;
                host: string;
                round: string | null;
                round_started_at: string | null;
                round_finished_at: string | null;
                checks: number;
                failed_team: number;
                failed_agent: number;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                last_seen: string;
                alive: boolean;
            }[];
        };
        /**
         * Problem
         * @description RFC 9457 problem details. `code` is stable and meant for programs; `detail` is for people. `errors` lists the fields that failed validation.
         */
        Problem: {
            /** @constant */
            type: "about:blank";
            title: string;
            status: number;
            detail: string;
            code: string;
            errors?: components["schemas"]["FieldError"][];
            request_id: string;
        };
        /**
         * ScanResult
         * @description One recorded scan result.
         * @example {
         *       "scan_id": "round12-http",
         *       "score": 10,
         *       "error": null,
         *       "time": "2026-11-22T10:15:00Z",
         *       "received_at": "2026-11-22T10:15:01Z",
         *       "points": 10
         *     }
         */
        ScanResult: {
            scan_id: string;
            score: number;
            /** @description Why the check failed (null: it passed). In a service's public detail this is the failure's category, for every caller; the answer to the agent's own report repeats what it sent. */
            error: string | null;
            /**
             * Format: date-time
             * @description When the check ran (the agent's `time`, or when the result arrived).
             */
            time: string;
            /**
             * Format: date-time
             * @description When the result reached the service.
             */
            received_at: string;
            /** @description What it earned: its score, or 0 when scoring was closed. */
            points: number;
        };
        /**
         * ScanStarted
         * @description A scan marked under way.
         * @example {
         *       "scan_id": "round13-http",
         *       "status": "started"
         *     }
         */
        ScanStarted: {
            scan_id: string;
            /** @constant */
            status: "started";
        };
        /**
         * Scoreboard
         * @description Every visible team ranked; with `segregate` each division is ranked on its own, main first.
         * @example {
         *       "segregate": false,
         *       "scoreboard": [
         *         {
         *           "rank": 1,
         *           "division": "main",
         *           "team": {
         *             "id": 1,
         *             "number": 11,
         *             "name": "Packet Wranglers",
         *             "logo": "",
         *             "team_url": "team11.ccdc.example",
         *             "guest_division": false
         *           },
         *           "total_score": 60,
         *           "scores": [
         *             {
         *               "super_type_id": 1,
         *               "super_type": "Services",
         *               "score": 10,
         *               "max_score": 33
         *             },
         *             {
         *               "super_type_id": 2,
         *               "super_type": "Injects",
         *               "score": 50,
         *               "max_score": 0
         *             },
         *             {
         *               "super_type_id": 3,
         *               "super_type": "Red Team",
         *               "score": 0,
         *               "max_score": 0
         *             }
         *           ],
         *           "services_up": 1,
         *           "services_total": 4
         *         }
         *       ],
         *       "frozen": false,
         *       "frozen_since": null
         *     }
         */
        Scoreboard: {
            segregate: boolean;
            scoreboard: {
                rank: number;
                /** @enum {string} */
                division: "main" | "guest";
                team: components["schemas"]["Team"];
                total_score: number;
                scores: {
                    super_type_id: number;
                    super_type: string;
                    score: number;
                    max_score: number;
                }[];
                services_up: number;
                services_total: number;
            }[];
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
        };
        /**
         * Scorecard
         * @description A team's figures and its rank on the scoreboard this caller would get.
         * @example {
         *       "total_score": 60,
         *       "stats": {
         *         "rank": 1,
         *         "checks_total": 1,
         *         "checks_passed": 1,
         *         "checks_failed": 0,
         *         "uptime": 1,
         *         "services_total": 4,
         *         "services_up": 1,
         *         "services_down": 0,
         *         "services_unscanned": 3,
         *         "adjustments_total": 50,
         *         "last_scan_time": "2026-11-22T10:15:00Z",
         *         "sla_violations": 0
         *       },
         *       "scores": [
         *         {
         *           "super_type_id": 1,
         *           "super_type": "Services",
         *           "score": 10,
         *           "max_score": 33,
         *           "sla_penalty": 0
         *         },
         *         {
         *           "super_type_id": 2,
         *           "super_type": "Injects",
         *           "score": 50,
         *           "max_score": 0,
         *           "sla_penalty": 0
         *         },
         *         {
         *           "super_type_id": 3,
         *           "super_type": "Red Team",
         *           "score": 0,
         *           "max_score": 0,
         *           "sla_penalty": 0
         *         }
         *       ],
         *       "frozen": false,
         *       "frozen_since": null
         *     }
         */
        Scorecard: {
            total_score: number;
            stats: {
                rank: number;
                checks_total: number;
                checks_passed: number;
                checks_failed: number;
                uptime: number | null;
                services_total: number;
                services_up: number;
                services_down: number;
                services_unscanned: number;
                adjustments_total: number;
                last_scan_time: string | null;
                /** @description How many times a service of the team reached a multiple of its SLA threshold. */
                sla_violations: number;
            };
            scores: {
                super_type_id: number;
                super_type: string;
                score: number;
                max_score: number;
                sla_penalty: number;
            }[];
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
        };
        /**
         * ScoreHistory
         * @description Every visible team's total over time: one value per sample time, null where the team was not in that sample.
         */
        ScoreHistory: {
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
            interval_seconds: number;
            times: string[];
            teams: {
                team: components["schemas"]["Team"];
                totals: (number | null)[];
            }[];
        };
        /**
         * ServiceCheck
         * @description A service's own check, in place of its subtype's, and the version every change moves.
         */
        ServiceCheck: {
            service_id: number;
            /** @description A check definition as a competition file gives it: `check` (the kind) and that kind's parameters. */
            check: {
                check: string;
            };
            version: number;
        };
        /**
         * ServiceChecks
         * @description The services checked otherwise than their subtype says: each one's own check, by service id.
         */
        ServiceChecks: {
            services: {
                [key: string]: {
                    check: string;
                };
            };
        };
        /**
         * ServiceDetail
         * @description A service with the points it earned and its latest scans, newest first.
         * @example {
         *       "id": 1,
         *       "subtype": "HTTP",
         *       "subtype_id": 1,
         *       "team": {
         *         "id": 1,
         *         "number": 11,
         *         "name": "Packet Wranglers",
         *         "logo": "",
         *         "team_url": "team11.ccdc.example",
         *         "guest_division": false
         *       },
         *       "url": "www.team11.ccdc.example",
         *       "port": 80,
         *       "last_scan": 10,
         *       "last_scan_time": "2026-11-22T10:15:00Z",
         *       "last_scan_error": null,
         *       "in_progress": false,
         *       "max_score": 10,
         *       "frozen": false,
         *       "frozen_since": null,
         *       "points_earned": 10,
         *       "sla": {
         *         "run": 0,
         *         "violations": 0,
         *         "penalty": 0
         *       },
         *       "recent_scans": [
         *         {
         *           "scan_id": "round12-http",
         *           "score": 10,
         *           "error": null,
         *           "time": "2026-11-22T10:15:00Z",
         *           "received_at": "2026-11-22T10:15:01Z",
         *           "points": 10
         *         }
         *       ]
         *     }
         */
        ServiceDetail: {
            id: number;
            subtype: string;
            subtype_id: number;
            team: components["schemas"]["Team"];
            url: string;
            port: number;
            /** @description The score of the latest scan (0 before any). */
            last_scan: number;
            last_scan_time: string | null;
            /** @description Why the newest check failed, as a category (null: it passed). Every caller gets the category, never the full reason: a team reads its own reasons on the team routes (`/team/{id}/…`). */
            last_scan_error: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed" | "failed") | null;
            in_progress: boolean;
            max_score: number;
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
            points_earned: number;
            /** @description The service's SLA standing: its current run of failed checks and what its runs cost. */
            sla: {
                /** @description Consecutive failed checks up to its newest scored check (0 after a pass). */
                run: number;
                violations: number;
                /** @description Points its team lost to its SLA violations. */
                penalty: number;
            };
            recent_scans: components["schemas"]["ScanResult"][];
        };
        /**
         * ServiceEndpoint
         * @description Where a service's check goes, as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).
         */
        ServiceEndpoint: {
            id: number;
            team_id: number;
            subtype_id: number;
            subtype: string;
            url: string;
            port: number;
            /** @description What a pass earns; a result counts with the max_score it arrived under. */
            max_score: number;
            /** @description false: disabled by an organiser (not checked, in no list, out of its team's counts). */
            enabled: boolean;
            /** @description Moves with every edit (1 as loaded). */
            version: number;
        };
        /**
         * ServiceScansPage
         * @description A page of a service's check history, newest first by check time.
         */
        ServiceScansPage: {
            /** @description The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures. */
            frozen: boolean;
            /** @description When the freeze began; null when there is none. */
            frozen_since: string | null;
            items: components["schemas"]["HistoryEntry"][];
            /** @description Opaque: pass it as `?cursor=` for the next page; null on the last page. */
            cursor: string | null;
        };
        /**
         * Service
         * @description One team's instance of a subtype (a kind of check) at url:port.
         * @example {
         *       "id": 1,
         *       "subtype": "HTTP",
         *       "subtype_id": 1,
         *       "team": {
         *         "id": 1,
         *         "number": 11,
         *         "name": "Packet Wranglers",
         *         "logo": "",
         *         "team_url": "team11.ccdc.example",
         *         "guest_division": false
         *       },
         *       "url": "www.team11.ccdc.example",
         *       "port": 80,
         *       "last_scan": 10,
         *       "last_scan_time": "2026-11-22T10:15:00Z",
         *       "last_scan_error": null,
         *       "in_progress": false,
         *       "max_score": 10
         *     }
         */
        Service: {
            id: number;
            subtype: string;
            subtype_id: number;
            team: components["schemas"]["Team"];
            url: string;
            port: number;
            /** @description The score of the latest scan (0 before any). */
            last_scan: number;
            last_scan_time: string | null;
            /** @description Why the newest check failed, as a category (null: it passed). Every caller gets the category, never the full reason: a team reads its own reasons on the team routes (`/team/{id}/…`). */
            last_scan_error: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed" | "failed") | null;
            in_progress: boolean;
            max_score: number;
        };
        /**
         * ServiceStatusView
         * @description Every visible service's status, grouped by team: the matrix of teams and subtypes, without the services' and teams' details.
         * @example {
         *       "as_of": "2026-11-22T10:15:05Z",
         *       "full": true,
         *       "subtypes": {
         *         "1": "HTTP",
         *         "2": "SSH",
         *         "3": "DNS",
         *         "4": "SMTP"
         *       },
         *       "teams": {
         *         "1": [
         *           [
         *             1,
         *             "up",
         *             905
         *           ],
         *           [
         *             2,
         *             "down",
         *             65,
         *             "connection refused"
         *           ],
         *           [
         *             3,
         *             "up",
         *             905
         *           ],
         *           [
         *             4,
         *             "unscanned"
         *           ]
         *         ]
         *       }
         *     }
         */
        ServiceStatusView: {
            /**
             * Format: date-time
             * @description Every change up to this time is in; pass it as `?since=` next time for only what changed after it.
             */
            as_of: string;
            /** @description True: the whole view (replace what you have); false: only the cells that changed after `since`. */
            full: boolean;
            /** @description The columns: each subtype's name by its id (in a whole view only; they change only when the competition is loaded again). */
            subtypes?: {
                [key: string]: string;
            };
            /** @description By team id: the team's cells, by subtype id (a team with two services of one subtype has two cells for it, by service id). A delta sends a subtype's every cell of a team when one of them changed, those that did not change as `[subtype_id]`: replace the cell's tuples together, keeping yours for those (a cell of another length than yours gained or lost a service: ask for the whole view). */
            teams: {
                [key: string]: ([
                    number
                ] | [
                    number,
                    "up" | "down" | "unscanned"
                ] | [
                    number,
                    "up" | "down" | "unscanned",
                    number
                ] | [
                    number,
                    "up" | "down" | "unscanned",
                    number,
                    "timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed"
                ])[];
            };
        };
        /**
         * Settings
         * @description The one settings object (id 1).
         * @example {
         *       "id": 1,
         *       "competition_name": "Regional CCDC Practice Round",
         *       "guest_division_enabled": false,
         *       "scoring_enabled": true,
         *       "start_time": null,
         *       "end_time": null,
         *       "dns_ttl": 300,
         *       "dns_nameservers": [
         *         "ns1.ccdc.example",
         *         "ns2.ccdc.example"
         *       ],
         *       "dns_hostmaster": "hostmaster@ccdc.example",
         *       "dns_address_template": "127.0.{team_number}",
         *       "late_result_grace_seconds": 300,
         *       "round_seconds": 30,
         *       "sla_threshold": 0,
         *       "sla_penalty": 0,
         *       "scoreboard_freeze_time": null,
         *       "teams_see_check_details": true,
         *       "password_changes": "immediate",
         *       "password_change_delay_seconds": 300,
         *       "password_changes_may_add_users": false,
         *       "incident_reports_super_type_id": 3,
         *       "incident_report_max_points": 50,
         *       "red_team_findings_super_type_id": 3,
         *       "red_team_repeat_window_minutes": 60,
         *       "red_team_findings_shown": "at_once",
         *       "red_team_findings_described": false,
         *       "debriefs_shown": "after_finalise",
         *       "beacon_points_per_round": 10,
         *       "beacon_max_points_per_round": 30,
         *       "beacon_expiry_rounds": 3,
         *       "beacons_shown": "at_once"
         *     }
         */
        Settings: {
            /** @description Always 1. */
            id: number;
            competition_name: string;
            guest_division_enabled: boolean;
            scoring_enabled: boolean;
            start_time: string | null;
            end_time: string | null;
            dns_ttl: number;
            dns_nameservers: string[];
            dns_hostmaster: string;
            dns_address_template: string;
            late_result_grace_seconds: number;
            /** @description How often the scoring agent checks every service. */
            round_seconds: number;
            /** @description Consecutive failed checks of a service that cost its team `sla_penalty` points, again at every multiple; 0 turns SLA off. A subtype's own value in the competition file wins. */
            sla_threshold: number;
            /** @description Points a team loses at each SLA violation, in the service's super type. */
            sla_penalty: number;
            /** @description From this time on, anonymous readers see every score as of it; status stays live, admins and service accounts see everything live. A new time must be at least 3 minutes ahead; null lifts the freeze. */
            scoreboard_freeze_time: string | null;
            /** @description Blue teams read their own checks' full reasons on the team routes (organisers always do). Every public read shows a failure's category only, whatever this says. */
            teams_see_check_details: boolean;
            /**
             * @description How a blue team's password change request is decided: `immediate` (applied when it is sent), `delayed` (applied `password_change_delay_seconds` later), `approval` (when an organiser approves it). Applied, it reaches the agent from its next round.
             * @enum {string}
             */
            password_changes: "immediate" | "delayed" | "approval";
            /** @description The delay of a `delayed` request, in seconds (0–86400). */
            password_change_delay_seconds: number;
            /** @description A request may name a user the service's check does not have yet (it is added); otherwise such a request is refused. */
            password_changes_may_add_users: boolean;
            /** @description The super type teams' incident reports are graded into (the red team's, typically); null: teams file none. */
            incident_reports_super_type_id: number | null;
            /** @description The most one incident report's grade gives. */
            incident_report_max_points: number;
            /** @description The super type the red team's approved findings take their points from (the red team's, typically); null: the red team files none. */
            red_team_findings_super_type_id: number | null;
            /** @description The repeat rule: findings of the same team, service and kind within this many minutes of a counted one count once (0: each counts; at most 10080). */
            red_team_repeat_window_minutes: number;
            /**
             * @description When blue teams see the findings approved against them: `at_once`, `after_event` (once `end_time` has passed) or `never`.
             * @enum {string}
             */
            red_team_findings_shown: "at_once" | "after_event" | "never";
            /** @description Whether the findings teams see carry the red team's description. */
            red_team_findings_described: boolean;
            /**
             * @description When a team's members may read its debrief (`GET /team/{id}/debrief`): `after_finalise` (once `finalise` has run and no scoreboard freeze stands) or `now` (a practice event; while a freeze stands, as of the freeze).
             * @enum {string}
             */
            debriefs_shown: "after_finalise" | "now";
            /** @description What each round a red team beacon checks in from its team's networks costs the team, off `red_team_findings_super_type_id` (0–100000). */
            beacon_points_per_round: number;
            /** @description The most one team's beacons together take in a round: a deduction past it is partial, and says it was capped (0–100000). */
            beacon_max_points_per_round: number;
            /** @description Whole rounds without an accepted check-in after which a beacon closes (1–1000). */
            beacon_expiry_rounds: number;
            /**
             * @description When blue teams see the beacons found on their hosts: `at_once`, `after_event` (once `end_time` has passed) or `never`.
             * @enum {string}
             */
            beacons_shown: "at_once" | "after_event" | "never";
        };
        /**
         * SignedIn
         * @description A new session: send `token` as `Authorization: Bearer <token>` to the team routes (a red team member: the red team routes) until `expires_at`. Keep it in the tab (session storage), never in a cookie.
         */
        SignedIn: {
            token: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            expires_at: string;
            account: string;
            /**
             * @description `team`: a blue team member; `red-team`: a red team member, of no team.
             * @enum {string}
             */
            role: "team" | "red-team";
            /** @description The member's team; null for a red team member. */
            team: components["schemas"]["Team"] | null;
        };
        /**
         * StoredFile
         * @description A file sent with a submission, as the bucket held it then. Download it with GET /team/{id}/files?key=…
         * @example {
         *       "key": "teams/3/injects/1/5f2c9d1e8a7b3c4d/firewall-memo.pdf",
         *       "name": "firewall-memo.pdf",
         *       "size": 48213,
         *       "content_type": "application/pdf"
         *     }
         */
        StoredFile: {
            key: string;
            /** @description Its name as uploaded, made safe. */
            name: string;
            /** @description Bytes. */
            size: number;
            content_type: string;
        };
        /**
         * Submission
         * @description One version of a team's submission for an inject, kept whole.
         * @example {
         *       "inject_id": 1,
         *       "team_id": 3,
         *       "version": 1,
         *       "text": "# Our memo\n\nRules 1 to 4, one line each.",
         *       "files": [
         *         {
         *           "key": "teams/3/injects/1/5f2c9d1e8a7b3c4d/firewall-memo.pdf",
         *           "name": "firewall-memo.pdf",
         *           "size": 48213,
         *           "content_type": "application/pdf"
         *         }
         *       ],
         *       "submitted_at": "2026-11-22T11:40:00Z",
         *       "submitted_by": "alice",
         *       "late_share": 1,
         *       "revision_request": null
         *     }
         */
        Submission: {
            inject_id: number;
            team_id: number;
            /** @description 1 for the first, one more for each after it. */
            version: number;
            /** @description Markdown. */
            text: string;
            /** @description The files sent with it. */
            files: components["schemas"]["StoredFile"][];
            submitted_at: string;
            /** @description The member whose session sent it. */
            submitted_by: string;
            /** @description What its grade will be worth: 1 until due_at, less after it (the late rule). */
            late_share: number;
            /** @description null: none asked. */
            revision_request: {
                comment: string;
                until: string;
                requested_by: string;
                requested_at: string;
            } | null;
        };
        /**
         * SubmissionsPage
         * @description A page of an inject's submissions, team by team (by id), newest version first.
         */
        SubmissionsPage: {
            items: components["schemas"]["Submission"][];
            /** @description Opaque: pass it as `?cursor=` for the next page; null on the last page. */
            cursor: string | null;
        };
        /**
         * Subtype
         * @description A kind of check, its super type and the points a full pass earns; `check` and its parameters tell agents how to check.
         */
        Subtype: {
            id: number;
            name: string;
            super_type_id: number;
            max_score: number;
            /** @description The kind: http, https, tcp, dns, ssh, smtp, smtps, ftp, ftps, mysql, postgres, imap, imaps, pop3, pop3s, ldap, ldaps, vnc, smb, rdp, command (absent: not checked by agents). */
            check?: string;
            /** @description The check's own deadline, in seconds. */
            timeout_seconds?: number;
            /** @description http(s): the page to GET. */
            path?: string;
            /** @description http(s): the status expected. */
            status?: number;
            /** @description http(s): the Host header and SNI to send instead of the service's name (a virtual host). */
            host?: string;
            /** @description http(s): sign in first as the round's check account: `basic` or `form`. */
            auth?: string;
            /** @description http(s) with auth: form: where the login form is POSTed. */
            login_path?: string;
            /** @description http(s) with auth: form: the form field of the user's name. */
            username_field?: string;
            /** @description http(s) with auth: form: the form field of the password. */
            password_field?: string;
            /** @description A regular expression (RE2) what the check reads must match (its first 256 KiB). */
            content?: string;
            /** @description The whole text the check must read. */
            exact?: string;
            /** @description The SHA-256 (hex) of the whole bytes the check must read. */
            sha256?: string;
            /** @description A regular expression (RE2) that fails the check when what it reads matches (a defaced page). */
            reject?: string;
            /** @description Property sets: each round, each service's check takes one at random over its other parameters (a page, a command, a file or a query, and what to expect of it). */
            properties?: {
                [key: string]: unknown;
            }[];
            /** @description ssh, ftp, ftps (without accounts), smtp, smtps: a regular expression (RE2) the first line must match. */
            banner?: string;
            /** @description smtp, smtps: send a message to this address (a local part gets the team's domain), with the round's token in its subject. */
            mail_to?: string;
            /** @description smtp, smtps: the message's sender (MAIL FROM), in the same forms; by default the account's name, or `scoring`. */
            mail_from?: string;
            /** @description imap, imaps: the mailbox opened read-only after the login (default INBOX). */
            mailbox?: string;
            /** @description imap, imaps, pop3, pop3s: the SMTP subtype (its name) whose previous round's message, found by its token, must be in the mailbox. */
            sent_by?: string;
            /** @description ldap, ldaps: where the search starts, after the bind as the round's account. */
            base_dn?: string;
            /** @description ldap, ldaps: the search filter (default `(objectClass=*)`); the entries found (as LDIF) meet the match rules. */
            filter?: string;
            /** @description ssh: run after the login as one of the service's accounts; what it prints meets the match rules. */
            command?: string;
            /** @description ftp, ftps: the file downloaded after the login; smb: the file read in the share (a path, / or \ between names). Its bytes meet the match rules. */
            file?: string;
            /** @description ftp, ftps: also write a file of random name and content, read it back and delete it. */
            upload?: boolean;
            /** @description mysql, postgres: the database to log in to (postgres' default: the user's name). */
            database?: string;
            /** @description mysql, postgres: a query run read-only after the login; its rows (one line each, fields tab-separated) meet the match rules. */
            sql?: string;
            /** @description dns: the name asked, relative to the team's zone. */
            query?: string;
            /** @description smb: the share connected to after the sign-in as the round's account. */
            share?: string;
            /** @description smb: a folder of the share (a path; / is its root) whose listing must succeed. */
            folder?: string;
            /** @description smb: a name the folder (the share's root unless `folder` says) must list. */
            expect?: string;
            /** @description rdp: false asks only that the server negotiate RDP (no account checked); by default it signs in with NLA as the round's account. */
            nla?: boolean;
        };
        /**
         * TeamAccount
         * @description A member's sign-in account, a blue team's or the red team's. Its password is shown once, when it is created, and stored only as a scrypt hash.
         */
        TeamAccount: {
            id: number;
            name: string;
            /**
             * @description `team`: a blue team member; `red-team`: a red team member, of no team.
             * @enum {string}
             */
            role: "team" | "red-team";
            /** @description The member's team; null for a red team member. */
            team_id: number | null;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            created_at: string;
        };
        /**
         * TeamBeacons
         * @description The red team beacons found on a team’s hosts, when the settings show them (`beacons_shown`).
         */
        TeamBeacons: {
            /** @description Whether the settings show them now; false: `beacons` is empty. */
            visible: boolean;
            beacons: {
                id: number;
                host: string;
                /** @enum {string} */
                state: "open" | "closed";
                first_call_at: string | null;
                last_call_at: string | null;
                points_taken: number;
            }[];
        };
        /**
         * TeamFindings
         * @description The red team findings approved against a team, as the team sees them: never who filed them, nor their evidence.
         * @example {
         *       "visible": true,
         *       "findings": [
         *         {
         *           "id": 1,
         *           "service_id": 22,
         *           "kind": "user-access",
         *           "kind_name": "User access",
         *           "done_at": "2026-11-22T10:00:00Z",
         *           "points": 25,
         *           "description": null
         *         }
         *       ]
         *     }
         */
        TeamFindings: {
            /** @description Whether the settings show them now (`red_team_findings_shown`): when false, `findings` is empty until they do. */
            visible: boolean;
            findings: {
                id: number;
                service_id: number;
                kind: string;
                kind_name: string;
                done_at: string;
                /** @description What it took off the team (0: a repeat of one counted). */
                points: number;
                /** @description The red team's description (Markdown), when the settings show it. */
                description: string | null;
            }[];
        };
        /**
         * TeamGrade
         * @description A team's latest grade of an inject, with the grader's comments.
         */
        TeamGrade: {
            inject_id: number;
            /** @description 1 for the first grade, one more for each regrade (the old ones kept). */
            n: number;
            submission_version: number;
            scores: {
                name: string;
                points: number;
                comment: string;
            }[];
            comment: string;
            /** @description What the grader gave, before the late rule. */
            points: number;
            late_share: number;
            /** @description What it is worth on the board: points × late_share, rounded. */
            awarded: number;
            graded_at: string;
        };
        /**
         * TeamInject
         * @description An inject as a team sees it once it is open.
         */
        TeamInject: {
            id: number;
            title: string;
            /** @description Markdown. */
            text: string;
            open_at: string;
            due_at: string;
            /** @description Until when a late submission is taken (due_at: none is). */
            close_at: string;
            /** @description Of a late submission's grade, the share lost for each hour or part of one after due_at. */
            late_penalty_percent_per_hour: number;
            points: number;
            rubric: {
                name: string;
                points: number;
            }[];
            /** @description Files that come with it: download each with GET /team/{id}/files?key=… */
            attachments: components["schemas"]["StoredFile"][];
        };
        /**
         * TeamProfile
         * @description A team as an organiser edits it live (PATCH with this answer's ETag in `If-Match`).
         */
        TeamProfile: {
            id: number;
            /** @description The team number (what ?team= filters by); not its id. */
            number: number;
            name: string;
            logo: string;
            team_url: string;
            guest_division: boolean;
            hidden: boolean;
            /** @description The team's public egress ranges (at most 32): a red team beacon on its hosts counts only when it calls back from one. Empty: the team can have no beacons. Teams behind one shared NAT address cannot be told apart: give them none. */
            networks: string[];
            /** @description Moves with every edit (1 as loaded). */
            version: number;
        };
        /**
         * TeamScan
         * @description One check of a team's own service, with its full reason.
         */
        TeamScan: {
            scan_id: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            time: string;
            score: number;
            error: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed" | "failed") | null;
            /** @description The full reason the check failed (what was expected, what came back; the agent redacts secrets). Null when it passed, and for team sessions while the setting `teams_see_check_details` is off. */
            reason: string | null;
            voided: boolean;
        };
        /**
         * TeamScansPage
         * @description A page of one of the team's services' checks, newest first, live (not held back by a freeze).
         */
        TeamScansPage: {
            items: components["schemas"]["TeamScan"][];
            /** @description Opaque: pass it as `?cursor=` for the next page; null on the last page. */
            cursor: string | null;
        };
        /**
         * Team
         * @description A blue team. Hidden (test) teams appear only to admins and service accounts.
         * @example {
         *       "id": 1,
         *       "number": 11,
         *       "name": "Packet Wranglers",
         *       "logo": "",
         *       "team_url": "team11.ccdc.example",
         *       "guest_division": false
         *     }
         */
        Team: {
            id: number;
            /** @description The team number (what ?team= filters by); not its id. */
            number: number;
            name: string;
            logo: string;
            team_url: string;
            guest_division: boolean;
        };
        /**
         * TeamService
         * @description One of the team’s services as the team sees it: live status and the newest check’s full reason (no points: those follow the scoreboard freeze).
         */
        TeamService: {
            id: number;
            subtype: string;
            subtype_id: number;
            url: string;
            port: number;
            last_scan: number;
            last_scan_time: string | null;
            last_scan_error: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed" | "failed") | null;
            /** @description The full reason the check failed (what was expected, what came back; the agent redacts secrets). Null when it passed, and for team sessions while the setting `teams_see_check_details` is off. */
            last_scan_reason: string | null;
            in_progress: boolean;
            max_score: number;
        };
        /**
         * TeamServices
         * @description A team's own services, live, with their full reasons.
         */
        TeamServices: {
            team: components["schemas"]["Team"];
            /** @description Whether `last_scan_reason` is shown (always for admins). */
            details: boolean;
            services: components["schemas"]["TeamService"][];
        };
        /**
         * TeamSession
         * @description The caller’s own session: who signed in, for which team (none for the red team), until when, and whether teams see their checks’ full reasons.
         */
        TeamSession: {
            account: string;
            /**
             * @description `team`: a blue team member; `red-team`: a red team member, of no team.
             * @enum {string}
             */
            role: "team" | "red-team";
            /** @description The member's team; null for a red team member. */
            team: components["schemas"]["Team"] | null;
            session_id: string;
            /**
             * Format: date-time
             * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
             */
            expires_at: string;
            /** @description The setting `teams_see_check_details`: the team routes show full reasons. */
            details: boolean;
        };
        /**
         * Token
         * @description An API token as listed: its public id, never its secret or hash.
         */
        Token: {
            /** @description The public id: the 8 hex digits after `ccdc_` in the token. */
            token_id: string;
            /** @enum {string} */
            role: "admin" | "service" | "agent";
            /** @description The pool an `agent` token works for; null for the other roles. */
            pool: string | null;
            name: string;
            created_at: string;
            expires_at: string | null;
            revoked_at: string | null;
        };
        /**
         * UploadForm
         * @description A presigned POST: send `fields`, then the file as the last field, `file`, as multipart/form-data to `url`, before `expires_at`. The bucket takes only the declared type, 1 to `max_bytes` bytes, at `key`; then name `key` in the submission's `files`.
         * @example {
         *       "key": "staging/teams/3/injects/1/8e1d4c7a2b9f0e36/firewall-memo.pdf",
         *       "url": "https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com",
         *       "fields": {
         *         "key": "staging/teams/3/injects/1/8e1d4c7a2b9f0e36/firewall-memo.pdf",
         *         "Content-Type": "application/pdf",
         *         "Content-Disposition": "attachment",
         *         "success_action_status": "201",
         *         "x-amz-algorithm": "AWS4-HMAC-SHA256",
         *         "x-amz-credential": "ASIAEXAMPLEKEY/20261122/eu-west-1/s3/aws4_request",
         *         "x-amz-date": "20261122T113000Z",
         *         "x-amz-security-token": "IQoJb3JpZ2luX2VjE…",
         *         "policy": "eyJleHBpcmF0aW9uIjoi…",
         *         "x-amz-signature": "3c5d0b5f1a2e…"
         *       },
         *       "max_bytes": 20971520,
         *       "expires_at": "2026-11-22T11:40:00Z"
         *     }
         */
        UploadForm: {
            key: string;
            url: string;
            fields: {
                [key: string]: string;
            };
            max_bytes: number;
            expires_at: string;
        };
        /**
         * VoidJob
         * @description A void (or unvoid) of results: its preview (each affected team's total before and after, recomputed from the history), then, once applied, its progress.
         */
        VoidJob: {
            /** @description Send it back with `"dry_run": false` to apply exactly this set. */
            preview_id: number;
            /** @enum {string} */
            action: "void" | "unvoid";
            filter: {
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                from: string;
                /**
                 * Format: date-time
                 * @description An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.
                 */
                to: string;
                team_id: number | null;
                subtype_id: number | null;
            };
            /**
             * Format: date-time
             * @description The set is the filter's results received before this time (to the second): later results are never touched.
             */
            previewed_at: string;
            /** @description How many results the preview found to flip. */
            count: number;
            teams: {
                team_id: number;
                total_before: number;
                total_after: number;
            }[];
            /**
             * @description `previewed` until applied; `running` while the job flips the results; `done`.
             * @enum {string}
             */
            status: "previewed" | "running" | "done";
            /** @description Results the job has flipped so far. */
            flipped: number;
            applied_at: string | null;
            finished_at: string | null;
        };
    };
    responses: {
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `malformed_json`, `body_required`, `invalid_utf8`, `unsupported_charset`, `duplicate_key`, `validation_failed`. */
        "BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "malformed_json",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "malformed_json" | "body_required" | "invalid_utf8" | "unsupported_charset" | "duplicate_key" | "validation_failed";
                };
            };
        };
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `malformed_json`, `body_required`, `invalid_utf8`, `unsupported_charset`, `duplicate_key`, `validation_failed`, `invalid_idempotency_key`. */
        "BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "malformed_json",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "malformed_json" | "body_required" | "invalid_utf8" | "unsupported_charset" | "duplicate_key" | "validation_failed" | "invalid_idempotency_key";
                };
            };
        };
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `malformed_json`, `body_required`, `invalid_utf8`, `unsupported_charset`, `duplicate_key`, `validation_failed`, `unknown_team`. */
        "BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.unknown_team": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "malformed_json",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "malformed_json" | "body_required" | "invalid_utf8" | "unsupported_charset" | "duplicate_key" | "validation_failed" | "unknown_team";
                };
            };
        };
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `malformed_json`, `body_required`, `invalid_utf8`, `unsupported_charset`, `duplicate_key`, `validation_failed`, `unknown_team`, `invalid_idempotency_key`. */
        "BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.unknown_team.invalid_idempotency_key": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "malformed_json",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "malformed_json" | "body_required" | "invalid_utf8" | "unsupported_charset" | "duplicate_key" | "validation_failed" | "unknown_team" | "invalid_idempotency_key";
                };
            };
        };
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `validation_failed`. */
        "BadRequest.validation_failed": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "validation_failed",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "validation_failed";
                };
            };
        };
        /** @description The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist. Codes: `validation_failed`, `invalid_cursor`. */
        "BadRequest.validation_failed.invalid_cursor": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Bad Request",
                 *       "status": 400,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "validation_failed",
                 *       "errors": [
                 *         {
                 *           "path": "name",
                 *           "message": "is required"
                 *         }
                 *       ],
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "validation_failed" | "invalid_cursor";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `account_gone`, `idempotency_key_in_flight`. */
        "Conflict.account_gone.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "account_gone",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "account_gone" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `already_decided`. */
        "Conflict.already_decided": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "already_decided",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "already_decided";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `already_decided`, `superseded`, `account_gone`. */
        "Conflict.already_decided.superseded.account_gone": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "already_decided",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "already_decided" | "superseded" | "account_gone";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `beacons_off`, `team_without_networks`, `beacon_open`. */
        "Conflict.beacons_off.team_without_networks.beacon_open": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "beacons_off",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "beacons_off" | "team_without_networks" | "beacon_open";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `check_job_state`. */
        "Conflict.check_job_state": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "check_job_state",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "check_job_state";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `command_in_cloud`. */
        "Conflict.command_in_cloud": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "command_in_cloud",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "command_in_cloud";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`. */
        "Conflict.competition_final": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`, `finding_changed`, `findings_off`, `idempotency_key_in_flight`. */
        "Conflict.competition_final.finding_changed.findings_off.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final" | "finding_changed" | "findings_off" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`, `grade_changed`, `idempotency_key_in_flight`. */
        "Conflict.competition_final.grade_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final" | "grade_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`, `grade_changed`, `incident_reports_off`, `idempotency_key_in_flight`. */
        "Conflict.competition_final.grade_changed.incident_reports_off.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final" | "grade_changed" | "incident_reports_off" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`, `idempotency_key_in_flight`. */
        "Conflict.competition_final.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `competition_final`, `service_exists`, `team_too_large`, `command_in_cloud`, `idempotency_key_in_flight`. */
        "Conflict.competition_final.service_exists.team_too_large.command_in_cloud.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "competition_final",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "competition_final" | "service_exists" | "team_too_large" | "command_in_cloud" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `duplicate_dns_record`, `cname_conflict`, `too_many_dns_records`, `nameserver_needs_address`. */
        "Conflict.duplicate_dns_record.cname_conflict.too_many_dns_records.nameserver_needs_address": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "duplicate_dns_record",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "duplicate_dns_record" | "cname_conflict" | "too_many_dns_records" | "nameserver_needs_address";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `duplicate_dns_record`, `cname_conflict`, `too_many_dns_records`, `nameserver_needs_address`, `idempotency_key_in_flight`. */
        "Conflict.duplicate_dns_record.cname_conflict.too_many_dns_records.nameserver_needs_address.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "duplicate_dns_record",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "duplicate_dns_record" | "cname_conflict" | "too_many_dns_records" | "nameserver_needs_address" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `finding_decided`, `file_changed`, `idempotency_key_in_flight`. */
        "Conflict.finding_decided.file_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "finding_decided",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "finding_decided" | "file_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `findings_off`. */
        "Conflict.findings_off": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "findings_off",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "findings_off";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `findings_off`, `file_changed`, `idempotency_key_in_flight`. */
        "Conflict.findings_off.file_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "findings_off",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "findings_off" | "file_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `idempotency_key_in_flight`. */
        "Conflict.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "idempotency_key_in_flight",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `incident_reports_off`, `file_changed`, `idempotency_key_in_flight`. */
        "Conflict.incident_reports_off.file_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "incident_reports_off",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "incident_reports_off" | "file_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `inject_closed`, `file_changed`, `idempotency_key_in_flight`. */
        "Conflict.inject_closed.file_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "inject_closed",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "inject_closed" | "file_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `inject_closed`, `incident_reports_off`. */
        "Conflict.inject_closed.incident_reports_off": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "inject_closed",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "inject_closed" | "incident_reports_off";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `inject_state`, `file_changed`. */
        "Conflict.inject_state.file_changed": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "inject_state",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "inject_state" | "file_changed";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `name_taken`. */
        "Conflict.name_taken": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "name_taken",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "name_taken";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `nameserver_needs_address`. */
        "Conflict.nameserver_needs_address": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "nameserver_needs_address",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "nameserver_needs_address";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `nameserver_needs_address`, `competition_final`. */
        "Conflict.nameserver_needs_address.competition_final": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "nameserver_needs_address",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "nameserver_needs_address" | "competition_final";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `not_ended`. */
        "Conflict.not_ended": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "not_ended",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "not_ended";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `pool_conflict`, `pool_splits_mail`, `pool_unknown_ids`, `too_many_pools`, `no_competition`, `command_in_cloud`. */
        "Conflict.pool_conflict.pool_splits_mail.pool_unknown_ids.too_many_pools.no_competition.command_in_cloud": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "pool_conflict",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "pool_conflict" | "pool_splits_mail" | "pool_unknown_ids" | "too_many_pools" | "no_competition" | "command_in_cloud";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `pool_in_use`, `pool_builtin`. */
        "Conflict.pool_in_use.pool_builtin": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "pool_in_use",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "pool_in_use" | "pool_builtin";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `preview_mismatch`, `competition_final`. */
        "Conflict.preview_mismatch.competition_final": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "preview_mismatch",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "preview_mismatch" | "competition_final";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `round_not_begun`, `lease_lost`. */
        "Conflict.round_not_begun.lease_lost": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "round_not_begun",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "round_not_begun" | "lease_lost";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `scan_id_reused`, `competition_final`. */
        "Conflict.scan_id_reused.competition_final": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "scan_id_reused",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "scan_id_reused" | "competition_final";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `submission_changed`, `idempotency_key_in_flight`. */
        "Conflict.submission_changed.idempotency_key_in_flight": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "submission_changed",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "submission_changed" | "idempotency_key_in_flight";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `subtype_in_use`. */
        "Conflict.subtype_in_use": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "subtype_in_use",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "subtype_in_use";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `super_type_in_use`. */
        "Conflict.super_type_in_use": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "super_type_in_use",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "super_type_in_use";
                };
            };
        };
        /** @description The write conflicts with what is stored. Codes: `team_too_large`, `zone_in_use`. */
        "Conflict.team_too_large.zone_in_use": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Conflict",
                 *       "status": 409,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "team_too_large",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "team_too_large" | "zone_in_use";
                };
            };
        };
        /** @description The credentials are valid but their role may not use this route; or a signed caller is not in the registry of IAM principals; or (in AWS) the request did not come through the CDN. Codes: `forbidden`. */
        "Forbidden.forbidden": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Forbidden",
                 *       "status": 403,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "forbidden",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "forbidden";
                };
            };
        };
        /** @description The credentials are valid but their role may not use this route; or a signed caller is not in the registry of IAM principals; or (in AWS) the request did not come through the CDN. Codes: `forbidden`, `beacon_refused`, `beacon_outside_networks`. */
        "Forbidden.forbidden.beacon_refused.beacon_outside_networks": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Forbidden",
                 *       "status": 403,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "forbidden",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "forbidden" | "beacon_refused" | "beacon_outside_networks";
                };
            };
        };
        /** @description The credentials are valid but their role may not use this route; or a signed caller is not in the registry of IAM principals; or (in AWS) the request did not come through the CDN. Codes: `forbidden`, `debrief_not_released`. */
        "Forbidden.forbidden.debrief_not_released": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Forbidden",
                 *       "status": 403,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "forbidden",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "forbidden" | "debrief_not_released";
                };
            };
        };
        /** @description The credentials are valid but their role may not use this route; or a signed caller is not in the registry of IAM principals; or (in AWS) the request did not come through the CDN. Codes: `forbidden`, `team_hidden`. */
        "Forbidden.forbidden.team_hidden": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Forbidden",
                 *       "status": 403,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "forbidden",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "forbidden" | "team_hidden";
                };
            };
        };
        /** @description What the request names is gone for good (a closed beacon). Codes: `beacon_closed`. */
        "Gone.beacon_closed": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Gone",
                 *       "status": 410,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "beacon_closed",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "beacon_closed";
                };
            };
        };
        /** @description Something unexpected failed; the body gives the request id to quote. Codes: `internal_error`. */
        "InternalServerError.internal_error": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Internal Server Error",
                 *       "status": 500,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "internal_error",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "internal_error";
                };
            };
        };
        /** @description Nothing has this id (ids are positive integers), or the path is not spelled canonically. Codes: `not_found`. */
        "NotFound.not_found": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Not Found",
                 *       "status": 404,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "not_found",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "not_found";
                };
            };
        };
        /** @description The body is larger than 65536 bytes. Codes: `export_too_large`. */
        "PayloadTooLarge.export_too_large": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Payload Too Large",
                 *       "status": 413,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "export_too_large",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "export_too_large";
                };
            };
        };
        /** @description The body is larger than 65536 bytes. Codes: `payload_too_large`. */
        "PayloadTooLarge.payload_too_large": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Payload Too Large",
                 *       "status": 413,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "payload_too_large",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "payload_too_large";
                };
            };
        };
        /** @description The body is larger than 65536 bytes. Codes: `payload_too_large`, `files_too_large`. */
        "PayloadTooLarge.payload_too_large.files_too_large": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Payload Too Large",
                 *       "status": 413,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "payload_too_large",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "payload_too_large" | "files_too_large";
                };
            };
        };
        /** @description If-Match names a version that is no longer current; read the resource again. Codes: `precondition_failed`. */
        "PreconditionFailed.precondition_failed": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Precondition Failed",
                 *       "status": 412,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "precondition_failed",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "precondition_failed";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `accounts_busy`, `database_unavailable`. */
        "ServiceUnavailable.accounts_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "accounts_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "accounts_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `announcement_busy`, `database_unavailable`. */
        "ServiceUnavailable.announcement_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "announcement_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "announcement_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `beacon_busy`, `database_unavailable`. */
        "ServiceUnavailable.beacon_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "beacon_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "beacon_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `busy`, `database_unavailable`. */
        "ServiceUnavailable.busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `database_unavailable`. */
        "ServiceUnavailable.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "database_unavailable",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `dns_zone_busy`, `database_unavailable`. */
        "ServiceUnavailable.dns_zone_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "dns_zone_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "dns_zone_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `finding_busy`, `database_unavailable`. */
        "ServiceUnavailable.finding_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "finding_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "finding_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `finding_kinds_busy`, `database_unavailable`. */
        "ServiceUnavailable.finding_kinds_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "finding_kinds_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "finding_kinds_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `incident_busy`, `database_unavailable`. */
        "ServiceUnavailable.incident_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "incident_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "incident_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `inject_busy`, `database_unavailable`. */
        "ServiceUnavailable.inject_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "inject_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "inject_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `service_busy`, `database_unavailable`. */
        "ServiceUnavailable.service_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "service_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "service_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `settings_busy`, `database_unavailable`. */
        "ServiceUnavailable.settings_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "settings_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "settings_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `subtype_busy`, `database_unavailable`. */
        "ServiceUnavailable.subtype_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "subtype_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "subtype_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `super_type_busy`, `database_unavailable`. */
        "ServiceUnavailable.super_type_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "super_type_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "super_type_busy" | "database_unavailable";
                };
            };
        };
        /** @description The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds. Codes: `team_busy`, `database_unavailable`. */
        "ServiceUnavailable.team_busy.database_unavailable": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Service Unavailable",
                 *       "status": 503,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "team_busy",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "team_busy" | "database_unavailable";
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `admin-write` (5 requests a second steady, bursts of 10: adjustments: a person at a keyboard), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.admin-write": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `beacon-check-in` (100 requests a second steady, bursts of 200: red team implants checking in (each counts once in 10 s): never the scan reports' share), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.beacon-check-in": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `beacons_limited`. */
        "TooManyRequests.beacons_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "beacons_limited",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "beacons_limited";
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `check_in_too_soon`, `check_in_refusals_limited`. */
        "TooManyRequests.check_in_too_soon.check_in_refusals_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "check_in_too_soon",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "check_in_too_soon" | "check_in_refusals_limited";
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `check_limited`. */
        "TooManyRequests.check_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "check_limited",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "check_limited";
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `findings_limited`. */
        "TooManyRequests.findings_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "findings_limited",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "findings_limited";
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `incidents_limited`. */
        "TooManyRequests.incidents_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "incidents_limited",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "incidents_limited";
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `protected-read` (50 requests a second steady, bursts of 100: organisers and agents reading protected records), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.protected-read": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `public-read` (200 requests a second steady, bursts of 400: behind the CDN: only cache misses reach the API), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.public-read": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `scan-report` (500 requests a second steady, bursts of 5000: a whole round's reports (teams x services) in one burst), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.scan-report": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `service-write` (20 requests a second steady, bursts of 40: agents and organisers changing DNS records and settings), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.service-write": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `sign_in_locked`. */
        "TooManyRequests.sign_in_locked": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "sign_in_locked",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "sign_in_locked";
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond the API's stage-wide throttle (the stack configuration's `throttleRate` and `throttleBurst`), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.stage": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-read` (250 requests a second steady, bursts of 500: blue team members polling their own team's routes (uncached)), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.team-read": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
        "TooManyRequests.team-write": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too Many Requests"
                 *     }
                 */
                "application/json": {
                    message: string;
                };
            };
        };
        /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `uploads_limited`. */
        "TooManyRequests.uploads_limited": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Too Many Requests",
                 *       "status": 429,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "uploads_limited",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "uploads_limited";
                };
            };
        };
        /** @description No credentials, or credentials that are malformed, unknown, revoked or expired. Codes: `unauthorized`. */
        "Unauthorized.unauthorized": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Unauthorized",
                 *       "status": 401,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "unauthorized",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "unauthorized";
                };
            };
        };
        /** @description The Idempotency-Key was used before with another body. Codes: `idempotency_key_reused`. */
        "UnprocessableEntity.idempotency_key_reused": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Unprocessable Entity",
                 *       "status": 422,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "idempotency_key_reused",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "idempotency_key_reused";
                };
            };
        };
        /** @description The body is not sent as application/json. Codes: `unsupported_media_type`. */
        "UnsupportedMediaType.unsupported_media_type": {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "type": "about:blank",
                 *       "title": "Unsupported Media Type",
                 *       "status": 415,
                 *       "detail": "What went wrong, for a person.",
                 *       "code": "unsupported_media_type",
                 *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/problem+json": components["schemas"]["Problem"] & {
                    /** @enum {unknown} */
                    code?: "unsupported_media_type";
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The version of this representation; send it back in If-None-Match (reads) or If-Match (settings writes). */
        ETag: string;
        /** @description `public, max-age=5` for anonymous reads of public routes, `private, no-cache` otherwise. */
        CacheControl: string;
        /** @description Where the new record can be read. */
        Location: string;
        /** @description The request id, to quote when reporting a problem. */
        RequestId: string;
        /** @description The scheme to authenticate with: `Bearer realm="scoring"`. */
        WWWAuthenticate: string;
        /** @description Seconds to wait before sending the same request again. */
        RetryAfter: number;
        /** @description The next page (RFC 8288): `<path?limit=…&cursor=…>; rel="next"`, the same cursor as the body's `cursor`. Absent on the last page. */
        Link: string;
        /** @description The methods this path answers (every GET route answers HEAD too). */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ListTeams: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every visible team, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team's number: new, and an octet of its addresses when the DNS address template uses it. */
                    number: number;
                    /** @description Its name, as the scoreboard shows it: new. */
                    name: string;
                    /**
                     * @description An http(s) URL, or empty for none.
                     * @default
                     */
                    logo?: string;
                    /** @description Its DNS zone's name (new): its records and zone file live under it. */
                    team_url: string;
                    /** @default false */
                    guest_division?: boolean;
                    /**
                     * @description Create it hidden, and show it when it is ready (PATCH /teams/{id}).
                     * @default false
                     */
                    hidden?: boolean;
                    /**
                     * @description The team's public egress ranges (at most 32): a red team beacon on its hosts counts only when it calls back from one. Empty: the team can have no beacons. Teams behind one shared NAT address cannot be told apart: give them none.
                     * @default []
                     */
                    networks?: string[];
                };
            };
        };
        responses: {
            /** @description The team, shown on every public read at once unless created hidden, and its ETag. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamProfile"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetScoreboard: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every visible team ranked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scoreboard"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetCompactScoreboard: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every visible team ranked, compactly. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompactScoreboard"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetScoreHistory: {
        parameters: {
            query?: {
                since?: string;
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The visible teams' totals at the finest resolution that keeps the answer bounded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScoreHistory"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetTeam: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UpdateTeam: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name, as the scoreboard shows it: no other team's (compared trimmed, in any case). */
                    name?: string;
                    /** @description An http(s) URL, or empty for none. */
                    logo?: string;
                    guest_division?: boolean;
                    /** @description Hidden: out of the public lists, the scoreboard and the status view (its results stay). */
                    hidden?: boolean;
                    /** @description Its public egress ranges, all of them (the list replaces the one before): beacons already open stay open, and count only from the new ranges. */
                    networks?: string[];
                    /** @description Its DNS zone's name (no other team's): its records, relative to it, move with it; its services' host names do not (move them with PATCH /services/{id}). */
                    team_url?: string;
                };
            };
        };
        responses: {
            /** @description The team as it now is, everywhere at once. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamProfile"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.team_too_large.zone_in_use"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetTeamProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its profile, whether it is hidden, and its version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamProfile"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetScorecard: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's totals, statistics and rank. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scorecard"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ExportTeamDns: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's records, by id: the same records as its zone file. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ExportTeamZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A BIND zone file for the origin `<team_url>.`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "text/dns": string;
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListAdjustments: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's adjustments, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Adjustment"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateAdjustment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "super_type_id": 2,
                 *       "points": 50,
                 *       "reason": "Inject 3: firewall change request"
                 *     }
                 */
                "application/json": {
                    super_type_id: number;
                    points: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The adjustment, counted in the team's totals. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Adjustment"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.busy.database_unavailable"];
        };
    };
    ListDnsRecords: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every team's records, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateDnsRecord: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "www",
                 *       "type": "A",
                 *       "value": "10",
                 *       "team": 1
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @constant */
                    type: "A";
                    value: string | number;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "CNAME";
                    value: string;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "MX";
                    value: string;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "TXT";
                    value: string;
                    team: number;
                };
            };
        };
        responses: {
            /** @description The record, as stored (names lower-case, type upper-case), and its ETag. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.unknown_team.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.duplicate_dns_record.cname_conflict.too_many_dns_records.nameserver_needs_address.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.dns_zone_busy.database_unavailable"];
        };
    };
    GetDnsRecord: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UpdateDnsRecord: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "www",
                 *       "type": "A",
                 *       "value": "20",
                 *       "team": 1
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @constant */
                    type: "A";
                    value: string | number;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "CNAME";
                    value: string;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "MX";
                    value: string;
                    team: number;
                } | {
                    name: string;
                    /** @constant */
                    type: "TXT";
                    value: string;
                    team: number;
                };
            };
        };
        responses: {
            /** @description The record, as stored, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.unknown_team"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.duplicate_dns_record.cname_conflict.too_many_dns_records.nameserver_needs_address"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.dns_zone_busy.database_unavailable"];
        };
    };
    DeleteDnsRecord: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.nameserver_needs_address"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.dns_zone_busy.database_unavailable"];
        };
    };
    ListSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The one settings object, or nothing before a competition is loaded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings; the ETag is what If-Match must name. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReplaceSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": 1,
                 *       "competition_name": "Regional CCDC Practice Round",
                 *       "guest_division_enabled": false,
                 *       "scoring_enabled": true,
                 *       "start_time": null,
                 *       "end_time": null,
                 *       "dns_ttl": 600,
                 *       "dns_nameservers": [
                 *         "ns1.ccdc.example",
                 *         "ns2.ccdc.example"
                 *       ],
                 *       "dns_hostmaster": "hostmaster@ccdc.example",
                 *       "dns_address_template": "127.0.{team_number}",
                 *       "late_result_grace_seconds": 300,
                 *       "round_seconds": 30,
                 *       "sla_threshold": 0,
                 *       "sla_penalty": 0,
                 *       "scoreboard_freeze_time": null,
                 *       "teams_see_check_details": true,
                 *       "password_changes": "immediate",
                 *       "password_change_delay_seconds": 300,
                 *       "password_changes_may_add_users": false,
                 *       "incident_reports_super_type_id": 3,
                 *       "incident_report_max_points": 50,
                 *       "red_team_findings_super_type_id": 3,
                 *       "red_team_repeat_window_minutes": 60,
                 *       "red_team_findings_shown": "at_once",
                 *       "red_team_findings_described": false,
                 *       "debriefs_shown": "after_finalise",
                 *       "beacon_points_per_round": 10,
                 *       "beacon_max_points_per_round": 30,
                 *       "beacon_expiry_rounds": 3,
                 *       "beacons_shown": "at_once"
                 *     }
                 */
                "application/json": {
                    id?: number;
                    competition_name: string;
                    guest_division_enabled: boolean;
                    scoring_enabled: boolean;
                    start_time: string | null;
                    end_time: string | null;
                    dns_ttl: number;
                    dns_nameservers: string[];
                    dns_hostmaster: string;
                    dns_address_template: string;
                    /** @default 60 */
                    round_seconds?: number;
                    /** @default 300 */
                    late_result_grace_seconds?: number;
                    /** @default 0 */
                    sla_threshold?: number;
                    /** @default 0 */
                    sla_penalty?: number;
                    /** @default null */
                    scoreboard_freeze_time?: string | null;
                    /** @default true */
                    teams_see_check_details?: boolean;
                    /**
                     * @default immediate
                     * @enum {string}
                     */
                    password_changes?: "immediate" | "delayed" | "approval";
                    /** @default 300 */
                    password_change_delay_seconds?: number;
                    /** @default false */
                    password_changes_may_add_users?: boolean;
                    /** @default null */
                    incident_reports_super_type_id?: number | null;
                    /** @default 100 */
                    incident_report_max_points?: number;
                    /** @default null */
                    red_team_findings_super_type_id?: number | null;
                    /** @default 60 */
                    red_team_repeat_window_minutes?: number;
                    /**
                     * @default after_event
                     * @enum {string}
                     */
                    red_team_findings_shown?: "at_once" | "after_event" | "never";
                    /** @default false */
                    red_team_findings_described?: boolean;
                    /**
                     * @default after_finalise
                     * @enum {string}
                     */
                    debriefs_shown?: "after_finalise" | "now";
                    /** @default 10 */
                    beacon_points_per_round?: number;
                    /** @default 30 */
                    beacon_max_points_per_round?: number;
                    /** @default 3 */
                    beacon_expiry_rounds?: number;
                    /**
                     * @default after_event
                     * @enum {string}
                     */
                    beacons_shown?: "at_once" | "after_event" | "never";
                };
            };
        };
        responses: {
            /** @description The new settings and their ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.nameserver_needs_address.competition_final"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.settings_busy.database_unavailable"];
        };
    };
    UpdateSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scoring_enabled": false
                 *     }
                 */
                "application/json": {
                    id?: number;
                    competition_name?: string;
                    guest_division_enabled?: boolean;
                    scoring_enabled?: boolean;
                    start_time?: string | null;
                    end_time?: string | null;
                    dns_ttl?: number;
                    dns_nameservers?: string[];
                    dns_hostmaster?: string;
                    dns_address_template?: string;
                    /** @default 60 */
                    round_seconds?: number;
                    /** @default 300 */
                    late_result_grace_seconds?: number;
                    /** @default 0 */
                    sla_threshold?: number;
                    /** @default 0 */
                    sla_penalty?: number;
                    /** @default null */
                    scoreboard_freeze_time?: string | null;
                    /** @default true */
                    teams_see_check_details?: boolean;
                    /**
                     * @default immediate
                     * @enum {string}
                     */
                    password_changes?: "immediate" | "delayed" | "approval";
                    /** @default 300 */
                    password_change_delay_seconds?: number;
                    /** @default false */
                    password_changes_may_add_users?: boolean;
                    /** @default null */
                    incident_reports_super_type_id?: number | null;
                    /** @default 100 */
                    incident_report_max_points?: number;
                    /** @default null */
                    red_team_findings_super_type_id?: number | null;
                    /** @default 60 */
                    red_team_repeat_window_minutes?: number;
                    /**
                     * @default after_event
                     * @enum {string}
                     */
                    red_team_findings_shown?: "at_once" | "after_event" | "never";
                    /** @default false */
                    red_team_findings_described?: boolean;
                    /**
                     * @default after_finalise
                     * @enum {string}
                     */
                    debriefs_shown?: "after_finalise" | "now";
                    /** @default 10 */
                    beacon_points_per_round?: number;
                    /** @default 30 */
                    beacon_max_points_per_round?: number;
                    /** @default 3 */
                    beacon_expiry_rounds?: number;
                    /**
                     * @default after_event
                     * @enum {string}
                     */
                    beacons_shown?: "at_once" | "after_event" | "never";
                };
            };
        };
        responses: {
            /** @description The new settings and their ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.nameserver_needs_address.competition_final"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.settings_busy.database_unavailable"];
        };
    };
    ListSuperTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every super type, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSuperType"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateSuperType: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its id (new); the next free one when left out. */
                    id?: number;
                    /** @description Its name (new), as every scorecard shows it. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The super type, and its ETag. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSuperType"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.super_type_busy.database_unavailable"];
        };
    };
    GetSuperType: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The super type and its version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSuperType"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RetireSuperType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.super_type_in_use"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.super_type_busy.database_unavailable"];
        };
    };
    UpdateSuperType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name (new), as every scorecard shows it. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The super type as it now is, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSuperType"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.super_type_busy.database_unavailable"];
        };
    };
    ListSubtypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every subtype, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subtype"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateSubtype: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "http";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "https";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "tcp";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "dns";
                    query: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "ssh";
                    banner?: string;
                    command?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        command?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "smtp";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "smtps";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "ftp";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "ftps";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "mysql";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "postgres";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "imap";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "imaps";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "pop3";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "pop3s";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "ldap";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "ldaps";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "vnc";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "smb";
                    share: string;
                    file?: string;
                    folder?: string;
                    expect?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        share?: string;
                        file?: string;
                        folder?: string;
                        expect?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "rdp";
                    /** @description false: the server need only negotiate RDP (and finish TLS), no sign-in; true (the default): NLA as the round’s account */
                    nla?: boolean;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    /** @constant */
                    check: "command";
                    recipe: string;
                    args?: {
                        [key: string]: string;
                    };
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    id?: number;
                    name: string;
                    super_type_id: number;
                    max_score: number;
                    sla_threshold?: number;
                    sla_penalty?: number;
                    check?: unknown;
                };
            };
        };
        responses: {
            /** @description The subtype as it is now, and its ETag. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSubtype"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.subtype_busy.database_unavailable"];
        };
    };
    GetSubtype: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subtype, its check definition and its version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSubtype"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RetireSubtype: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.subtype_in_use"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.subtype_busy.database_unavailable"];
        };
    };
    UpdateSubtype: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name, as every service of it shows it. */
                    name?: string;
                    /** @description What a pass earns, from each service's next result on: its services with the subtype's points follow; one with points of its own keeps them. */
                    max_score?: number;
                };
            };
        };
        responses: {
            /** @description The subtype as it now is, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSubtype"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.subtype_in_use"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.subtype_busy.database_unavailable"];
        };
    };
    ReplaceSubtypeCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    check: "http";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "https";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "tcp";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "dns";
                    query: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ssh";
                    banner?: string;
                    command?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        command?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smtp";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smtps";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ftp";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ftps";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "mysql";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "postgres";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "imap";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "imaps";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "pop3";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "pop3s";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ldap";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ldaps";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "vnc";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smb";
                    share: string;
                    file?: string;
                    folder?: string;
                    expect?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        share?: string;
                        file?: string;
                        folder?: string;
                        expect?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "rdp";
                    /** @description false: the server need only negotiate RDP (and finish TLS), no sign-in; true (the default): NLA as the round’s account */
                    nla?: boolean;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "command";
                    recipe: string;
                    args?: {
                        [key: string]: string;
                    };
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The subtype as it now is, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EditableSubtype"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.command_in_cloud"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.subtype_busy.database_unavailable"];
        };
    };
    ListServices: {
        parameters: {
            query?: {
                team?: string;
                subtype_id?: string;
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The visible services that match, by id (none match: an empty list). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Service"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateService: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team it belongs to. */
                    team_id: number;
                    /** @description Its subtype: what it is worth and how the agent checks it. */
                    subtype_id: number;
                    url: string;
                    /** @description The port its check connects to. */
                    port: number;
                    /** @description Its points per passed check, instead of its subtype's. */
                    max_score?: number;
                    /** @description The accounts its login check signs in with (sealed at once; never shown again). */
                    accounts?: {
                        username: string;
                        password?: string;
                        private_key?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Where its check goes, and its ETag (for PATCH /services/{id}). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceEndpoint"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.service_exists.team_too_large.command_in_cloud.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.team_busy.database_unavailable"];
        };
    };
    GetServiceStatus: {
        parameters: {
            query?: {
                since?: string;
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cells, whole or changed since `since`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceStatusView"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetCheckAccounts: {
        parameters: {
            query?: {
                service_id?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By service id, the accounts its login check signs in with (a service without any is left out). The only answer that ever carries a secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckAccounts"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListServiceAccounts: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its accounts and their version (a service without any: 404). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountsView"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReplaceServiceAccounts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accounts: {
                        username: string;
                        password?: string;
                        private_key?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Its accounts as stored (never a secret), and their new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountsView"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.accounts_busy.database_unavailable"];
        };
    };
    DeleteServiceAccounts: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.accounts_busy.database_unavailable"];
        };
    };
    ResetServiceAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user to set back to its default secret (a user a request added is removed). */
                    username: string;
                };
            };
        };
        responses: {
            /** @description Its accounts as stored now, and their new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountsView"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.accounts_busy.database_unavailable"];
        };
    };
    RequestServiceCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued: the agent runs it within seconds. `Location` is the team's list of checks, where it shows how it went. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckJob"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListServiceEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each service's endpoint, by id (each with the version its edit names in If-Match). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceEndpoint"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetServiceEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its address, port, points and version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceEndpoint"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetService: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service, its points and its latest scans. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceDetail"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UpdateService: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    /** @description The port its check connects to. */
                    port?: number;
                    /** @description What a pass earns from the next result on: results already recorded keep what they earned and counted. */
                    max_score?: number;
                    /** @description false disables it: no round checks it, no list shows it, its status leaves its team's counts; what it earned stays. true enables it again. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Where its check goes now; the agent's next round checks it there. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceEndpoint"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.service_busy.database_unavailable"];
        };
    };
    ListServiceScans: {
        parameters: {
            query?: {
                limit?: string;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page, newest first by check time; `cursor` (also in `Link: rel="next"`) resumes, null on the last page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceScansPage"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed.invalid_cursor"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReportScan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scan_id": "round12-http",
                 *       "score": 10,
                 *       "error": null,
                 *       "time": "2026-11-22T10:15:00Z"
                 *     }
                 */
                "application/json": {
                    /** @description Chosen by the agent, one per result: a UUID, `round12-http`, an ISO time... Sending the same report again is safe. */
                    scan_id: string;
                    /** @constant */
                    status?: "started";
                    score?: number;
                    error?: string | null;
                    category?: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed") | null;
                    time?: string;
                };
            };
        };
        responses: {
            /** @description This scan_id was reported before (or a "started" came after its result): nothing changed; the result as recorded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanResult"];
                };
            };
            /** @description The result is recorded; it counts once the scoreboard has folded it in. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanResult"];
                };
            };
            /** @description The service is marked as being scanned. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanStarted"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.scan_id_reused.competition_final"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.scan-report"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.busy.database_unavailable"];
        };
    };
    GetServiceChecks: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By service id, its own check (a service without one is left out). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceChecks"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetServiceCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its own check and version (a service without one: 404). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceCheck"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReplaceServiceCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    check: "http";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "https";
                    /** @default / */
                    path?: string;
                    /** @default 200 */
                    status?: number;
                    host?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @enum {string} */
                    auth?: "basic" | "form";
                    login_path?: string;
                    username_field?: string;
                    password_field?: string;
                    properties?: {
                        path?: string;
                        status?: number;
                        host?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "tcp";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "dns";
                    query: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ssh";
                    banner?: string;
                    command?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        command?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smtp";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smtps";
                    banner?: string;
                    mail_to?: string;
                    mail_from?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ftp";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ftps";
                    banner?: string;
                    file?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    upload?: boolean;
                    properties?: {
                        file?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "mysql";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "postgres";
                    database?: string;
                    sql?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        database?: string;
                        sql?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "imap";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "imaps";
                    mailbox?: string;
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "pop3";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "pop3s";
                    sent_by?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ldap";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "ldaps";
                    base_dn: string;
                    filter?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        base_dn?: string;
                        filter?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "vnc";
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "smb";
                    share: string;
                    file?: string;
                    folder?: string;
                    expect?: string;
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    properties?: {
                        share?: string;
                        file?: string;
                        folder?: string;
                        expect?: string;
                        content?: string;
                        exact?: string;
                        sha256?: string;
                        reject?: string;
                    }[];
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "rdp";
                    /** @description false: the server need only negotiate RDP (and finish TLS), no sign-in; true (the default): NLA as the round’s account */
                    nla?: boolean;
                    /** @default 5 */
                    timeout_seconds?: number;
                } | {
                    /** @constant */
                    check: "command";
                    recipe: string;
                    args?: {
                        [key: string]: string;
                    };
                    content?: string;
                    exact?: string;
                    sha256?: string;
                    reject?: string;
                    /** @default 5 */
                    timeout_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Its own check as it now is, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceCheck"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.service_busy.database_unavailable"];
        };
    };
    DeleteServiceCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.service_busy.database_unavailable"];
        };
    };
    ReportScans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "service_id": 1,
                 *         "scan_id": "round13-http",
                 *         "status": "started"
                 *       },
                 *       {
                 *         "service_id": 2,
                 *         "scan_id": "round12-ssh",
                 *         "score": 10,
                 *         "error": null,
                 *         "time": "2026-11-22T10:15:00Z"
                 *       }
                 *     ]
                 */
                "application/json": {
                    service_id: number;
                    /** @description Chosen by the agent, one per result: a UUID, `round12-http`, an ISO time... Sending the same report again is safe. */
                    scan_id: string;
                    /** @constant */
                    status?: "started";
                    score?: number;
                    error?: string | null;
                    category?: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed") | null;
                    time?: string;
                }[];
            };
        };
        responses: {
            /** @description One answer per report, in order, each with the status and body it would have had on its own. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchAnswer"][];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.scan-report"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    VoidScans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: string;
                    to: string;
                    /** @description Only this team's results (its id). */
                    team_id?: number;
                    /** @description Only this subtype's results. */
                    subtype_id?: number;
                    /**
                     * @description True (the default): only preview. False: apply the preview named by `preview_id`.
                     * @default true
                     */
                    dry_run?: boolean;
                    /** @description The preview to apply (with `"dry_run": false`). */
                    preview_id?: number;
                };
            };
        };
        responses: {
            /** @description The preview: how many results would be voided, each team's total before and after; nothing changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidJob"];
                };
            };
            /** @description Applying: the job flips the results; `Location` is its status resource. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidJob"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.preview_mismatch.competition_final"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UnvoidScans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: string;
                    to: string;
                    /** @description Only this team's results (its id). */
                    team_id?: number;
                    /** @description Only this subtype's results. */
                    subtype_id?: number;
                    /**
                     * @description True (the default): only preview. False: apply the preview named by `preview_id`.
                     * @default true
                     */
                    dry_run?: boolean;
                    /** @description The preview to apply (with `"dry_run": false`). */
                    preview_id?: number;
                };
            };
        };
        responses: {
            /** @description The preview: how many results would be restored, each team's total before and after; nothing changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidJob"];
                };
            };
            /** @description Applying: the job flips the results; `Location` is its status resource. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidJob"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.preview_mismatch.competition_final"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetVoidJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The void, previewed, running or done. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidJob"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    SignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "alice",
                 *       "password": "q7Rk2vXw9LmZp4TnB8sD"
                 *     }
                 */
                "application/json": {
                    /** @description 1–64 letters, digits, `.`, `_` or `-`; compared in lower case. */
                    name: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden.team_hidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `sign_in_locked`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "sign_in_locked",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "sign_in_locked";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetTeamSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who is signed in, for which team, until when. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamSession"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    SignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamInjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamInject"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamSubmissions: {
        parameters: {
            query?: {
                inject_id?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its versions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Submission"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    SubmitInject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inject_id": 1,
                 *       "text": "# Our memo\n\nRules 1 to 4, one line each.",
                 *       "files": [
                 *         "staging/teams/3/injects/1/8e1d4c7a2b9f0e36/firewall-memo.pdf"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The inject it answers (one the team sees, not closed). */
                    inject_id: number;
                    text: string;
                    /**
                     * @description Files uploaded for it first (at most 5, 52428800 bytes together): their upload forms' keys, or a file an earlier version keeps (its key). Each upload must be in the bucket, within the size and of an allowed type; the version keeps a copy of its own, which a form posted again never reaches.
                     * @default []
                     */
                    files?: string[];
                };
            };
        };
        responses: {
            /** @description The version as kept, its files copied to keys of their own. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.inject_closed.file_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large.files_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.team-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.inject_busy.database_unavailable"];
        };
    };
    CreateUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "for": "inject",
                 *       "inject_id": 1,
                 *       "file_name": "firewall-memo.pdf",
                 *       "content_type": "application/pdf"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A file of an answer to an inject (then name it in the submission).
                     * @constant
                     */
                    for: "inject";
                    /** @description The inject the file answers (one the team may still send for). */
                    inject_id: number;
                    /** @description Its name (made safe: letters, digits, . _ -; at most 100 characters). */
                    file_name: string;
                    /**
                     * @description Its type, declared: the form allows only that one.
                     * @enum {string}
                     */
                    content_type: "application/pdf" | "text/plain" | "text/markdown" | "text/csv" | "application/json" | "image/png" | "image/jpeg" | "application/zip" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
                } | {
                    /**
                     * @description Evidence for an incident report (then name it in the report's files).
                     * @constant
                     */
                    for: "incident";
                    /** @description Its name (made safe: letters, digits, . _ -; at most 100 characters). */
                    file_name: string;
                    /**
                     * @description Its type, declared: the form allows only that one.
                     * @enum {string}
                     */
                    content_type: "application/pdf" | "text/plain" | "text/markdown" | "text/csv" | "application/json" | "image/png" | "image/jpeg" | "application/zip" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
                };
            };
        };
        responses: {
            /** @description The form, good for 10 minutes, or until the inject closes if that is sooner. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadForm"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.inject_closed.incident_reports_off"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `uploads_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "uploads_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "uploads_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetTeamFile: {
        parameters: {
            query: {
                /** @description The file's key, as a submission lists it. */
                key: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A link, good for 5 minutes, that downloads the file as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileLink"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamGrades: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By inject, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamGrade"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamIncidents: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentReport"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    FileIncident: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "observed_at": "2026-11-22T10:15:00Z",
                 *       "hosts": [
                 *         "www.team13.ccdc.example"
                 *       ],
                 *       "description": "A web shell in `/var/www/uploads`. Removed; the upload form now refuses PHP."
                 *     }
                 */
                "application/json": {
                    observed_at: string;
                    /** @description The team's hosts it touched, as the team names them (a name or an address). */
                    hosts: string[];
                    description: string;
                    /**
                     * @description Evidence uploaded first (at most 5, 52428800 bytes together; upload forms "for": "incident"): their keys. The report keeps a copy of each.
                     * @default []
                     */
                    files?: string[];
                    /** @description The red team finding it answers: one approved against the team that it is shown (GET /team/{id}/findings). */
                    finding_id?: number;
                };
            };
        };
        responses: {
            /** @description The report as kept, its evidence copied to keys of its own. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentReport"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.incident_reports_off.file_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large.files_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `incidents_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "incidents_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "incidents_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.incident_busy.database_unavailable"];
        };
    };
    ListTeamFindings: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether they are shown now, and the findings by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamFindings"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamAnnouncements: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamServices: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's services, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamServices"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamScans: {
        parameters: {
            query: {
                service_id: string;
                limit?: string;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page, newest first by check time. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamScansPage"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed.invalid_cursor"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamPasswordChanges: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its requests with their states. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChange"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RequestPasswordChanges: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    changes?: {
                        /** @description The service: its id, or its subtype’s name (`SSH`), one of the team’s own. */
                        service: number | string;
                        username: string;
                        /** @description The new password (never shown again, nor stored in the clear). */
                        password: string;
                    }[];
                    /** @description A pasted list instead: `service,username,password` per line, RFC 4180 quoting (a header line is skipped). */
                    list?: string;
                };
            };
        };
        responses: {
            /** @description The request as stored: `applied` at once, or `pending` (after a delay, or until an organiser approves it, as the settings say). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChange"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.account_gone.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.team-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.accounts_busy.database_unavailable"];
        };
    };
    ListTeamChecks: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its latest 20 jobs, queued, running, done or lost. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckJob"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RequestTeamCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The service to check: one of the team's own. */
                    service_id: number;
                };
            };
        };
        responses: {
            /** @description Queued: the agent runs it within seconds. `Location` is the team's list of checks, where it shows how it went. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckJob"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `check_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "check_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "check_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamAccounts: {
        parameters: {
            query?: {
                team_id?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamAccount"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateTeamAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "team_id": 3,
                 *       "name": "alice"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `team` (the default): a blue team member, of the team `team_id` names; `red-team`: a red team member, of no team.
                     * @default team
                     * @enum {string}
                     */
                    role?: "team" | "red-team";
                    /** @description The team (its id) whose member this is; absent for a red team member. */
                    team_id?: number;
                    /** @description 1–64 letters, digits, `.`, `_` or `-`; compared in lower case. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The account and its password (shown this once). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedTeamAccount"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.unknown_team"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.name_taken"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    DeleteTeamAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListTeamSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its open sessions, oldest first (then by account). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenSession"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    EndTeamSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many sessions were ended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndedSessions"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListPasswordChanges: {
        parameters: {
            query?: {
                /** @description Only requests in this state. */
                state?: "pending" | "applied" | "rejected" | "failed";
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requests (`?state=pending`: those waiting for a decision). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChange"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ApprovePasswordChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request, applied. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChange"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.already_decided.superseded.account_gone"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.accounts_busy.database_unavailable"];
        };
    };
    RejectPasswordChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why: the team reads it in its history. */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The request, rejected (its sealed passwords dropped). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChange"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.already_decided"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListCheckJobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued jobs (at most 100). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckJob"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UpdateCheckJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    state: "running";
                } | {
                    /** @constant */
                    state: "done";
                    passed: boolean;
                    /** @description Why it failed, in full (secrets redacted); null when it passed. */
                    reason: string | null;
                    category: ("timeout" | "connection refused" | "connection reset" | "unreachable" | "dns" | "tls" | "login failed" | "content mismatch" | "protocol error" | "agent error" | "share not found" | "file not found" | "no NLA" | "command failed") | null;
                    checked_at: string;
                };
            };
        };
        responses: {
            /** @description The job as it now is (its service is the one to check). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckJob"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.check_job_state"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListPools: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each pool. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pool"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetPool: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pool. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pool"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReplacePool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where its agents run, for the organisers (for instance "range A, rack 2"); empty: none. */
                    description?: "" | string;
                    /**
                     * @description The subtypes (by id) whose services its agents check.
                     * @default []
                     */
                    subtypes?: number[];
                    /**
                     * @description The teams (by id) whose services its agents check.
                     * @default []
                     */
                    teams?: number[];
                    /**
                     * @description The services (by id) its agents check.
                     * @default []
                     */
                    services?: number[];
                };
            };
        };
        responses: {
            /** @description The pool as it now is. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pool"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.pool_conflict.pool_splits_mail.pool_unknown_ids.too_many_pools.no_competition.command_in_cloud"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    DeletePool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.pool_in_use.pool_builtin"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ClaimSlice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    round: string;
                    /** @description The agent's name in its pool (by default its host and process id). */
                    agent: string;
                    /** @description How long the slice is its own: another agent may take it after, if it is not done. */
                    lease_seconds: number;
                    /** @description The slice it just checked to the end (its previous claim). */
                    done?: number;
                    /** @description The slice it holds and is still checking: its lease is extended to `lease_seconds` from now and no other slice is taken (409 `lease_lost` when the slice is another agent's now, or done). */
                    renew?: number;
                };
            };
        };
        responses: {
            /** @description The slice to check, or when to ask again. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Claim"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.round_not_begun.lease_lost"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    SendHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The agent's name in its pool (by default its host and process id). */
                    agent: string;
                    /** @description The agent's version. */
                    version: string;
                    /** @description Where it runs. */
                    host: string;
                    /** @description The round it last ran, or null before its first. */
                    round: string | null;
                    round_started_at: string | null;
                    round_finished_at: string | null;
                    /** @description The checks it ran in that round. */
                    checks: number;
                    /** @description Of those, the ones the teams failed. */
                    failed_team: number;
                    /** @description Of those, the ones it could not run (agent errors): not the teams’ failures. */
                    failed_agent: number;
                };
            };
        };
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    MintMailTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A pool's name: a lower-case letter, then up to 31 lower-case letters, digits and hyphens. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Each ends in the id of the service it checks (`r20261123T172600Z-60s-svc12`, `check7-svc12`): an agent's, its own pool's services only. */
                    scan_ids: string[];
                };
            };
        };
        responses: {
            /** @description Each scan id's token. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailTokens"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.service-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListInjects: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every inject, by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inject"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateInject: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Firewall policy memo",
                 *       "text": "# The memo\n\nOne page for the CEO: every rule of the border firewall, and why.",
                 *       "super_type_id": 2,
                 *       "open_at": "2026-11-22T10:00:00Z",
                 *       "due_at": "2026-11-22T12:00:00Z",
                 *       "close_at": "2026-11-22T14:00:00Z",
                 *       "late_penalty_percent_per_hour": 25,
                 *       "points": 50,
                 *       "rubric": [
                 *         {
                 *           "name": "Covers every rule",
                 *           "points": 30
                 *         },
                 *         {
                 *           "name": "Readable by the CEO",
                 *           "points": 20
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Its title, as teams see it. */
                    title: string;
                    text: string;
                    /** @description The super type its grades count in (a scorecard column, such as Injects). */
                    super_type_id: number;
                    open_at: string;
                    due_at: string;
                    close_at?: string;
                    /**
                     * @description Of a late submission's grade, the share lost for each hour or part of one after due_at (0: none), never below 0.
                     * @default 0
                     */
                    late_penalty_percent_per_hour?: number;
                    /** @description What a full grade earns. */
                    points: number;
                    /**
                     * @description What it is graded by: items whose points add up to the inject's (none: graded as a whole).
                     * @default []
                     */
                    rubric?: {
                        /** @description What is looked for. */
                        name: string;
                        /** @description What it is worth. */
                        points: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The inject, a draft, and its ETag. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inject"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.inject_busy.database_unavailable"];
        };
    };
    GetInject: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inject and its version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inject"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    UpdateInject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins. */
                "If-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "published"
                 *     }
                 */
                "application/json": {
                    /** @description Its title, as teams see it. */
                    title?: string;
                    text?: string;
                    /** @description The super type its grades count in (a scorecard column, such as Injects). */
                    super_type_id?: number;
                    open_at?: string;
                    due_at?: string;
                    close_at?: string;
                    /** @description Of a late submission's grade, the share lost for each hour or part of one after due_at (0: none), never below 0. */
                    late_penalty_percent_per_hour?: number;
                    /** @description What a full grade earns. */
                    points?: number;
                    /** @description What it is graded by: items whose points add up to the inject's (none: graded as a whole). */
                    rubric?: {
                        /** @description What is looked for. */
                        name: string;
                        /** @description What it is worth. */
                        points: number;
                    }[];
                    /** @description Its attachments, all of them (the list replaces the one before): keys of uploads for this inject (POST /injects/{id}/uploads), each kept as a copy of its own, or the keys of the attachments it has. Teams download them once it is open. */
                    attachments?: string[];
                    /**
                     * @description published: teams see it from open_at; retired: nobody but organisers (its grades stay).
                     * @enum {string}
                     */
                    state?: "draft" | "published" | "retired";
                };
            };
        };
        responses: {
            /** @description The inject as it now is, and its new ETag. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inject"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.inject_state.file_changed"];
            412: components["responses"]["PreconditionFailed.precondition_failed"];
            413: components["responses"]["PayloadTooLarge.payload_too_large.files_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.inject_busy.database_unavailable"];
        };
    };
    CreateInjectUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "file_name": "network-diagram.png",
                 *       "content_type": "image/png"
                 *     }
                 */
                "application/json": {
                    /** @description Its name (made safe: letters, digits, . _ -; at most 100 characters). */
                    file_name: string;
                    /**
                     * @description Its type, declared: the form allows only that one.
                     * @enum {string}
                     */
                    content_type: "application/pdf" | "text/plain" | "text/markdown" | "text/csv" | "application/json" | "image/png" | "image/jpeg" | "application/zip" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
                };
            };
        };
        responses: {
            /** @description The form, good for 10 minutes. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadForm"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetInjectFile: {
        parameters: {
            query: {
                /** @description The file's key, as a submission lists it. */
                key: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A link, good for 5 minutes, that downloads the file as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileLink"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListInjectGrades: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Team by team, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Grade"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GradeSubmission: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "team_id": 3,
                 *       "submission_version": 1,
                 *       "scores": [
                 *         {
                 *           "name": "Covers every rule",
                 *           "points": 25,
                 *           "comment": "Rule 4 is missing."
                 *         },
                 *         {
                 *           "name": "Readable by the CEO",
                 *           "points": 20
                 *         }
                 *       ],
                 *       "comment": "Clear.",
                 *       "replaces": null
                 *     }
                 */
                "application/json": {
                    /** @description The team's id. */
                    team_id: number;
                    /** @description The version of its submission graded. */
                    submission_version: number;
                    /** @description With a rubric: a score for each of its items. */
                    scores?: {
                        /** @description The rubric item. */
                        name: string;
                        /** @description Its score: at most the points the item is worth. */
                        points: number;
                        comment?: string;
                    }[];
                    /** @description Without a rubric: the points given, at most the inject's. */
                    points?: number;
                    comment?: string;
                    /** @description The grade this one follows, as last read (null: the team's first for this inject); another grader's since is 409 `grade_changed`. */
                    replaces: number | null;
                    /** @description Grade although the results are final (as `load --override-final` replaces them): the audit entry says so. Without it, 409 `competition_final`. */
                    override_final?: boolean;
                };
            };
        };
        responses: {
            /** @description The grade as kept, and what it changed on the board. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Grade"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.grade_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RequestRevision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "team_id": 3,
                 *       "submission_version": 1,
                 *       "comment": "Cite the rules by number.",
                 *       "until": "2026-11-22T16:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** @description The team's id. */
                    team_id: number;
                    /** @description The version to revise: the team's latest. */
                    submission_version: number;
                    comment: string;
                    until?: string;
                };
            };
        };
        responses: {
            /** @description The version, with the request on it. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Submission"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.submission_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ExportSubmissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, queued; poll its Location until it is done (with a link) or failed. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJob"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.export_too_large"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job as it is now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportJob"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListSubmissions: {
        parameters: {
            query: {
                inject_id: string;
                /** @description The grading queue: each team's latest version, when no grade is of it (never graded, or sent again since). */
                state?: "ungraded";
                limit?: string;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page, team by team (by id), newest version first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page (a full page may end the list, and the next then holds none). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionsPage"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed.invalid_cursor"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListIncidents: {
        parameters: {
            query?: {
                /** @description The grading queue: the reports no grade is of yet. */
                state?: "ungraded";
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentReport"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListIncidentGrades: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentGrade"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GradeIncident: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "points": 40,
                 *       "comment": "Found and fixed.",
                 *       "replaces": null
                 *     }
                 */
                "application/json": {
                    /** @description The points given, at most the settings' incident_report_max_points. */
                    points: number;
                    comment?: string;
                    /** @description The grade this one follows, as last read (null: the report's first); another grader's since is 409 `grade_changed`. */
                    replaces: number | null;
                    /** @description Grade although the results are final: the audit entry says so. Without it, 409 `competition_final`. */
                    override_final?: boolean;
                };
            };
        };
        responses: {
            /** @description The grade as kept, and what it changed on the board. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncidentGrade"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.grade_changed.incident_reports_off.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListFindingKinds: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The table. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingKinds"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReplaceFindingKinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every kind of finding the red team may file, each with its id (`user-access`), name and points. A finding keeps the name and points of its kind when it was filed. */
                    kinds: {
                        id: string;
                        name: string;
                        points: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description The table as kept. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingKinds"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.finding_kinds_busy.database_unavailable"];
        };
    };
    CreateFindingUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Its name (made safe: letters, digits, . _ -; at most 100 characters). */
                    file_name: string;
                    /**
                     * @description Its type, declared: the form allows only that one.
                     * @enum {string}
                     */
                    content_type: "application/pdf" | "text/plain" | "text/markdown" | "text/csv" | "application/json" | "image/png" | "image/jpeg" | "application/zip" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "application/vnd.openxmlformats-officedocument.presentationml.presentation";
                };
            };
        };
        responses: {
            /** @description The form, good for 10 minutes. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadForm"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.findings_off"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `uploads_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "uploads_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "uploads_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListFindings: {
        parameters: {
            query?: {
                /** @description Only findings in this state (`submitted`: the review queue). */
                state?: "submitted" | "approved" | "rejected" | "more_evidence";
                team_id?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    FileFinding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team whose service it was done against (its id). */
                    team_id: number;
                    /** @description The service, one of that team’s (its id, as GET /services lists it). */
                    service_id: number;
                    /** @description A beacon of the red team’s on that team (GET /red-team/beacons) this finding tells the story of. */
                    beacon_id?: number;
                    /** @description A kind of the organisers’ table (GET /finding-kinds), by id. */
                    kind: string;
                    done_at: string;
                    description: string;
                    /** @description Evidence uploaded first (at most 5, 52428800 bytes together; POST /red-team/uploads): their keys. The finding keeps a copy of each. */
                    files?: string[];
                };
            };
        };
        responses: {
            /** @description The finding as kept, its evidence copied to keys of its own. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.findings_off.file_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large.files_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `findings_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "findings_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "findings_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.finding_busy.database_unavailable"];
        };
    };
    AddFindingEvidence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                    /** @description Evidence uploaded first (at most 5, 52428800 bytes together; POST /red-team/uploads): their keys. The finding keeps a copy of each. */
                    files?: string[];
                };
            };
        };
        responses: {
            /** @description The finding with its new evidence. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.finding_decided.file_changed.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large.files_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.team-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetFindingFile: {
        parameters: {
            query: {
                /** @description The file's key, as a finding lists it (or as its upload form gave it). */
                key: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A link, good for 5 minutes, that downloads the file as an attachment. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileLink"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListFindingRulings: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingRuling"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ReviewFinding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `approve` (its points come off the team), `reject`, or `more_evidence` (the red team adds some, and it comes back).
                     * @enum {string}
                     */
                    decision: "approve" | "reject" | "more_evidence";
                    /** @description An approval's points, when not the kind's: a reason is then required. Only an approval gives points. */
                    points?: number;
                    reason?: string;
                    /** @description The ruling this one follows, as last read (the finding's `review.n`; null: the first); another organiser's since is 409 `finding_changed`. */
                    replaces: number | null;
                    /** @description Review although the results are final: the audit entry says so. Without it, 409 `competition_final`. */
                    override_final?: boolean;
                };
            };
        };
        responses: {
            /** @description The ruling as kept, and what it changed on the board. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingRuling"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final.finding_changed.findings_off.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.finding_busy.database_unavailable"];
        };
    };
    ListBeacons: {
        parameters: {
            query?: {
                team_id?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Beacon"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    OpenBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The team whose host it lives on (its id): a team with networks. */
                    team_id: number;
                    /** @description The host, as one of the team’s services names it (its `url`: a host name or an address), in any case. */
                    host: string;
                    /** @description What the red team wants to remember about it (never shown to the team). */
                    note?: string;
                };
            };
        };
        responses: {
            /** @description The beacon, its token and where its implant checks in. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BeaconCreated"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.beacons_off.team_without_networks.beacon_open"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `beacons_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `team-write` (20 requests a second steady, bursts of 100: blue team members signing in and sending requests), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "beacons_limited",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "beacons_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.beacon_busy.database_unavailable"];
        };
    };
    ListBeaconDeductions: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By round. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BeaconDeduction"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CloseBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The beacon, closed (as it was, when it was closed already). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Beacon"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    VoidBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description True (the default): the preview, nothing changed. False: void them.
                     * @default true
                     */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description The preview, or the void done. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BeaconVoid"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.competition_final"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.beacon_busy.database_unavailable"];
        };
    };
    CheckInBeacon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counted: the round, and what it took. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BeaconCheckIn"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden.beacon_refused.beacon_outside_networks"];
            404: components["responses"]["NotFound.not_found"];
            410: components["responses"]["Gone.beacon_closed"];
            /** @description Too many attempts: wait Retry-After seconds before the next. Codes: `check_in_too_soon`, `check_in_refusals_limited`. Or: Too many requests: API Gateway answers by itself, beyond this route's throttle class, `beacon-check-in` (100 requests a second steady, bursts of 200: red team implants checking in (each counts once in 10 s): never the scan reports' share), with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "What went wrong, for a person.",
                     *       "code": "check_in_too_soon",
                     *       "request_id": "c0ffee00-0000-4000-8000-000000000000"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {unknown} */
                        code?: "check_in_too_soon" | "check_in_refusals_limited";
                    };
                    /**
                     * @example {
                     *       "message": "Too Many Requests"
                     *     }
                     */
                    "application/json": {
                        message: string;
                    };
                };
            };
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.beacon_busy.database_unavailable"];
        };
    };
    ListTeamBeacons: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether they are shown now, and the beacons by id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamBeacons"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListAnnouncements: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    PostAnnouncement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Inject 2 comes at noon.",
                 *       "team_id": null
                 *     }
                 */
                "application/json": {
                    text: string;
                    /** @description The team it is for; null or left out: every team. */
                    team_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The announcement as kept. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Announcement"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed.invalid_idempotency_key"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.idempotency_key_in_flight"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            422: components["responses"]["UnprocessableEntity.idempotency_key_reused"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.announcement_busy.database_unavailable"];
        };
    };
    ListTokens: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each token with its role, name, expiry and revocation. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"][];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    CreateToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `admin`: organisers; `service`: scoring agents of every pool, which may also change the settings and DNS records; `agent`: one pool's scoring agent (give `pool`).
                     * @enum {string}
                     */
                    role: "admin" | "service" | "agent";
                    /** @description The pool an `agent` token works for (it must exist); no other role takes one. */
                    pool?: string;
                    /** @description Whose it is, as the audit trail will name it. */
                    name: string;
                    expires_at: string;
                };
            };
        };
        responses: {
            /** @description The token, with its secret (shown this once). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedToken"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    RevokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A token's public id: 8 lower-case hex digits. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetOverview: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overview (ETag: poll with If-None-Match). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Overview"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    FinaliseCompetition: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lock now, though results may still arrive (before end_time plus late_result_grace_seconds). */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Final (now, or already before). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finalised"];
                };
            };
            400: components["responses"]["BadRequest.malformed_json.body_required.invalid_utf8.unsupported_charset.duplicate_key.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            409: components["responses"]["Conflict.not_ended"];
            413: components["responses"]["PayloadTooLarge.payload_too_large"];
            415: components["responses"]["UnsupportedMediaType.unsupported_media_type"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetDebrief: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Everything so far, whatever the release and the freeze. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Debrief"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetTeamDebrief: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debrief; while a freeze stands in a practice event (`now`), as of the freeze. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Debrief"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden.debrief_not_released"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.team-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetDebriefSummary: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description By rank, as the scoreboard ranks (the main division first when segregated); hidden teams listed, ranked with nobody. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebriefSummary"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetDebriefSummaryCsv: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 4180, a header row first; text a spreadsheet would run as a formula starts with an apostrophe. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ExportDebriefs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, queued; poll its Location until it is done (with a link) or failed. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebriefExport"];
                };
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.admin-write"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetDebriefExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A positive integer id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job as it is now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DebriefExport"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    ListAuditEntries: {
        parameters: {
            query?: {
                limit?: string;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
                /** @description Only changes of this target and its parts: `teams/3` also matches `teams/3/adjustments/7`. */
                target?: string;
                /** @description Only this action, or every action of a kind when it ends in `.` (`team.` for `team.create`, `team.update`…). */
                action?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page, newest first; `cursor` (also in `Link: rel="next"`) resumes, null on the last page. A filtered page may hold fewer entries than `limit`, even none, and still have a next one. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed.invalid_cursor"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.protected-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetOpenApi: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 description of the token API. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetOpenApiIam: {
        parameters: {
            query?: {
                /** @description The version of the view's topic a nudge named (`/push.json` says how to listen): the answer is at least that version. Without it, a cached answer may be up to the view's max-age old. */
                v?: string;
            };
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 description of the IAM (SigV4) API. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest.validation_failed"];
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
    GetDocs: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag read before: 304 if it is still current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page (Redoc) built from this description. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description If-None-Match named the current ETag: nothing changed since the caller read it. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized.unauthorized"];
            403: components["responses"]["Forbidden.forbidden"];
            404: components["responses"]["NotFound.not_found"];
            429: components["responses"]["TooManyRequests.public-read"];
            500: components["responses"]["InternalServerError.internal_error"];
            503: components["responses"]["ServiceUnavailable.database_unavailable"];
        };
    };
}
