import * as q from '#shared/api/schemas/requests';
import * as r from '#shared/api/schemas/responses';
import { route, json, list } from '#shared/api/route';

/** Blue teams' password change requests, as organisers see and decide them. */
export const passwordChangesRoutes = {
  ListPasswordChanges: route('ListPasswordChanges', 'GET', '/password-changes', 'password-changes/list-password-changes', 'admin', 'read', {
    summary: "Every team's password change requests, newest first (the latest 500), never a password",
    query: q.PasswordChangesQuery,
    responses: { 200: list('The requests (`?state=pending`: those waiting for a decision).', r.PasswordChangeSchema) },
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
      responses: { 200: json('The request, applied.', r.PasswordChangeSchema) },
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
      body: q.RejectPasswordChangeBody,
      responses: { 200: json('The request, rejected (its sealed passwords dropped).', r.PasswordChangeSchema) },
      problems: { 409: ['already_decided'] },
    },
  ),
} as const;
