import * as v from 'valibot';

/**
 * What several areas' queries share: a page of a list (how many, and where to resume).
 */

/**
 * A paged list's query fields: how many of `what` a page holds (a whole
 * number from 1 to `max`, `fallback` when left out) and the cursor it
 * resumes at. Every paged route's query spreads them.
 */
export function pageQuery(what: string, max: number, fallback: number, note = '') {
  const range = `must be a whole number from 1 to ${max}`;
  return {
    limit: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[1-9]\d{0,2}$/, range),
        v.transform(Number),
        v.maxValue(max, range),
        v.description(`How many ${what}, 1–${max} (default ${fallback})${note}.`),
      ),
      String(fallback),
    ),
    cursor: v.optional(v.pipe(v.string(), v.maxLength(1024, 'is not a cursor this API hands out'), v.description('The `cursor` of the previous page.'))),
  };
}
