import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES, LOCAL_INDEXES, TABLE_KEYS, TABLE_STREAM_VIEW } from '#shared/data/table-schema';

export interface ScoringTableProps {
  readonly tableName: string;
  /** Deletion protection and RETAIN when true; neither (DESTROY) for throw-away stages. */
  readonly retainData: boolean;
}

/**
 * The single table: on demand, point-in-time recovery, the key schema and
 * indexes of functions/shared/data/table-schema.ts (global indexes project
 * ALL: their items are static; the history LSI projects only what it lists),
 * and a stream (new and old images) for the fold consumer. A local index can
 * only be created with the table: a table deployed before it existed must be
 * replaced (export and reload the competition).
 */
export class ScoringTable extends Construct {
  readonly table: Table;
  /** The ARNs of the indexes, for exact IAM grants. */
  readonly indexArns: string[];

  constructor(scope: Construct, id: string, props: ScoringTableProps) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      tableName: props.tableName,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Idempotency keys carry their expiry here; DynamoDB deletes them (late: expiry is also checked on read).
      timeToLiveAttribute: 'ttl',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      stream: StreamViewType[TABLE_STREAM_VIEW],
    });
    for (const index of LOCAL_INDEXES) {
      this.table.addLocalSecondaryIndex({
        indexName: index.indexName,
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.INCLUDE,
        nonKeyAttributes: [...index.projection],
      });
    }
    for (const index of GLOBAL_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.indexArns = [...GLOBAL_INDEXES, ...LOCAL_INDEXES].map((index) => `${this.table.tableArn}/index/${index.indexName}`);
  }
}
