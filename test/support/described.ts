import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument, resolvedResponse, type ApiFlavour, type OpenApiDocument, type ResponseObject } from '#shared/api/openapi';
import { matchRoute } from '#shared/api/route-matching';
import type { HttpMethod } from '#shared/api/routes';

/**
 * Every response the tests see is checked against the OpenAPI description
 * (test/support/invoke.ts for handler tests, the fetch check of
 * response-check.setup.ts for HTTP tests): its status must be declared for
 * the route, its media type and headers too, and its body must match the
 * schema, so an undeclared or renamed field, an undeclared status, or a
 * problem `code` the route does not declare fails the test. HEAD is checked
 * against the path's `head` operation, CORS preflights against its `options`.
 */

export interface SeenRequest {
  method: string;
  /** The path without its query. */
  path: string;
  authorization?: string;
}

export interface SeenResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
}

const documents = new Map<ApiFlavour, { document: OpenApiDocument; ajv: Ajv2020; validators: Map<string, ValidateFunction> }>();

function described(flavour: ApiFlavour) {
  let entry = documents.get(flavour);
  if (!entry) {
    const document = openApiDocument(flavour);
    // The description's JSON Schema dialect is 2020-12; OpenAPI's own keywords (example) are not schema keywords.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(document as object, 'description');
    entry = { document, ajv, validators: new Map() };
    documents.set(flavour, entry);
  }
  return entry;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The problems with a response, in words; empty when it is as described. */
export function responseViolations(request: SeenRequest, response: SeenResponse): string[] {
  const method = request.method.toUpperCase();
  const flavour: ApiFlavour = request.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'iam' : 'token';
  // IAM's own refusal, made by API Gateway before any function runs: AWS's body, not the description's.
  if (flavour === 'iam' && response.status === 403 && parsed(response.text)?.message === 'Forbidden') return [];
  const { document, ajv, validators } = described(flavour);
  const where = `${method} ${request.path} → ${response.status}`;
  // A preflight is answered for every path some route has, whatever its methods.
  const match = method === 'OPTIONS' ? routeOnPath(request.path) : matchRoute(method === 'HEAD' ? 'GET' : method, request.path);

  if (match.kind !== 'route') {
    // The fallback function: 404 for unknown paths, 405 with Allow for other methods.
    const problems: string[] = [];
    const expected = match.kind === 'wrong-method' ? { status: 405, code: 'method_not_allowed' } : { status: 404, code: 'not_found' };
    if (response.status !== expected.status && !(flavour === 'iam' && response.status === 403)) {
      problems.push(`${where}: an unmatched request must answer ${expected.status}`);
    }
    if (expected.status === 405 && !response.headers.allow) problems.push(`${where}: 405 without Allow`);
    if (response.status === expected.status && method !== 'HEAD') {
      const body = parsed(response.text);
      if (body?.code !== expected.code) problems.push(`${where}: code ${JSON.stringify(body?.code)}, expected ${expected.code}`);
    }
    return problems;
  }

  const route = match.route;
  if (route.planned) return response.status === 501 || method === 'OPTIONS' ? [] : [`${where}: a planned route answers 501`];
  const operationKey = method === 'HEAD' || method === 'OPTIONS' ? method.toLowerCase() : route.method.toLowerCase();
  const operation = document.paths[route.path]?.[operationKey];
  if (!operation) return [`${where}: ${operationKey.toUpperCase()} ${route.path} has no description in openapi.json`];
  const declared: ResponseObject | undefined = resolvedResponse(document, operation.responses[String(response.status)]);
  if (!declared) {
    return [
      `${where}: status ${response.status} is not declared for ${route.name} (declared: ${Object.keys(operation.responses).join(', ')}); body ${response.text.slice(0, 300)}`,
    ];
  }

  const problems: string[] = [];
  for (const [name, declaration] of Object.entries(declared.headers ?? {})) {
    const optional = headerObject(document, declaration).required === false;
    if (!optional && response.headers[name.toLowerCase()] === undefined) problems.push(`${where}: header ${name} is declared but missing`);
  }
  // Paged lists: Link is declared where it can come, and comes whenever there is a next page.
  const declaresLink = Object.keys(declared.headers ?? {}).includes('Link');
  if (response.headers.link !== undefined && !declaresLink) problems.push(`${where}: a Link header the description does not declare`);
  if (declaresLink && method !== 'HEAD') {
    const cursor = parsed(response.text)?.cursor;
    if (typeof cursor === 'string' && !/rel="next"/.test(response.headers.link ?? '')) problems.push(`${where}: a next page (cursor) without Link: rel="next"`);
  }
  const mediaType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const content = declared.content ?? {};
  if (Object.keys(content).length === 0) {
    if (response.text !== '') problems.push(`${where}: a body where the description declares none`);
    return problems;
  }
  if (!(mediaType in content)) {
    problems.push(`${where}: content type ${JSON.stringify(mediaType)} is not declared (${Object.keys(content).join(', ')})`);
    return problems;
  }
  if (method === 'HEAD' || !mediaType.includes('json')) return problems;

  const key = `${route.path} ${route.method} ${response.status} ${mediaType}`;
  let validate = validators.get(key);
  if (!validate) {
    const declaredAt = operation.responses[String(response.status)]!;
    // A shared response is validated where the document keeps it (a JSON pointer does not pass through a $ref).
    const location =
      '$ref' in declaredAt ? declaredAt.$ref.slice(2).split('/') : ['paths', route.path, route.method.toLowerCase(), 'responses', String(response.status)];
    const ref = `description#/${pointer(...location, 'content', mediaType, 'schema')}`;
    validate = ajv.compile({ $ref: ref });
    validators.set(key, validate);
  }
  const body = parsed(response.text);
  if (body === undefined) {
    problems.push(`${where}: the body is not JSON`);
  } else if (!validate(body)) {
    const details = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    problems.push(`${where}: the body does not match the description: ${details.slice(0, 8).join('; ')}; body ${response.text.slice(0, 300)}`);
  }
  return problems;
}

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Any route of the path (what its preflight is described under), or no match. */
function routeOnPath(path: string): ReturnType<typeof matchRoute> {
  for (const method of METHODS) {
    const match = matchRoute(method, path);
    if (match.kind === 'route') return match;
  }
  return { kind: 'none' };
}

/** A response's header declaration, its component reference followed. */
function headerObject(document: OpenApiDocument, declaration: unknown): { required?: boolean } {
  const ref = (declaration as { $ref?: string }).$ref;
  if (!ref) return declaration as { required?: boolean };
  return (document.components.headers[ref.split('/').pop()!] ?? {}) as { required?: boolean };
}

function parsed(text: string): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Throws when the response is not as described (what the test helpers call). */
export function expectDescribed(request: SeenRequest, response: SeenResponse): void {
  const problems = responseViolations(request, response);
  if (problems.length > 0) throw new Error(`The response is not what openapi.json describes:\n- ${problems.join('\n- ')}`);
}
