/**
 * What is the expense's own in the money document workflow (docs/invoices-expenses.md): the fields of a new
 * expense. The payee (`paytoId`) is an admin or vendor id; vendors have no records, so it is not looked up.
 */
import type { OwnFields } from '../../shared/workflows/money-document/create.js';
import type { CreateExpenseInput } from './schemas.js';

export const fields =
  (input: CreateExpenseInput): OwnFields<'expense'> =>
  (expenseId, expenseDate) => ({
    expenseId,
    description: input.description,
    paytoId: input.paytoId,
    expenseDate,
  });
