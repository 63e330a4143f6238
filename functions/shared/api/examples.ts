/**
 * Examples for the OpenAPI description, drawn from the sample competition
 * (competitions/sample.yaml as `npm start` loads it: team 11 gets id 1).
 * test/unit/openapi.test.ts checks that they match their schemas and the file.
 */
const team = {
  id: 1,
  number: 11,
  name: 'Packet Wranglers',
  logo: '',
  team_url: 'team11.ccdc.example',
  guest_division: false,
};

const service = {
  id: 1,
  subtype: 'HTTP',
  subtype_id: 1,
  team,
  url: 'www.team11.ccdc.example',
  port: 80,
  last_scan: 10,
  last_scan_time: '2026-11-22T10:15:00Z',
  last_scan_error: null,
  in_progress: false,
  max_score: 10,
};

const scan = { scan_id: 'round12-http', score: 10, error: null, time: '2026-11-22T10:15:00Z', received_at: '2026-11-22T10:15:01Z', points: 10 };

const scores = [
  { super_type_id: 1, super_type: 'Services', score: 10, max_score: 33 },
  { super_type_id: 2, super_type: 'Injects', score: 50, max_score: 0 },
  { super_type_id: 3, super_type: 'Red Team', score: 0, max_score: 0 },
];

const inject = {
  title: 'Firewall policy memo',
  text: '# The memo\n\nOne page for the CEO: every rule of the border firewall, and why.',
  super_type_id: 2,
  open_at: '2026-11-22T10:00:00Z',
  due_at: '2026-11-22T12:00:00Z',
  close_at: '2026-11-22T14:00:00Z',
  late_penalty_percent_per_hour: 25,
  points: 50,
  rubric: [
    { name: 'Covers every rule', points: 30 },
    { name: 'Readable by the CEO', points: 20 },
  ],
};

const storedFile = { key: 'teams/3/injects/1/5f2c9d1e8a7b3c4d/firewall-memo.pdf', name: 'firewall-memo.pdf', size: 48213, content_type: 'application/pdf' };
/** The upload a submission names: the form's key, under the staging prefix (the submission keeps a copy of its own, storedFile). */
const stagedKey = 'staging/teams/3/injects/1/8e1d4c7a2b9f0e36/firewall-memo.pdf';

const submission = {
  inject_id: 1,
  team_id: 3,
  version: 1,
  text: '# Our memo\n\nRules 1 to 4, one line each.',
  files: [storedFile],
  submitted_at: '2026-11-22T11:40:00Z',
  submitted_by: 'alice',
  late_share: 1,
  revision_request: null,
};

const grade = {
  inject_id: 1,
  team_id: 3,
  n: 1,
  submission_version: 1,
  scores: [
    { name: 'Covers every rule', points: 25, comment: 'Rule 4 is missing.' },
    { name: 'Readable by the CEO', points: 20, comment: '' },
  ],
  comment: 'Clear.',
  points: 45,
  late_share: 1,
  awarded: 45,
  award: 45,
  super_type_id: 2,
  graded_by: 'carol (organiser)',
  graded_at: '2026-11-22T12:30:00Z',
};

const incident = {
  id: 1,
  team_id: 3,
  observed_at: '2026-11-22T10:15:00Z',
  hosts: ['www.team13.ccdc.example'],
  description: 'A web shell in `/var/www/uploads`. Removed; the upload form now refuses PHP.',
  submitted_by: 'alice',
  submitted_at: '2026-11-22T10:40:00Z',
  finding_id: null,
};

/** What answers a freeze changes say outside one. */
const notFrozen = { frozen: false, frozen_since: null };

/** One per component schema (by component name). */
export const EXAMPLES = {
  Team: team,
  Service: service,
  ScanResult: scan,
  ServiceDetail: { ...service, ...notFrozen, points_earned: 10, sla: { run: 0, violations: 0, penalty: 0 }, recent_scans: [scan] },
  ScanStarted: { scan_id: 'round13-http', status: 'started' },
  ServiceStatusView: {
    as_of: '2026-11-22T10:15:05Z',
    full: true,
    subtypes: { '1': 'HTTP', '2': 'SSH', '3': 'DNS', '4': 'SMTP' },
    teams: {
      '1': [
        [1, 'up', 905],
        [2, 'down', 65, 'connection refused'],
        [3, 'up', 905],
        [4, 'unscanned'],
      ],
    },
  },
  BatchAnswer: { status: 201, body: scan },
  Scoreboard: {
    segregate: false,
    scoreboard: [{ rank: 1, division: 'main', team, total_score: 60, scores, services_up: 1, services_total: 4 }],
    ...notFrozen,
  },
  Scorecard: {
    total_score: 60,
    stats: {
      rank: 1,
      checks_total: 1,
      checks_passed: 1,
      checks_failed: 0,
      uptime: 1,
      services_total: 4,
      services_up: 1,
      services_down: 0,
      services_unscanned: 3,
      adjustments_total: 50,
      last_scan_time: '2026-11-22T10:15:00Z',
      sla_violations: 0,
    },
    scores: scores.map((s) => ({ ...s, sla_penalty: 0 })),
    ...notFrozen,
  },
  Adjustment: {
    id: 1,
    team: 1,
    super_type_id: 2,
    points: 50,
    reason: 'Inject 3: firewall change request',
    created_by: 'alice (organiser)',
    created_at: '2026-11-22T11:00:00Z',
  },
  DnsRecord: { id: 1, name: 'www', type: 'A', value: '10', team: 1 },
  Inject: {
    id: 1,
    ...inject,
    attachments: [{ key: 'injects/1/0a1b2c3d4e5f6a7b/firewall-rules.csv', name: 'firewall-rules.csv', size: 2210, content_type: 'text/csv' }],
    state: 'published',
    version: 2,
    created_by: 'carol (organiser)',
    created_at: '2026-11-22T09:00:00Z',
  },
  Submission: submission,
  StoredFile: storedFile,
  UploadForm: {
    key: stagedKey,
    url: 'https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com',
    fields: {
      key: stagedKey,
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment',
      success_action_status: '201',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': 'ASIAEXAMPLEKEY/20261122/eu-west-1/s3/aws4_request',
      'x-amz-date': '20261122T113000Z',
      'x-amz-security-token': 'IQoJb3JpZ2luX2VjE…',
      policy: 'eyJleHBpcmF0aW9uIjoi…',
      'x-amz-signature': '3c5d0b5f1a2e…',
    },
    max_bytes: 20971520,
    expires_at: '2026-11-22T11:40:00Z',
  },
  FileLink: {
    url: `https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/${storedFile.key}?response-content-disposition=attachment…&X-Amz-Signature=…`,
    name: storedFile.name,
    expires_at: '2026-11-22T12:35:00Z',
  },
  ExportJob: {
    id: 4,
    inject_id: 1,
    state: 'done',
    requested_by: 'alice (organiser)',
    requested_at: '2026-11-22T13:00:00Z',
    started_at: '2026-11-22T13:00:01Z',
    finished_at: '2026-11-22T13:00:09Z',
    submissions: 14,
    files: 9,
    key: 'exports/injects/1/2026-11-22T130001Z-9f3a1c2e.zip',
    bytes: 1048576,
    url: 'https://scoring-prod-files-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/exports/injects/1/2026-11-22T130001Z-9f3a1c2e.zip?X-Amz-Signature=…',
    expires_at: '2026-11-22T14:00:10Z',
    error: null,
  },
  Grade: grade,
  IncidentReport: { ...incident, files: [], grade: { n: 1, points: 40, comment: 'Found and fixed.', graded_at: '2026-11-22T11:00:00Z' } },
  IncidentGrade: {
    incident_id: 1,
    team_id: 3,
    n: 1,
    points: 40,
    comment: 'Found and fixed.',
    award: 40,
    max_award: 50,
    super_type_id: 3,
    graded_by: 'carol (organiser)',
    graded_at: '2026-11-22T11:00:00Z',
  },
  FindingKinds: {
    kinds: [
      { id: 'user-access', name: 'User access', points: 25 },
      { id: 'admin-access', name: 'Administrator or root access', points: 50 },
    ],
  },
  FindingRuling: {
    finding_id: 1,
    team_id: 3,
    n: 1,
    decision: 'approve',
    points: 25,
    reason: '',
    counted: true,
    repeat_of: null,
    reviewed_at: '2026-11-22T11:05:00Z',
    deducted: 25,
    award: -25,
    super_type_id: 3,
    reviewed_by: 'carol (organiser)',
  },
  TeamFindings: {
    visible: true,
    findings: [{ id: 1, service_id: 22, kind: 'user-access', kind_name: 'User access', done_at: '2026-11-22T10:00:00Z', points: 25, description: null }],
  },
  Announcement: { id: 1, text: 'Inject 2 comes at noon.', team_id: null, posted_by: 'carol (organiser)', posted_at: '2026-11-22T11:30:00Z' },
  Settings: {
    id: 1,
    competition_name: 'Regional CCDC Practice Round',
    guest_division_enabled: false,
    scoring_enabled: true,
    start_time: null,
    end_time: null,
    dns_ttl: 300,
    dns_nameservers: ['ns1.ccdc.example', 'ns2.ccdc.example'],
    dns_hostmaster: 'hostmaster@ccdc.example',
    dns_address_template: '127.0.{team_number}',
    late_result_grace_seconds: 300,
    round_seconds: 30,
    sla_threshold: 0,
    sla_penalty: 0,
    scoreboard_freeze_time: null,
    teams_see_check_details: true,
    password_changes: 'immediate',
    password_change_delay_seconds: 300,
    password_changes_may_add_users: false,
    incident_reports_super_type_id: 3,
    incident_report_max_points: 50,
    red_team_findings_super_type_id: 3,
    red_team_repeat_window_minutes: 60,
    red_team_findings_shown: 'at_once',
    red_team_findings_described: false,
    debriefs_shown: 'after_finalise',
    beacon_points_per_round: 10,
    beacon_max_points_per_round: 30,
    beacon_expiry_rounds: 3,
    beacons_shown: 'at_once',
  },
} as const;

/** Request bodies by route name. */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  CreateAdjustment: { super_type_id: 2, points: 50, reason: 'Inject 3: firewall change request' },
  CreateDnsRecord: { name: 'www', type: 'A', value: '10', team: 1 },
  UpdateDnsRecord: { name: 'www', type: 'A', value: '20', team: 1 },
  ReplaceSettings: { ...EXAMPLES.Settings, dns_ttl: 600 },
  UpdateSettings: { scoring_enabled: false },
  SignIn: { name: 'alice', password: 'q7Rk2vXw9LmZp4TnB8sD' },
  CreateTeamAccount: { team_id: 3, name: 'alice' },
  ReportScan: { scan_id: 'round12-http', score: 10, error: null, time: '2026-11-22T10:15:00Z' },
  ReportScans: [
    { service_id: 1, scan_id: 'round13-http', status: 'started' },
    { service_id: 2, scan_id: 'round12-ssh', score: 10, error: null, time: '2026-11-22T10:15:00Z' },
  ],
  CreateInject: inject,
  UpdateInject: { state: 'published' },
  SubmitInject: { inject_id: 1, text: submission.text, files: [stagedKey] },
  CreateUpload: { for: 'inject', inject_id: 1, file_name: 'firewall-memo.pdf', content_type: 'application/pdf' },
  CreateInjectUpload: { file_name: 'network-diagram.png', content_type: 'image/png' },
  GradeSubmission: {
    team_id: 3,
    submission_version: 1,
    scores: [
      { name: 'Covers every rule', points: 25, comment: 'Rule 4 is missing.' },
      { name: 'Readable by the CEO', points: 20 },
    ],
    comment: 'Clear.',
    replaces: null,
  },
  RequestRevision: { team_id: 3, submission_version: 1, comment: 'Cite the rules by number.', until: '2026-11-22T16:00:00Z' },
  FileIncident: { observed_at: incident.observed_at, hosts: incident.hosts, description: incident.description },
  GradeIncident: { points: 40, comment: 'Found and fixed.', replaces: null },
  PostAnnouncement: { text: 'Inject 2 comes at noon.', team_id: null },
};
