import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { badRequest } from '#shared/http/problem';

/**
 * Opaque page cursors: where the next page starts, signed with HMAC-SHA256 so
 * that a client can only hand back what this service gave it. The signature
 * also covers the collection the cursor belongs to (its scope, such as one
 * service's history), so a cursor of one service is refused on another.
 *
 * The key: `CURSOR_SIGNING_KEY` (in AWS the stack fills it from a generated
 * Secrets Manager secret). Without it, outside Lambda (the local server and the
 * tests), a random key per process: cursors then last until the server stops.
 * In Lambda a missing key is a deployment error, never a per-instance key
 * that would make cursors fail at random.
 */
let processKey: Buffer | undefined;

function signingKey(): Buffer {
  const configured = process.env.CURSOR_SIGNING_KEY;
  if (configured) return Buffer.from(configured, 'utf8');
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) throw new Error('CURSOR_SIGNING_KEY is not set: paged routes cannot sign cursors.');
  processKey ??= randomBytes(32);
  return processKey;
}

const signature = (scope: string, payload: string) => createHmac('sha256', signingKey()).update(`${scope}\n${payload}`).digest();

/** A cursor for `position` in the collection named by `scope`. */
export function sealCursor(scope: string, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${payload}.${signature(scope, payload).toString('base64url')}`;
}

/** The cursor's position, or 400 `invalid_cursor` if it was not made by sealCursor for this scope or has another shape. */
export function openCursor<S extends v.GenericSchema>(scope: string, cursor: string, schema: S): v.InferOutput<S> {
  const refused = () => badRequest('invalid_cursor', 'The cursor is not one this collection handed out: start again without a cursor.');
  const [payload, mac, ...rest] = cursor.split('.');
  if (!payload || !mac || rest.length > 0) throw refused();
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const parsed = v.safeParse(schema, position);
  if (!parsed.success) throw refused();
  return parsed.output;
}
