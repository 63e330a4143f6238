import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { inSchemaOrder, named } from '#shared/domain/shapes';

const File = named('File', 'A file.', v.strictObject({ key: v.string(), size: v.number() }));
const Thing = v.pipe(
  v.strictObject({
    id: v.number(),
    files: v.array(File),
    latest: v.nullable(v.strictObject({ n: v.number(), at: v.string() })),
    note: v.optional(v.string()),
    kind: v.variant('type', [v.strictObject({ type: v.literal('a'), a: v.number() }), v.strictObject({ type: v.literal('b'), b: v.string() })]),
  }),
  v.description('A thing.'),
);

describe('inSchemaOrder', () => {
  it("gives a stored item exactly its schema's fields, in the schema's order, all the way down", () => {
    const stored = {
      sk: 'THING#1',
      kind: { b: 'x', type: 'b', extra: 1 },
      latest: { at: '2026-11-29T10:00:00Z', n: 2, stray: true },
      files: [{ size: 3, key: 'k', pk: 'FILE' }],
      pk: 'THINGS',
      id: 1,
    };
    const shaped = inSchemaOrder(Thing, stored);
    expect(JSON.stringify(shaped)).toBe('{"id":1,"files":[{"key":"k","size":3}],"latest":{"n":2,"at":"2026-11-29T10:00:00Z"},"kind":{"type":"b","b":"x"}}');
  });

  it('keeps null where the schema allows it, and leaves a missing optional field absent', () => {
    const shaped = inSchemaOrder(Thing, { note: 'n', latest: null, files: [], kind: { type: 'a', a: 1 }, id: 2 });
    expect(JSON.stringify(shaped)).toBe('{"id":2,"files":[],"latest":null,"note":"n","kind":{"type":"a","a":1}}');
    expect(Object.keys(inSchemaOrder(Thing, { id: 3, files: [], latest: null, kind: { type: 'a', a: 0 } }))).not.toContain('note');
  });
});
