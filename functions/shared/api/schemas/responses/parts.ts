import * as v from 'valibot';

/**
 * The pieces every area's answers are made of (ids, counts, times, a titled
 * component, the freeze's fields): not answers themselves, so not in all.ts.
 */

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const Points = v.pipe(v.number(), v.integer());

export const Time = v.pipe(v.string(), v.isoTimestamp(), v.description('An RFC 3339 instant in UTC, e.g. 2026-11-22T10:15:00Z.'));

export const named = <S extends v.GenericSchema>(title: string, description: string, schema: S) => v.pipe(schema, v.title(title), v.description(description));

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
