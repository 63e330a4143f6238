import { injectsRoutes } from '#shared/api/routes/injects';
import { exportJob } from '#shared/app/exports';
import { endpoint } from '#shared/http/endpoint';
import { ok } from '#shared/http/responses';

export const handler = endpoint(injectsRoutes.GetExport, {}, async ({ id }) => ok(await exportJob(id)));
