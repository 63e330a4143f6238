import { describe, expect, it } from 'vitest';
import { capacityByRound, unitsOf } from '../../bench/rehearsal/capacity';

/** The rehearsal's capacity meter (bench/rehearsal/capacity.ts): what each answer consumed, added up by round. */
describe("the rehearsal's capacity meter", () => {
  it('reads the units an answer reports, a write as a write, a transaction twice', () => {
    expect(unitsOf('GetItem', { Item: {}, ConsumedCapacity: { TableName: 't', CapacityUnits: 0.5 } })).toEqual({ read: 0.5, write: 0 });
    expect(unitsOf('PutItem', { ConsumedCapacity: { TableName: 't', CapacityUnits: 1 } })).toEqual({ read: 0, write: 1 });
    expect(unitsOf('TransactWriteItems', { ConsumedCapacity: [{ CapacityUnits: 3 }, { CapacityUnits: 1 }] })).toEqual({ read: 0, write: 8 });
    expect(unitsOf('TransactGetItems', { ConsumedCapacity: [{ CapacityUnits: 2 }] })).toEqual({ read: 4, write: 0 });
    expect(unitsOf('Query', { ConsumedCapacity: { ReadCapacityUnits: 1.5, WriteCapacityUnits: 0 } })).toEqual({ read: 1.5, write: 0 });
    expect(unitsOf('GetRecords', { Records: [] })).toEqual({ read: 0, write: 0 });
    expect(unitsOf('Query', null)).toEqual({ read: 0, write: 0 });
  });

  it('puts each command in the round it was answered in: before the first is the setup, past the last the wind-down', () => {
    const start = 1_000_000;
    const lines = [
      { t: start - 1, op: 'PutItem', read: 0, write: 5 },
      { t: start, op: 'Query', read: 2, write: 0 },
      { t: start + 9_999, op: 'PutItem', read: 0, write: 1 },
      { t: start + 10_000, op: 'PutItem', read: 0, write: 2 },
      { t: start + 25_000, op: 'GetItem', read: 0.5, write: 0 },
      { t: start + 99_000, op: 'Query', read: 7, write: 0 },
    ];
    expect(capacityByRound(lines, start, 10_000, 2)).toEqual([
      { round: 0, read: 0, write: 5, commands: 1 },
      { round: 1, read: 2, write: 1, commands: 2 },
      { round: 2, read: 0, write: 2, commands: 1 },
      { round: 3, read: 7.5, write: 0, commands: 2 },
    ]);
  });
});
