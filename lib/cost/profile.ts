import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The capacity profile (lib/cost/capacity-profile.json): what one request of
 * each kind consumes. The benchmark writes it; the cost model reads it. Kept
 * flat so the bench can fill it without knowing the model:
 *
 * - `readUnits`, `writeUnits`: DynamoDB capacity units on the table per request
 *   (transactions count double, as DynamoDB bills them);
 * - `indexWriteUnits`: write units the global indexes add (an updated item that
 *   an index projects costs a write there too);
 * - `lambdaMs`: billed duration of the function, warm;
 * - `logBytes`: CloudWatch Logs bytes the request writes (access line, EMF);
 * - `responseBytes`: bytes sent to the caller (CloudFront transfer for reads).
 */
export interface RequestCapacity {
  readUnits: number;
  writeUnits: number;
  indexWriteUnits: number;
  lambdaMs: number;
  logBytes: number;
  responseBytes: number;
}

export const REQUEST_KINDS = ['scanReport', 'publicRead', 'teamRead', 'authorizer', 'scoringWatch'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface CapacityProfile {
  about: string;
  measured: string;
  requests: Record<RequestKind, RequestCapacity>;
}

export const PROFILE_PATH = resolve(import.meta.dirname, 'capacity-profile.json');

export function readCapacityProfile(path = PROFILE_PATH): CapacityProfile {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CapacityProfile;
  for (const kind of REQUEST_KINDS) {
    const entry = profile.requests?.[kind];
    if (!entry) throw new Error(`${path}: requests.${kind} is missing`);
    for (const field of ['readUnits', 'writeUnits', 'indexWriteUnits', 'lambdaMs', 'logBytes', 'responseBytes'] as const) {
      if (typeof entry[field] !== 'number' || !(entry[field] >= 0)) throw new Error(`${path}: requests.${kind}.${field} must be a number >= 0`);
    }
  }
  return profile;
}
