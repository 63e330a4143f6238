import * as v from 'valibot';
import { AuditActorSchema, AuditEntrySchema } from '#shared/domain/audit';
import { VoidJobSchema } from '#shared/domain/voids';
import { named } from '#shared/domain/shapes';

/**
 * Answers of the audit trail and of void jobs (an entry's and a void's
 * schemas are the domain's, domain/audit.ts and domain/voids.ts).
 */

export { AuditActorSchema, AuditEntrySchema, VoidJobSchema };

export const AuditPageSchema = named(
  'AuditPage',
  'A page of the audit trail, newest first.',
  v.strictObject({
    items: v.array(AuditEntrySchema),
    cursor: v.pipe(v.nullable(v.string()), v.description('Opaque: pass it as `?cursor=` for the next page; null on the last page.')),
  }),
);
