import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { EXAMPLES, REQUEST_EXAMPLES } from '#shared/api/examples';
import { API_PREFIX, pathIdOf, routes as allRoutes, THROTTLES, type Route } from '#shared/api/routes';
import * as responses from '#shared/api/schemas/responses/all';
import { BODY_LIMIT_BYTES } from '#shared/http/endpoint';

/**
 * The OpenAPI 3.1 description, made from the route table and its valibot
 * schemas: nothing here is written by hand per route except what the table
 * says. Pure: the same table gives the same document.
 *
 * OpenAPI cannot bind a security scheme to a server, so the two APIs the
 * stack deploys over the same functions get a document each: `token`
 * (bearer tokens, openapi.json) and `iam` (SigV4, openapi-iam.json).
 */
export type ApiFlavour = 'token' | 'iam';

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, unknown>;
    headers: Record<string, unknown>;
  };
  [key: string]: unknown;
};
export type Operation = {
  operationId: string;
  responses: Record<string, ResponseObject | ResponseRef>;
  [key: string]: unknown;
};
/** A response the document shares (its problem and throttling answers): `#/components/responses/<name>`. */
export type ResponseRef = { $ref: string };

/**
 * The responses a document shares, by name, as its operations name them: the
 * same problem codes at the same status, or the same throttle class, are one
 * component however many operations answer them.
 */
class SharedResponses {
  readonly byName = new Map<string, ResponseObject>();
  ref(name: string, make: () => ResponseObject): ResponseRef {
    if (!this.byName.has(name)) this.byName.set(name, make());
    return { $ref: `#/components/responses/${name}` };
  }
  /** A response as it is, whether shared or written in place. */
  resolve(response: ResponseObject | ResponseRef): ResponseObject {
    return '$ref' in response ? this.byName.get(response.$ref.slice('#/components/responses/'.length))! : response;
  }
  problem(status: number, codes: string[]): ResponseRef {
    const title = (PROBLEM_TITLES[status] ?? `Status${status}`).replace(/[^A-Za-z]/g, '');
    return this.ref(`${title}.${codes.join('.')}`, () => problemResponse(status, codes));
  }
  throttled(route: Route | undefined): ResponseRef {
    return this.ref(`TooManyRequests.${route?.throttle ?? 'stage'}`, () => throttledResponse(route));
  }
  components(): Record<string, ResponseObject> {
    return Object.fromEntries([...this.byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

export type ResponseObject = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema; example?: unknown }>;
};

/** A schema's title (`named()` in domain/shapes.ts), if it has one. */
const titleOf = (schema: unknown) => (schema as { pipe?: readonly { type: string; title?: string }[] }).pipe?.find((step) => step.type === 'title')?.title;

/**
 * Response bodies named in the description's components: every titled schema
 * of schemas/responses/ (all.ts), by its title, so a new one is a component (and a
 * type of the generated client, `ApiSchemas['<title>']`) without a list to
 * keep. Two schemas with one title would hide one another: refused.
 */
const COMPONENTS: Record<string, v.GenericSchema> = {};
// By export name: a module namespace's order is not the same under every loader (Node sorts it, Vite does not).
for (const [, schema] of Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))) {
  const title = titleOf(schema);
  if (title === undefined) continue;
  if (COMPONENTS[title] && COMPONENTS[title] !== schema) throw new Error(`two response schemas are titled ${title}`);
  COMPONENTS[title] = schema as v.GenericSchema;
}

const REF = '#/components/schemas/';

const conversion: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  // Checks that JSON Schema cannot say (a CNAME not at @, end after start)
  // stay in the handler's validation; the description gives the shape.
  errorMode: 'ignore',
  definitions: COMPONENTS,
  // An input the handler validates itself, piece by piece, names the schema it is validated with (`v.metadata({ describedBy })`).
  overrideAction: ({ valibotAction, jsonSchema }) => {
    const describedBy =
      valibotAction.type === 'metadata' ? (valibotAction as unknown as { metadata: { describedBy?: v.GenericSchema } }).metadata.describedBy : undefined;
    return describedBy ? { ...schemaOf(describedBy), ...(jsonSchema.description ? { description: jsonSchema.description } : {}) } : undefined;
  },
};

/** A valibot schema as a schema inside the document: component references, no `$schema`/`$defs`. */
function schemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _s, $defs: _d, ...rest } = toJsonSchema(described(schema), conversion) as unknown as JsonSchema;
  return relinked(rest) as JsonSchema;
}

/**
 * A pipe that narrows an untyped input with a later schema (the DNS body: any
 * object, then a variant on `type`) is described by that later schema.
 */
function described(schema: v.GenericSchema): v.GenericSchema {
  const later = (schema as { pipe?: readonly { kind: string }[] }).pipe?.slice(1).filter((item) => item.kind === 'schema');
  return later && later.length > 0 ? (later.at(-1) as v.GenericSchema) : schema;
}

function relinked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relinked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', REF) : relinked(v)]));
  }
  return value;
}

function componentSchemas(): Record<string, JsonSchema> {
  const defs = toJsonSchemaDefs(COMPONENTS, conversion) as unknown as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(defs).map(([name, schema]) => {
      const example = EXAMPLES[name as keyof typeof EXAMPLES];
      return [name, { ...(relinked(schema) as JsonSchema), ...(example === undefined ? {} : { examples: [example] }) }];
    }),
  );
}

const HEADERS = {
  ETag: { description: 'The version of this representation; send it back in If-None-Match (reads) or If-Match (settings writes).', schema: { type: 'string' } },
  CacheControl: { description: '`public, max-age=5` for anonymous reads of public routes, `private, no-cache` otherwise.', schema: { type: 'string' } },
  Location: { description: 'Where the new record can be read.', schema: { type: 'string' } },
  RequestId: { description: 'The request id, to quote when reporting a problem.', schema: { type: 'string' } },
  WWWAuthenticate: { description: 'The scheme to authenticate with: `Bearer realm="scoring"`.', schema: { type: 'string' } },
  RetryAfter: { description: 'Seconds to wait before sending the same request again.', schema: { type: 'integer', minimum: 0 } },
  Link: {
    description: 'The next page (RFC 8288): `<path?limit=…&cursor=…>; rel="next"`, the same cursor as the body\'s `cursor`. Absent on the last page.',
    required: false,
    schema: { type: 'string' },
  },
  Allow: { description: 'The methods this path answers (every GET route answers HEAD too).', schema: { type: 'string' } },
};
const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** What the endpoint wrapper answers for every route of a shape, before the route's own problems. */
export function problemsOf(route: Route): Map<number, string[]> {
  const problems = new Map<number, string[]>();
  const add = (status: number, ...codes: string[]) => problems.set(status, [...new Set([...(problems.get(status) ?? []), ...codes])]);
  if (route.body) {
    add(400, 'malformed_json', 'body_required', 'invalid_utf8', 'unsupported_charset', 'duplicate_key', 'validation_failed');
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (route.query) add(400, 'validation_failed');
  // Public routes too: credentials that are presented must be good.
  add(401, 'unauthorized');
  // Public routes too: a request that did not come through the CDN, or a signed caller not in the IAM registry.
  add(403, 'forbidden');
  // Any path may be spelled other than canonically (a trailing slash, `//`): 404.
  add(404, 'not_found');
  for (const [status, codes] of Object.entries(route.problems ?? {})) add(Number(status), ...codes);
  // A creating POST that honours Idempotency-Key (the route table says so).
  if (route.ifMatch) add(412, 'precondition_failed');
  if (route.idempotent) {
    add(400, 'invalid_idempotency_key');
    add(409, 'idempotency_key_in_flight');
    add(422, 'idempotency_key_reused');
  }
  add(500, 'internal_error');
  add(503, 'database_unavailable');
  return new Map([...problems].sort(([a], [b]) => a - b));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The request is not valid: malformed JSON, a body or query that fails validation (each field in `errors`), or a reference to a record that does not exist.',
  401: 'No credentials, or credentials that are malformed, unknown, revoked or expired.',
  403: 'The credentials are valid but their role may not use this route; or a signed caller is not in the registry of IAM principals; or (in AWS) the request did not come through the CDN.',
  404: 'Nothing has this id (ids are positive integers), or the path is not spelled canonically.',
  409: 'The write conflicts with what is stored.',
  410: 'What the request names is gone for good (a closed beacon).',
  412: 'If-Match names a version that is no longer current; read the resource again.',
  413: `The body is larger than ${BODY_LIMIT_BYTES} bytes.`,
  415: 'The body is not sent as application/json.',
  422: 'The Idempotency-Key was used before with another body.',
  429: 'Too many attempts: wait Retry-After seconds before the next.',
  500: 'Something unexpected failed; the body gives the request id to quote.',
  503: 'The database was unreachable, slow or throttling, or the record was busy with concurrent writers; nothing was written. Send the same request again after Retry-After seconds.',
};

function problemResponse(status: number, codes: string[]): ResponseObject {
  const headers: Record<string, unknown> = { 'X-Request-Id': header('RequestId') };
  if (status === 401) headers['WWW-Authenticate'] = header('WWWAuthenticate');
  if (status === 503 || status === 429) headers['Retry-After'] = header('RetryAfter');
  return {
    description: `${STATUS_TEXT[status] ?? 'A problem.'} Codes: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    headers,
    content: {
      'application/problem+json': {
        schema: { allOf: [{ $ref: `${REF}Problem` }, { type: 'object', properties: { code: { enum: codes } } }] },
        example: {
          type: 'about:blank',
          title: PROBLEM_TITLES[status] ?? 'Error',
          status,
          detail: 'What went wrong, for a person.',
          code: codes[0],
          ...(codes.includes('validation_failed') ? { errors: [{ path: 'name', message: 'is required' }] } : {}),
          request_id: 'c0ffee00-0000-4000-8000-000000000000',
        },
      },
    },
  };
}

const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** What API Gateway answers by itself, without a function: AWS's body, not problem+json. */
const awsBody = (message: string) => ({
  'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }, example: { message } },
});

/** API Gateway's own refusal of a bad or missing signature. */
const AWS_FORBIDDEN: ResponseObject = {
  description:
    "API Gateway refused the signature, or IAM denies this principal the route (AWS's own body, application/json); or the role may not use this route (problem+json, code `forbidden`).",
  content: awsBody('Forbidden'),
};

/**
 * API Gateway's throttle (429, its own body): a route's (and its HEAD's)
 * throttle class from the route table, or, for what no route names
 * (preflights, unknown paths), the stage-wide limit of the stack's configuration.
 */
function throttledResponse(route: Route | undefined): ResponseObject {
  const limit = route && THROTTLES[route.throttle];
  const which =
    route && limit
      ? `this route's throttle class, \`${route.throttle}\` (${limit.rate} requests a second steady, bursts of ${limit.burst}: ${limit.why})`
      : "the API's stage-wide throttle (the stack configuration's `throttleRate` and `throttleBurst`)";
  return {
    description: `Too many requests: API Gateway answers by itself, beyond ${which}, with its own body (application/json, not problem+json). Nothing was done; send the request again after a pause, backing off.`,
    content: awsBody('Too Many Requests'),
  };
}

function successResponses(route: Route): Record<string, ResponseObject> {
  const out: Record<string, ResponseObject> = {};
  for (const [status, reply] of Object.entries(route.responses)) {
    const headers: Record<string, unknown> = { 'X-Request-Id': header('RequestId') };
    if ((route.method === 'GET' && status === '200') || reply.etag) headers.ETag = header('ETag');
    if (route.method === 'GET' && status === '200') headers['Cache-Control'] = header('CacheControl');
    if (status === '201') headers.Location = header('Location');
    if (reply.paged) headers.Link = header('Link');
    const response: ResponseObject = { description: reply.description, headers };
    if (reply.json) response.content = { 'application/json': { schema: schemaOf(reply.json) } };
    if (reply.text) response.content = { [reply.text]: { schema: { type: 'string' } } };
    out[status] = response;
  }
  if (route.method === 'GET') {
    out['304'] = {
      description: 'If-None-Match named the current ETag: nothing changed since the caller read it.',
      headers: { ETag: header('ETag'), 'X-Request-Id': header('RequestId') },
    };
  }
  return out;
}

const ACCESS_TEXT: Record<Route['access'], string> = {
  public:
    'Public. Admins and service accounts who authenticate also see hidden teams; credentials that are sent must be valid (401 otherwise). A team session is ignored: a signed-in member reads what everyone reads.',
  admin: 'Admins only.',
  'admin-or-service': 'Admins and service accounts.',
  'admin-service-or-agent':
    "Admins, service accounts and agents (an agent's token or IAM principal is bound to one pool: it reaches only its pool's services, 403 otherwise).",
  team: "One team's own route: that team's signed-in members (a session of another team is 403) and admins. Never cached.",
  'team-session': 'A signed-in member only, a blue team’s or the red team’s (a session token from `POST /api/v1/team/sessions`).',
  'red-team': 'The red team’s route: its signed-in members (a blue team’s session is 403) and admins. Never cached.',
};

function operation(route: Route, flavour: ApiFlavour, shared: SharedResponses): Operation {
  const parameters: unknown[] = [];
  const id = pathIdOf(route);
  if (id) parameters.push({ name: 'id', in: 'path', required: true, description: id.description, schema: id.schema });
  if (route.query) {
    const query = schemaOf(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest });
    }
  }
  if (route.method === 'GET') {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'An ETag read before: 304 if it is still current.',
      schema: { type: 'string' },
    });
  }
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Any 1–255 printable ASCII characters (a UUID): a retry with the same key and body answers the first answer again instead of acting twice.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  if (route.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description: 'The ETag read before: 412 if it is no longer current. Without it the write is last-writer-wins.',
      schema: { type: 'string' },
    });
  }

  const responsesOut: Record<string, ResponseObject | ResponseRef> = successResponses(route);
  for (const [status, codes] of problemsOf(route)) responsesOut[String(status)] = shared.problem(status, codes);
  // API Gateway's throttle answers 429 on every route; a route with its own 429 (a sign-in lock) answers it as problem+json too.
  const ownTooMany = responsesOut['429'] && shared.resolve(responsesOut['429']);
  const throttled = shared.throttled(route);
  responsesOut['429'] = ownTooMany
    ? {
        description: `${ownTooMany.description} Or: ${shared.resolve(throttled).description}`,
        headers: ownTooMany.headers,
        content: { ...ownTooMany.content, ...shared.resolve(throttled).content },
      }
    : throttled;
  if (flavour === 'iam') {
    // Both can answer 403 there: API Gateway (IAM) with its own body, and the function (role) with a problem.
    const fromFunction = responsesOut['403'] && shared.resolve(responsesOut['403']);
    responsesOut['403'] = fromFunction
      ? { description: AWS_FORBIDDEN.description, content: { ...fromFunction.content, ...AWS_FORBIDDEN.content } }
      : AWS_FORBIDDEN;
  }

  const requestExample = REQUEST_EXAMPLES[route.name];
  const security = flavour === 'iam' ? [{ sigv4: [] }] : route.access === 'public' ? [{}, { bearer: [] }] : [{ bearer: [] }];
  return {
    operationId: route.name,
    summary: route.summary,
    description: ACCESS_TEXT[route.access],
    tags: [route.tag],
    security,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(route.body), ...(requestExample ? { example: requestExample } : {}) } },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(responsesOut).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** HEAD of a GET route (API Gateway routes it to the same function): the GET's statuses and headers, never a body. */
function headOperation(get: Operation, route: Route, shared: SharedResponses): Operation {
  const responses = Object.fromEntries(
    Object.entries(get.responses).map(([status, response]) => {
      const { content: _body, ...rest } = shared.resolve(response);
      return [status, rest];
    }),
  );
  return {
    ...get,
    operationId: `${route.name}Head`,
    summary: `${route.summary} (headers only)`,
    description: `${String(get.description)} The same answer as GET (status, ETag, caching), without the body.`,
    responses,
  };
}

const CORS_BY_ACCESS: Record<Route['access'], string> = {
  public: 'any origin (`Access-Control-Allow-Origin: *`, no credentials)',
  admin: 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default)',
  'admin-or-service': 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default)',
  'admin-service-or-agent': 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default)',
  team: 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default): the team page is served from the API’s own origin',
  'team-session': 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default): the team page is served from the API’s own origin',
  'red-team': 'only the origins the deployment lists (`CORS_ALLOWED_ORIGINS`; none by default): the red team’s page is served from the API’s own origin',
};

const optionalHeader = (description: string) => ({ description, required: false, schema: { type: 'string' } });

/**
 * The CORS preflight of a path (the `$default` function answers it): Allow,
 * and the permissions of the route whose method the browser asks about, by
 * that route's class.
 */
function preflightOperation(path: string, onPath: readonly Route[], flavour: ApiFlavour, shared: SharedResponses): Operation {
  const id = pathIdOf(onPath[0]!);
  const methods = [...new Set(onPath.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method])))].sort();
  const classes = onPath.map((r) => `${r.method === 'GET' ? 'GET and HEAD' : r.method}: ${CORS_BY_ACCESS[r.access]}`);
  const pascal = path
    .slice(API_PREFIX.length)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  const responses: Record<string, ResponseObject | ResponseRef> = {
    '204': {
      description: `The path answers ${methods.join(', ')} (and OPTIONS). With \`Access-Control-Request-Method\`, the CORS permissions of that method's route, by its class — ${classes.join('; ')}. An origin the class does not allow gets no \`Access-Control-Allow-Origin\`, which browsers take as a refusal.`,
      headers: {
        Allow: header('Allow'),
        'X-Request-Id': header('RequestId'),
        'Access-Control-Allow-Origin': optionalHeader('`*` for public routes; the requesting origin when the deployment lists it; absent otherwise.'),
        'Access-Control-Allow-Methods': optionalHeader('The methods of this path, when the origin is allowed.'),
        'Access-Control-Allow-Headers': optionalHeader('The request headers the API reads, when the origin is allowed.'),
        'Access-Control-Max-Age': optionalHeader('Seconds a browser may keep this answer, when the origin is allowed.'),
      },
    },
    '404': shared.problem(404, ['not_found']),
    '429': shared.throttled(undefined),
  };
  if (flavour === 'iam') responses['403'] = AWS_FORBIDDEN;
  return {
    operationId: `Preflight${pascal}`,
    summary: 'CORS preflight',
    description:
      flavour === 'iam'
        ? 'On the IAM API every request must be signed, preflights included, and browsers do not sign preflights: browser pages use the token API.'
        : 'Answered without credentials, as browsers send it. A path spelled other than canonically is 404.',
    tags: [onPath[0]!.tag],
    security: flavour === 'iam' ? [{ sigv4: [] }] : [{}],
    parameters: [
      ...(id
        ? [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: `${id.description.replace(/\.$/, '')} (the preflight does not look the record up).`,
              schema: id.schema,
            },
          ]
        : []),
      { name: 'Origin', in: 'header', required: false, description: "The page's origin.", schema: { type: 'string' } },
      {
        name: 'Access-Control-Request-Method',
        in: 'header',
        required: false,
        description: 'The method the page means to send.',
        schema: { type: 'string', enum: methods },
      },
      { name: 'Access-Control-Request-Headers', in: 'header', required: false, description: 'The headers the page means to send.', schema: { type: 'string' } },
    ],
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

const TAGS: Record<string, string> = {
  teams: 'Teams, the scoreboard and scorecards (public); DNS exports and adjustments (admins).',
  services: "Teams' services (public) and scan reports (service accounts).",
  dns: "Blue teams' DNS records.",
  settings: 'The competition settings.',
  docs: 'This description and its reference page.',
};

const DESCRIPTION: Record<ApiFlavour, string> = {
  token: `The scoring service's token API. Protected routes take \`Authorization: Bearer <token>\` (tokens are minted with the command-line tool); public routes take it too, and then show hidden teams to admins and service accounts. The same routes, with SigV4 instead, are described in [openapi-iam.json](${API_PREFIX}/openapi-iam.json).`,
  iam: `The scoring service's IAM API (AWS only): the same routes and functions as the token API, every route signed with SigV4 (\`execute-api\`). API Gateway refuses a bad signature or a principal IAM does not allow with its own 403 body. The local server accepts signatures of the access keys it is configured with. The token API is described in [openapi.json](${API_PREFIX}/openapi.json).`,
};

const COMMON = `

Every error is RFC 9457 problem+json with a stable \`code\`; each operation lists the codes it can answer. A path that exists under other methods answers 405 with \`Allow\`; an unknown path 404. Reads carry an \`ETag\` and answer \`If-None-Match\` with 304; every GET answers HEAD too (the same status and headers, no body). Every path answers CORS preflights (OPTIONS); CORS is by route class: public reads allow any origin, admin and service routes only the origins the deployment lists. API Gateway throttles each route by its class and answers 429 by itself, with its own body. A paged list carries \`Link: rel="next"\` until its last page. Request bodies are JSON, at most ${BODY_LIMIT_BYTES} bytes (413), sent as \`application/json\` (415). Unknown fields in a write body are 400.`;

export interface DocumentOptions {
  /** Where the API is reached; the served document names the host it was fetched from. */
  serverUrl?: string;
  table?: readonly Route[];
}

export function openApiDocument(flavour: ApiFlavour, options: DocumentOptions = {}): OpenApiDocument {
  const table = (options.table ?? allRoutes).filter((route) => !route.planned);
  const paths: OpenApiDocument['paths'] = {};
  const shared = new SharedResponses();
  for (const route of table) {
    const onPath = (paths[route.path] ??= {});
    onPath[route.method.toLowerCase()] = operation(route, flavour, shared);
    if (route.method === 'GET') onPath.head = headOperation(onPath.get!, route, shared);
  }
  for (const [path, onPath] of Object.entries(paths)) {
    onPath.options = preflightOperation(
      path,
      table.filter((route) => route.path === path),
      flavour,
      shared,
    );
  }
  const tags = [...new Set(table.map((route) => route.tag))].map((name) => ({ name, description: TAGS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: flavour === 'token' ? 'CCDC scoring API' : 'CCDC scoring API (IAM)',
      version: '1',
      description: DESCRIPTION[flavour] + COMMON,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl ?? 'http://127.0.0.1:3000', description: options.serverUrl ? 'This server' : 'The local server (npm start)' }],
    tags,
    paths,
    components: {
      schemas: componentSchemas(),
      responses: shared.components(),
      headers: HEADERS,
      securitySchemes:
        flavour === 'token'
          ? { bearer: { type: 'http', scheme: 'bearer', description: 'A token minted with `npm run scoring -- token create`.' } }
          : {
              sigv4: {
                type: 'apiKey',
                name: 'Authorization',
                in: 'header',
                description: 'AWS Signature Version 4 for the service `execute-api`.',
                'x-amazon-apigateway-authtype': 'awsSigv4',
              },
            },
    },
  };
}

/** An operation's response as a client sees it: a shared one (`$ref`) looked up in the document's components. */
export function resolvedResponse(document: OpenApiDocument, response: ResponseObject | ResponseRef): ResponseObject;
export function resolvedResponse(document: OpenApiDocument, response: ResponseObject | ResponseRef | undefined): ResponseObject | undefined;
export function resolvedResponse(document: OpenApiDocument, response: ResponseObject | ResponseRef | undefined): ResponseObject | undefined {
  if (response === undefined || !('$ref' in response)) return response;
  return document.components.responses[response.$ref.slice('#/components/responses/'.length)];
}
