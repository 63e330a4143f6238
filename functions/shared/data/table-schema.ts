/**
 * The single table's key schema, shared by the CDK stack (which creates the
 * table) and the data layer (which builds keys). Generic names: what an item
 * is lives in its key prefixes, never in the attribute names.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const GLOBAL_INDEXES = [
  /** Services by team number. */
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Services by subtype. */
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

export type IndexName = (typeof GLOBAL_INDEXES)[number]['indexName'];
