import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationDigests, operationsOf, SNAPSHOT_FILE } from '../support/openapi-operations';

/**
 * The description shares its problem and throttling responses as components;
 * every operation, dereferenced, is still what it was before they were shared
 * (the fixture holds each operation's digest, written by `npm run
 * openapi:snapshot` from the description as it stood). A change to an
 * operation's parameters, body or responses fails here until the fixture is
 * written again, on purpose.
 */
describe('the OpenAPI description, operation by operation', () => {
  const fixture = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Record<'token' | 'iam', Record<string, string>>;

  for (const flavour of ['token', 'iam'] as const) {
    it(`gives every operation of the ${flavour} API the same dereferenced parameters, body and responses`, () => {
      const now = operationDigests(flavour);
      expect(Object.keys(now).sort()).toEqual(Object.keys(fixture[flavour]).sort());
      expect(
        Object.entries(now)
          .filter(([name, digest]) => fixture[flavour][name] !== digest)
          .map(([name]) => name),
      ).toEqual([]);
    });
  }

  it('compares what a client sees: no reference left unresolved', () => {
    const text = JSON.stringify(operationsOf('token'));
    expect(text).not.toContain('"$ref"');
    expect(text).toContain('"database_unavailable"');
  });
});
