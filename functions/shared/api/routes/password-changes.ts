import { PasswordChangesQuery, RejectPasswordChangeBody } from '#shared/api/schemas/requests/team';
import { PasswordChangeSchema } from '#shared/api/schemas/responses/team';
import { route, json, list } from '#shared/api/route';

/** Blue teams' password change requests, as organisers see and decide them. */
export const passwordChangesRoutes = {
  ListPasswordChanges: route('ListPasswordChanges', 'GET', '/password-changes', 'password-changes/list-password-changes', 'admin', 'read', {
    summary: "Every team's password change requests, newest first (the latest 500), never a password",
    query: PasswordChangesQuery,
    responses: { 200: list('The requests (`?state=pending`: those waiting for a decision).', PasswordChangeSchema) },
  }),
  ApprovePasswordChange: route(
    'ApprovePasswordChange',
    'POST',
    '/password-changes/{id}/approve',
    'password-changes/approve-password-change',
    'admin',
    'read-write',
    {
      summary: 'Approve a waiting request: its passwords apply now',
      responses: { 200: json('The request, applied.', PasswordChangeSchema) },
      problems: { 409: ['already_decided', 'superseded', 'account_gone'], 503: ['accounts_busy'] },
    },
  ),
  RejectPasswordChange: route(
    'RejectPasswordChange',
    'POST',
    '/password-changes/{id}/reject',
    'password-changes/reject-password-change',
    'admin',
    'read-write',
    {
      summary: 'Reject a waiting request, saying why',
      body: RejectPasswordChangeBody,
      responses: { 200: json('The request, rejected (its sealed passwords dropped).', PasswordChangeSchema) },
      problems: { 409: ['already_decided'] },
    },
  ),
} as const;
