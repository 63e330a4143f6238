import * as v from 'valibot';

/**
 * What entity and answer schemas are made of: ids, counts, times, a titled
 * component (`named`: its title names it in the OpenAPI description), the
 * freeze's fields; and `inSchemaOrder`, which gives a stored item the shape
 * its schema says. An entity's schema lives in domain/ beside its rules; its
 * type is inferred from it, and the answers in api/schemas/responses/ use it.
 */

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const Points = v.pipe(v.number(), v.integer());

export const Time = v.pipe(v.string(), v.isoTimestamp(), v.description('An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.'));

/** A schema titled as a component of the API description (its title names the component). */
export function named<S extends v.GenericSchema>(title: string, description: string, schema: S) {
  return v.pipe(schema, v.title(title), v.description(description));
}

/** A check's full reason, as a team's checks, its services and a check job show it. */
export const Reason = v.pipe(
  v.nullable(v.string()),
  v.description(
    'The full reason the check failed (what was expected, what came back; the agent redacts secrets). Null when it passed, and for team sessions while the setting `teams_see_check_details` is off.',
  ),
);

/** What every answer a scoreboard freeze changes says about it. */
export const FreezeFields = {
  frozen: v.pipe(
    v.boolean(),
    v.description(
      'The scoreboard freeze is in effect: anonymous callers get every score as of `frozen_since` (status stays live); admins and service accounts still get live figures.',
    ),
  ),
  frozen_since: v.pipe(v.nullable(Time), v.description('When the freeze began; null when there is none.')),
};

/** The schema under a `v.nullable`, `v.optional` or `v.nullish` (a pipe keeps its schema's type and entries). */
type Wrapping = { type: string; wrapped?: unknown; entries?: Record<string, unknown>; item?: unknown; options?: unknown[]; key?: string; value?: unknown };

/**
 * A value with exactly its schema's fields, in the schema's order, all the
 * way down: a stored item comes back with its keys in any order and with
 * keys of its own (pk, sk…), and a body and its ETag are of the text. A
 * field the value lacks stays absent. Nothing is checked: the item was
 * checked when it was written.
 */
export function inSchemaOrder<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  return shaped(schema as unknown as Wrapping, value) as v.InferOutput<S>;
}

function shaped(schema: Wrapping, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (schema.type) {
    case 'nullable':
    case 'optional':
    case 'nullish':
    case 'exact_optional':
      return shaped(schema.wrapped as Wrapping, value);
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const item = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(schema.entries!)) {
        if (Object.hasOwn(item, name) && item[name] !== undefined) out[name] = shaped(field as Wrapping, item[name]);
      }
      return out;
    }
    case 'array':
      return (value as unknown[]).map((element) => shaped(schema.item as Wrapping, element));
    case 'variant': {
      // The option whose discriminator the value carries.
      const option = schema.options!.find((o) => {
        const discriminator = (o as Wrapping).entries?.[schema.key!] as v.GenericSchema | undefined;
        return discriminator !== undefined && v.is(discriminator, (value as Record<string, unknown>)[schema.key!]);
      });
      return option ? shaped(option as Wrapping, value) : value;
    }
    default:
      return value;
  }
}
