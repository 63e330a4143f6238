/**
 * Every operation of an OpenAPI description with its references resolved: its
 * parameters, request body and responses as a client sees them, whatever the
 * document shares in its components. Used to show that restructuring the
 * description (shared problem responses) changes no operation.
 * `npm run openapi:snapshot` writes the fixture the test compares with.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiDocument, type ApiFlavour } from '#shared/api/openapi';

type Json = unknown;

export const SNAPSHOT_FILE = resolve(import.meta.dirname, '../fixtures/openapi-operations.json');

/** A value with every `$ref` into the document replaced by what it names (recursively). */
function dereferenced(value: Json, document: Record<string, unknown>, seen: string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => dereferenced(item, document, seen));
  if (value && typeof value === 'object') {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (seen.includes(ref)) return { $ref: ref };
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
      const { $ref: _ref, ...siblings } = value as Record<string, unknown>;
      return dereferenced({ ...(target as object), ...siblings }, document, [...seen, ref]);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dereferenced(v, document, seen)]));
  }
  return value;
}

/** JSON with object keys sorted: the same content, the same text. */
const canonical = (value: Json): string =>
  JSON.stringify(value, (_key, v: Json) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/** `METHOD path` → the SHA-256 of the operation's parameters, request body and responses, dereferenced (the fixture keeps these, not the 2 MB they hash). */
export const operationDigests = (flavour: ApiFlavour): Record<string, string> =>
  Object.fromEntries(Object.entries(operationsOf(flavour)).map(([name, operation]) => [name, createHash('sha256').update(canonical(operation)).digest('hex')]));

/** `METHOD path` → the operation's parameters, request body and responses, dereferenced. */
export function operationsOf(flavour: ApiFlavour): Record<string, Json> {
  const document = openApiDocument(flavour, { serverUrl: 'http://127.0.0.1:3000' }) as unknown as Record<string, unknown>;
  const out: Record<string, Json> = {};
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      out[`${method.toUpperCase()} ${path}`] = dereferenced(
        { parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses },
        document,
      );
    }
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(SNAPSHOT_FILE, `${JSON.stringify({ token: operationDigests('token'), iam: operationDigests('iam') }, null, 2)}\n`);
  console.log(`wrote ${SNAPSHOT_FILE}`);
}
