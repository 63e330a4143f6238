import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type StoredResponse } from '#shared/data/idempotency';
import type { Logger } from '#shared/log';
import { badRequest, HttpProblem } from '#shared/http/problem';

/** What a key may look like: printable ASCII, as long as a UUID or a little more. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs a creating request at most once per Idempotency-Key: the same key and
 * body again gets the first answer (status, headers, body) without a second
 * effect; another body 422; while the first is still running, 409. A key
 * belongs to one caller, method and path. Without the header the request
 * simply runs.
 */
export async function oncePerIdempotencyKey(
  event: APIGatewayProxyEventV2,
  caller: string,
  log: Logger,
  run: () => Promise<APIGatewayProxyStructuredResultV2>,
): Promise<APIGatewayProxyStructuredResultV2> {
  const key = event.headers['idempotency-key'];
  if (key === undefined) return run();
  if (!KEY_SHAPE.test(key)) {
    throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good key).');
  }
  const scope = sha256(JSON.stringify([caller, event.requestContext.http.method, event.rawPath, key]));
  // The JSON parser has replaced the text by its value by now: the same JSON is the same body.
  const body: unknown = event.body;
  const claim = await claimIdempotencyKey(scope, sha256(typeof body === 'string' ? body : JSON.stringify(body ?? null)));
  switch (claim.kind) {
    case 'replay':
      log.info('idempotent replay', { status: claim.response.statusCode });
      return { ...claim.response, headers: { ...claim.response.headers, 'x-request-id': event.requestContext.requestId } };
    case 'other-body':
      throw new HttpProblem(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with another request body; use a new key for a new request.');
    case 'in-flight':
      throw new HttpProblem(409, 'idempotency_key_in_flight', 'A request with this Idempotency-Key is still being processed; retry shortly.', undefined, {
        'retry-after': '1',
      });
    case 'claimed':
      break;
  }
  let response: APIGatewayProxyStructuredResultV2;
  try {
    response = await run();
  } catch (error) {
    // Nothing was written (the handler refused or the database failed): let a retry run.
    await releaseIdempotencyKey(scope).catch(() => undefined);
    throw error;
  }
  const stored: StoredResponse = {
    statusCode: response.statusCode ?? 200,
    headers: Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, value]) => [name, String(value)])),
    ...(response.body === undefined ? {} : { body: response.body }),
  };
  // The write happened: acknowledge it even if remembering the answer fails
  // (a retry would then wait out the claim's lease and run again).
  await completeIdempotencyKey(scope, stored).catch((error: unknown) => log.error('idempotency key not completed', { error: String(error) }));
  return response;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
