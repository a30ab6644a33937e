/**
 * The owner's balance and what is held apart, read straight from a property's journal entries (GSI3
 * `PROPLEDGER#<propertyId>`), for the statement tests to reconcile the statement with (docs/reports.md "Owner
 * statement"): the cash of the entries, less what of it is a tenant's deposit or a tax collected (the entry's
 * `depositCents` and `taxShareCents`; a DEPOSIT entry written before them: its whole cash), less what was
 * charged to the owner (the receivable of OWNER invoices).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { rawTable, TABLE } from './table.js';

interface Line {
  account: string;
  debitCents: number;
  creditCents: number;
}

/** The owner's balance, the deposits held and the tax held of the property's entries dated before `day`. */
export async function ownerJournalBefore(
  propertyId: number,
  day: string,
): Promise<{ balanceCents: number; depositCents: number; taxCents: number }> {
  const { Items = [] } = await rawTable.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK < :end',
      ExpressionAttributeValues: { ':pk': `PROPLEDGER#${propertyId}`, ':end': day },
    }),
  );
  const out = { balanceCents: 0, depositCents: 0, taxCents: 0 };
  for (const entry of Items) {
    const lines = entry.lines as Line[];
    const net = (account: string) =>
      lines.filter((l) => l.account === account).reduce((t, l) => t + l.debitCents - l.creditCents, 0);
    if (lines.some((l) => l.account === 'cash')) {
      const cash = net('cash');
      const owner = entry.documentKind === 'OWNER';
      const tax = owner ? 0 : Number(entry.taxShareCents ?? 0);
      const deposit =
        entry.depositCents !== undefined
          ? Number(entry.depositCents)
          : entry.documentKind === 'DEPOSIT'
            ? cash - tax
            : 0;
      out.balanceCents += cash - tax - deposit;
      out.depositCents += deposit;
      out.taxCents += tax;
    } else if (entry.documentKind === 'OWNER' && entry.documentType === 'invoice')
      out.balanceCents -= net('receivable');
  }
  return out;
}
