/**
 * The data: the single table from the shared definition (the local runtime creates it from the same one) and
 * the two KMS keys, the table's and the one that wraps the data key of the encrypted fields (AES-256-GCM:
 * tenant contact fields, the CAPTCHA provider's secret key).
 */
import type { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES, KEY } from '../../../shared/db/table-definition.js';

export interface DataStoreProps {
  readonly name: string;
  /** Off for a first create (context protection): a failed create must be able to delete the table. */
  readonly deletionProtection: boolean;
  readonly removalPolicy: RemovalPolicy;
  /**
   * Units a second the table serves at once (capacity.ts): an on-demand table otherwise starts at
   * DynamoDB's floor and only doubles its peak over time, so the booking peak would be throttled on day one.
   */
  readonly warmThroughput: { reads: number; writes: number };
}

export class DataStore extends Construct {
  readonly table: dynamodb.TableV2;
  readonly tableKey: kms.Key;
  readonly dataKey: kms.Key;

  constructor(scope: Construct, id: string, props: DataStoreProps) {
    super(scope, id);
    const { name, removalPolicy } = props;
    this.tableKey = new kms.Key(this, 'TableKey', {
      description: `${name}: encrypts the DynamoDB table`,
      enableKeyRotation: true,
      removalPolicy,
    });
    this.dataKey = new kms.Key(this, 'DataKey', {
      description: `${name}: wraps the data keys that encrypt sensitive fields`,
      enableKeyRotation: true,
      removalPolicy,
    });
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: KEY.pk, type: dynamodb.AttributeType.STRING },
      sortKey: { name: KEY.sk, type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.pk, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sk, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      timeToLiveAttribute: KEY.ttl,
      // The table-change jobs read it (docs/jobs.md); both images, so a consumer sees what changed.
      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      billing: dynamodb.Billing.onDemand(),
      warmThroughput: {
        readUnitsPerSecond: props.warmThroughput.reads,
        writeUnitsPerSecond: props.warmThroughput.writes,
      },
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.deletionProtection,
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(this.tableKey),
      removalPolicy,
    });
  }
}
