import type * as v from 'valibot';
import { API_PREFIX } from '#shared/api/routes';
import type { VoidBody } from '#shared/api/schemas/requests';
import { applyVoid, previewVoid, type VoidJob } from '#shared/data/voids';
import type { VoidAction } from '#shared/domain/voids';
import { auditContext } from '#shared/http/audit-context';
import type { ApiRequest } from '#shared/http/endpoint';
import { competitionFinal } from '#shared/http/final';
import { conflict, notFound, preconditionFailed } from '#shared/http/problem';

export const voidJobLocation = (id: number) => `${API_PREFIX}/scans/voids/${id}`;

/** POST /scans/void and /scans/unvoid: a preview (200), or its application started (202 + Location of the job). */
export async function voidRequest(
  action: VoidAction,
  request: ApiRequest<v.InferOutput<typeof VoidBody>, undefined>,
): Promise<{ status: 200; body: VoidJob } | { status: 202; body: VoidJob; headers: Record<string, string> }> {
  const { filter, dry_run, preview_id } = request.body;
  if (dry_run) return { status: 200, body: await previewVoid(action, filter) };
  const outcome = await applyVoid(preview_id!, action, filter, auditContext(request));
  switch (outcome.kind) {
    case 'started':
      return { status: 202, body: outcome.job, headers: { location: voidJobLocation(outcome.job.preview_id) } };
    case 'not-found':
      throw notFound(`No preview has id ${preview_id}.`);
    case 'mismatch':
      throw conflict('preview_mismatch', outcome.detail);
    case 'changed':
      throw preconditionFailed('Results of the set were voided or restored since the preview: nothing was changed; preview again.');
    case 'final':
      throw competitionFinal();
  }
}
