import * as v from 'valibot';
import { named } from '#shared/domain/shapes';

/**
 * What the API answers, as valibot schemas: the one source of the OpenAPI
 * description's response bodies and of the types every handler's result must
 * have. Objects are strict, so a field a handler adds without adding it here
 * fails the response checks of the tests. `title` names the component in the
 * description.
 *
 * This file: the problem details every error answers, and the description itself.
 * The pieces the areas' schemas are made of are in parts.ts.
 */

/** An OpenAPI document: checked only as an object here (its own lint checks the rest). */
export const OpenApiDocumentSchema = named(
  'OpenApiDocument',
  'An OpenAPI 3.1 description of this API.',
  v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }),
);

export const FieldErrorSchema = named(
  'FieldError',
  'One field that failed validation; `path` is dotted (`settings.dns_ttl`, `records.0.name`).',
  v.strictObject({ path: v.string(), message: v.string() }),
);

/** RFC 9457 problem details, as every error answers. */
export const ProblemSchema = named(
  'Problem',
  'RFC 9457 problem details. `code` is stable and meant for programs; `detail` is for people. `errors` lists the fields that failed validation.',
  v.strictObject({
    type: v.literal('about:blank'),
    title: v.string(),
    status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
    detail: v.string(),
    code: v.string(),
    errors: v.optional(v.array(FieldErrorSchema)),
    request_id: v.string(),
  }),
);
