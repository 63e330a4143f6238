import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { openApiDocument, resolvedResponse, type ApiFlavour } from '#shared/api/openapi';
import { routes } from '#shared/api/routes';
import * as responseSchemas from '#shared/api/schemas/responses/all';

/**
 * What the description must hold, whatever its text: every route of the table
 * is an operation and every operation a route; each operation's success
 * answers, body and references are the route's; every response schema is used
 * by some answer and every component is reached from one. These replaced a
 * hash of each operation, which proved the description unchanged while the
 * shapes were moved into one definition each (issue 61) but could not say what
 * a wrong one had lost.
 */
const built = routes.filter((route) => !route.planned);
const titleOf = (schema: unknown) => (schema as { pipe?: readonly { type: string; title?: string }[] }).pipe?.find((step) => step.type === 'title')?.title;
const isSchema = (value: unknown): value is v.GenericSchema => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

/** Every `$ref` string anywhere in a value. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') out.push(inner);
      else refsIn(inner, out);
    }
  }
  return out;
}

/** What a `#/…` reference names in the document, or undefined. */
const target = (document: object, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);

/** The component schemas an operation's parameters, body and answers reach, through other components too. */
function reachedComponents(document: ReturnType<typeof openApiDocument>): Set<string> {
  const reached = new Set<string>();
  const queue = refsIn(document.paths);
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    if (reached.has(ref)) continue;
    reached.add(ref);
    queue.push(...refsIn(target(document, ref)));
  }
  return new Set([...reached].filter((ref) => ref.startsWith('#/components/schemas/')).map((ref) => ref.slice('#/components/schemas/'.length)));
}

describe.each(['token', 'iam'] as const satisfies readonly ApiFlavour[])('the %s description', (flavour) => {
  const document = openApiDocument(flavour);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>).map(
      ([method, operation]) => ({ path, method: method.toUpperCase(), operation }),
    ),
  );

  it('has an operation for each route and a route for each operation (HEAD from its GET, OPTIONS from its path)', () => {
    const documented = operations.filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS').map(({ method, path }) => `${method} ${path}`);
    expect(documented.sort()).toEqual(built.map((route) => `${route.method} ${route.path}`).sort());
    for (const { method, path, operation } of operations) {
      if (method === 'HEAD')
        expect(
          built.some((r) => r.method === 'GET' && r.path === path),
          path,
        ).toBe(true);
      if (method === 'OPTIONS')
        expect(
          built.some((r) => r.path === path),
          path,
        ).toBe(true);
      if (method !== 'HEAD' && method !== 'OPTIONS') expect(operation.operationId).toBe(built.find((r) => r.method === method && r.path === path)!.name);
    }
  });

  it("gives each operation exactly its route's success answers, a titled body by reference, and a request body exactly when the route reads one", () => {
    for (const route of built) {
      const operation = operations.find(({ method, path }) => method === route.method && path === route.path)!.operation;
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      expect(successes.sort(), route.name).toEqual(Object.keys(route.responses).sort());
      for (const [status, reply] of Object.entries(route.responses)) {
        const answer = resolvedResponse(document, operation.responses[status] as never);
        const json = answer.content?.['application/json']?.schema;
        if (reply.json === undefined) expect(json, `${route.name} ${status}`).toBeUndefined();
        else expect(json, `${route.name} ${status}`).toBeDefined();
        const title = reply.json && titleOf(reply.json);
        if (title) expect(refsIn(json), `${route.name} ${status}`).toContain(`#/components/schemas/${title}`);
        if (reply.text) expect(Object.keys(answer.content ?? {}), route.name).toContain(reply.text);
      }
      expect(operation.requestBody !== undefined, route.name).toBe(route.body !== undefined);
    }
  });

  it('resolves every reference it makes', () => {
    const dangling = [...new Set(refsIn(document))].filter((ref) => !ref.startsWith('#/') || target(document, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('reaches every component schema from some operation: none described and never answered', () => {
    const reached = reachedComponents(document);
    expect(Object.keys(document.components.schemas).filter((name) => !reached.has(name))).toEqual([]);
  });
});

describe('the response schemas', () => {
  it('are each some route’s answer, or titled and reached from one (a part of another answer)', () => {
    const answered = new Set(built.flatMap((route) => Object.values(route.responses).flatMap((reply) => (reply.json ? [reply.json] : []))));
    const reached = reachedComponents(openApiDocument('token'));
    const unused = Object.entries(responseSchemas)
      .filter(([, value]) => isSchema(value))
      .filter(([, schema]) => !answered.has(schema as v.GenericSchema) && !reached.has(titleOf(schema) ?? ''))
      .map(([name]) => name);
    expect(unused).toEqual([]);
  });

  it('are titled wherever a route answers with them, or a list of them, so that clients get a named type', () => {
    const named = (schema: v.GenericSchema) =>
      titleOf(schema) ?? (schema.type === 'array' ? titleOf((schema as v.ArraySchema<v.GenericSchema, undefined>).item) : undefined);
    const untitled = built.flatMap((route) =>
      Object.entries(route.responses).flatMap(([status, reply]) => (reply.json && !named(reply.json) ? [`${route.name} ${status}`] : [])),
    );
    expect(untitled).toEqual([]);
  });
});
