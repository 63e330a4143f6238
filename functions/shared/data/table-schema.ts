/**
 * The single table's key schema, shared by the CDK stack (which creates the
 * table) and the data layer (which builds keys). Generic names: what an item
 * is lives in its key prefixes, never in the attribute names.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/**
 * Static items only (written at load, never by a scan), so projecting ALL
 * costs no index write during an event.
 */
export const GLOBAL_INDEXES = [
  /** Services by team number. */
  { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Services by subtype. */
  { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
] as const;

/**
 * Local secondary indexes (table partition key, another sort key). lsi1: a
 * service's scan history by check time — result items are keyed by scan_id
 * (their idempotency key), the index orders them by `T#<time>#<scan_id>`.
 * It projects only what the history shows, and what the rules that read it
 * will: `voided` (voids, listed but marked), `scored` (SLA runs count only
 * checks made while scoring was open) and `category` (what the public is
 * shown of a failure in place of `error`). A local index's projection is
 * fixed when the table is created: changing it later means a new table
 * (`category` was added before any deployment; see docs/deploying.md).
 */
export const LOCAL_INDEXES = [
  {
    indexName: 'lsi1',
    sortKey: 'lsi1sk',
    projection: ['scan_id', 'score', 'error', 'category', 'time', 'received_at', 'points', 'scored', 'voided'],
  },
] as const;

/** The stream the fold consumer reads (both images: a later rule may need the old one). */
export const TABLE_STREAM_VIEW = 'NEW_AND_OLD_IMAGES' as const;

export type IndexName = (typeof GLOBAL_INDEXES)[number]['indexName'] | (typeof LOCAL_INDEXES)[number]['indexName'];
