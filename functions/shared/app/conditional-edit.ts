/**
 * The loop every edit of one record runs (live edits, injects): read,
 * If-Match, write conditioned on the version read.
 */
import { etagOf, ifMatchPasses } from '#shared/http/conditional';
import { notFound, preconditionFailed, serviceUnavailable } from '#shared/http/problem';

/** Tries when a write without If-Match finds that someone edited the record between its read and its write. */
export const ATTEMPTS = 3;

/**
 * The loop every live edit of one record runs: read it as it is now (404
 * when it is not there), hold it to If-Match (412 when stale), then write it
 * conditioned on the version read. A write that lost to another edit is 412
 * with If-Match; without, it is tried again on the record as it now is (the
 * latest edit wins), a few times before 503.
 */
export async function editConditionally<T extends { version: number }, R>(
  record: { kind: 'service' | 'team' | 'subtype' | 'super type' | 'inject'; id: number; readAt: string; busy: string },
  ifMatch: string | undefined,
  read: () => Promise<T | undefined>,
  write: (before: T) => Promise<R | undefined>,
): Promise<R> {
  const name = `${record.kind[0]!.toUpperCase()}${record.kind.slice(1)} ${record.id}`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = await read();
    // RFC 9110 §13.1.1: If-Match fails on a resource with no current representation (a racing delete's losers get 412).
    if (!before && ifMatch !== undefined) throw preconditionFailed(`${name} is not there (any more): read it again (GET ${record.readAt}).`);
    if (!before) throw notFound(`No ${record.kind} has id ${record.id}.`);
    if (!ifMatchPasses(ifMatch, etagOf(before))) {
      throw preconditionFailed(`${name} changed since that ETag: read it again (GET ${record.readAt}) and retry with the new one.`);
    }
    const written = await write(before);
    if (written !== undefined) return written;
    if (ifMatch !== undefined) throw preconditionFailed(`${name} changed meanwhile: read it again and retry with the new ETag.`);
  }
  throw serviceUnavailable(record.busy, `${name} kept changing; try again.`, 1);
}
