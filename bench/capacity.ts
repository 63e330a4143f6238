import { commandObservers } from '#shared/data/client';

interface Capacity {
  read: number;
  write: number;
  commands: number;
}

type ConsumedCapacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

const WRITE_COMMANDS = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;

/**
 * Adds up the capacity DynamoDB (Local) reports for every command the data
 * layer sends in this process (the server runs here; load comes from child
 * processes). Needs DYNAMODB_RETURN_CAPACITY=1.
 */
export function capacityMeter() {
  const totals: Capacity = { read: 0, write: 0, commands: 0 };
  commandObservers.add(({ command, output }) => {
    const consumed = (output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity;
    const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
    totals.commands++;
    if (WRITE_COMMANDS.test(command)) totals.write += units;
    else totals.read += units;
  });
  return {
    /** Capacity consumed while `work` runs. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T } & Capacity> {
      const before = { ...totals };
      const result = await work();
      return { result, read: totals.read - before.read, write: totals.write - before.write, commands: totals.commands - before.commands };
    },
  };
}
