/**
 * Reads a DynamoDB Local table's stream with the Streams API (DescribeStream, GetShardIterator, GetRecords)
 * and hands out the records in the shape Lambda delivers them. Used by the local job runner.
 *
 * Where it starts: the shards open when it opens are read from LATEST — the runtime opens it before it serves
 * a request, so every change made through the runtime is seen, and a restart of a persisted store does not
 * replay the stream's last 24 hours (consumers are idempotent, but a replay would redo a day of work at each
 * start). Shards that appear later are read from TRIM_HORIZON: all of their records are new.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  type DynamoDBStreamsClientConfig,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamsRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';

const REPOSITION = new Set(['ExpiredIteratorException', 'TrimmedDataAccessException']);

interface Shard {
  iterator: string | undefined;
  lastSequence: string | undefined;
}

export class StreamReader {
  private readonly shards = new Map<string, Shard>();
  private readonly known = new Set<string>();

  private constructor(
    private readonly streams: DynamoDBStreamsClient,
    readonly streamArn: string,
    private readonly region: string,
  ) {}

  /** The reader of a table's stream, positioned at its tip; undefined when the table has no stream. */
  static async open(
    tables: DynamoDBClient,
    tableName: string,
    config: DynamoDBStreamsClientConfig & { region: string },
  ): Promise<StreamReader | undefined> {
    const { Table } = await tables.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.LatestStreamArn) return undefined;
    const reader = new StreamReader(new DynamoDBStreamsClient(config), Table.LatestStreamArn, config.region);
    await reader.discoverShards(true);
    return reader;
  }

  /** Starts reading shards not seen before (a shard closes and its children take over). */
  async discoverShards(atStart = false): Promise<void> {
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await this.streams.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId;
        if (!id || this.known.has(id)) continue;
        this.known.add(id);
        const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        if (atStart && closed) continue; // history from before this start
        this.shards.set(id, { iterator: await this.iterator(id, atStart), lastSequence: undefined });
      }
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
  }

  /** One GetRecords on every open shard: the records written since the last read, in order per shard. */
  async readOnce(): Promise<DynamoDBRecord[]> {
    const read: DynamoDBRecord[] = [];
    for (const [id, shard] of this.shards) {
      if (!shard.iterator) {
        this.shards.delete(id); // closed and fully read
        continue;
      }
      try {
        const page = await this.streams.send(
          new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }),
        );
        const records = (page.Records ?? []).map((r) => this.toLambdaRecord(r));
        read.push(...records);
        shard.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber ?? shard.lastSequence;
        shard.iterator = page.NextShardIterator;
      } catch (error) {
        // An expired iterator, or one DynamoDB Local says points before the shard's oldest record (it says so
        // for a LATEST iterator taken on a shard that was still empty): read on after the last record handled,
        // or from the shard's start when none was (consumers are idempotent, so a replay is harmless).
        if (!REPOSITION.has((error as Error).name)) throw error;
        shard.iterator = await this.iterator(id, false, shard.lastSequence);
      }
    }
    return read;
  }

  destroy(): void {
    this.streams.destroy();
  }

  private async iterator(shardId: string, atTip: boolean, after?: string) {
    const position = after
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
      : { ShardIteratorType: atTip ? ('LATEST' as const) : ('TRIM_HORIZON' as const) };
    const { ShardIterator } = await this.streams.send(
      new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shardId, ...position }),
    );
    return ShardIterator;
  }

  /** A Streams API record as Lambda delivers it (creation time in epoch seconds, the event source fields). */
  private toLambdaRecord(record: StreamsRecord): DynamoDBRecord {
    const stream = record.dynamodb ?? {};
    const created = stream.ApproximateCreationDateTime;
    return {
      eventID: record.eventID,
      eventName: record.eventName,
      eventVersion: record.eventVersion ?? '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: record.awsRegion ?? this.region,
      eventSourceARN: this.streamArn,
      dynamodb: {
        ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
        ...(stream.Keys ? { Keys: stream.Keys } : {}),
        ...(stream.NewImage ? { NewImage: stream.NewImage } : {}),
        ...(stream.OldImage ? { OldImage: stream.OldImage } : {}),
        ...(stream.SequenceNumber ? { SequenceNumber: stream.SequenceNumber } : {}),
        ...(stream.SizeBytes !== undefined ? { SizeBytes: stream.SizeBytes } : {}),
        ...(stream.StreamViewType ? { StreamViewType: stream.StreamViewType } : {}),
      },
    } as DynamoDBRecord;
  }
}
