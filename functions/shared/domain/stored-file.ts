/**
 * A file as a submission, a report or a finding keeps it: its schema (a
 * component of the API's description), and its kept copy as stored. Apart
 * from domain/files.ts, whose limits the pages import: a page bundles no
 * schema.
 */
import * as v from 'valibot';
import { Count, inSchemaOrder, named } from '#shared/domain/shapes';

/** A file as a submission, report or finding keeps it (and as its answer shows it: a component of the API's description). */
export const StoredFileSchema = named(
  'StoredFile',
  'A file sent with a submission, as the bucket held it then. Download it with GET /team/{id}/files?key=…',
  v.strictObject({
    key: v.string(),
    name: v.pipe(v.string(), v.description('Its name as uploaded, made safe.')),
    size: v.pipe(Count, v.description('Bytes.')),
    content_type: v.string(),
  }),
);
export type StoredFile = v.InferOutput<typeof StoredFileSchema>;

/**
 * A kept file as stored (never shown): the upload it was copied from, and
 * that upload's ETag then. A later version naming the same upload, not
 * posted again since, keeps the same copy: one upload is one file, however
 * many versions name it.
 */
export interface KeptFile extends StoredFile {
  uploaded_as: string;
  etag: string;
}

/** A stored file with its fields in one order (a stored item's come back in any, and an ETag is of the text). */
export const fileInOrder = (file: StoredFile): StoredFile => inSchemaOrder(StoredFileSchema, file);
