import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, type TableDescription } from '@aws-sdk/client-dynamodb';
import { GLOBAL_INDEXES, LOCAL_INDEXES, TABLE_KEYS, TABLE_STREAM_VIEW } from '#shared/data/table-schema';
import { db } from '#shared/data/client';

/**
 * Creates the table as the CDK stack defines it, for DynamoDB Local (dev
 * server, tests, benchmark). In AWS the stack owns the table.
 */
export async function ensureTable(name: string): Promise<'created' | 'exists'> {
  try {
    const { Table } = await db().send(new DescribeTableCommand({ TableName: name }));
    assertCurrentSchema(name, Table);
    return 'exists';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...GLOBAL_INDEXES.flatMap((g) => [g.partitionKey, g.sortKey]),
    ...LOCAL_INDEXES.map((l) => l.sortKey),
  ];
  await db().send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      LocalSecondaryIndexes: LOCAL_INDEXES.map((l) => ({
        IndexName: l.indexName,
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: l.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...l.projection] },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_STREAM_VIEW },
    }),
  );
  return 'created';
}

/** A local table kept from an older version (`--data-dir`) lacks the stream or the history index, which cannot be added later. */
function assertCurrentSchema(name: string, table: TableDescription | undefined) {
  const indexes = new Set((table?.LocalSecondaryIndexes ?? []).map((l) => l.IndexName));
  const missing = LOCAL_INDEXES.some((l) => !indexes.has(l.indexName)) || !table?.StreamSpecification?.StreamEnabled;
  if (missing) {
    throw new Error(
      `Table ${name} was created by an older version (no stream or no scan-history index, which DynamoDB cannot add to a table): ` +
        'remove the data directory, or export and reload the competition into a new table.',
    );
  }
}

/** The table's stream, for the local poller. */
export async function tableStreamArn(name: string): Promise<string> {
  const { Table } = await db().send(new DescribeTableCommand({ TableName: name }));
  if (!Table?.LatestStreamArn) throw new Error(`Table ${name} has no stream`);
  return Table.LatestStreamArn;
}
