/**
 * Booking orders (docs/data-model.md R5): one `ORDER#<id>` item per website booking, written in the booking's
 * transaction (`put:order <id>`). The order ties the reservation, the guest's tenant and the invoice (null
 * when the total is 0) together; the booking result's `orderId` names it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';
import { stripKeys } from '../db/query.js';
import { part, type TxPart } from '../db/transaction.js';
import type { OrderRecord } from '../domain/booking/order.js';

export const insertOrderPart = (order: OrderRecord): TxPart =>
  part.putIfAbsent(`put:order ${order.orderId}`, { ...keys.order(order.orderId), entity: 'order', ...order });

export async function getOrder(orderId: number): Promise<OrderRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.order(orderId) }));
  return Item ? stripKeys<OrderRecord>(Item) : undefined;
}
