/**
 * The CMS block row (docs/data-model.md C1): `CONTENT / BLOCKS`, one attribute per block. A write sets only
 * the given blocks (one admin edits one block without resending the others, and two admins editing
 * different blocks never overwrite each other), conditioned on the version read, so the audit log's old
 * values are the ones the write replaced.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import type { ContentRecord } from '../domain/content.js';

export interface StoredBlocks {
  blocks: ContentRecord;
  /** 0 for a row that does not exist yet or was written before rows had versions. */
  version: number;
}

export const BLOCKS_UPDATE_LABEL = 'update:contentBlocks';

export async function getBlocks(): Promise<StoredBlocks> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.contentBlocks() }));
  return Item
    ? { blocks: stripKeys<ContentRecord>(Item), version: Number(Item.version ?? 0) }
    : { blocks: {}, version: 0 };
}

/** Sets the given blocks on the row read at `current.version`; a failed part means another write came first. */
export function blocksUpdatePart(current: StoredBlocks, blocks: ContentRecord): TxPart {
  return part.update(
    BLOCKS_UPDATE_LABEL,
    keys.contentBlocks(),
    { set: { ...blocks, entity: 'contentBlocks', version: current.version + 1 } },
    current.version === 0
      ? { condition: 'attribute_not_exists(#version)', names: { '#version': 'version' } }
      : {
          condition: '#version = :read',
          names: { '#version': 'version' },
          values: { ':read': current.version },
        },
  );
}
