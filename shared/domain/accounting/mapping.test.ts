import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING, mappingInput, mappingOf, mergeMapping } from './mapping.js';

describe('the accounting mapping', () => {
  it('maps DEPOSIT and the tax to liability accounts by default, every other invoice type to income', () => {
    expect(DEFAULT_MAPPING.invoiceTypes.DEPOSIT.account.type).toBe('Other Current Liability');
    expect(DEFAULT_MAPPING.tax.account.type).toBe('Other Current Liability');
    for (const [type, choice] of Object.entries(DEFAULT_MAPPING.invoiceTypes))
      if (type !== 'DEPOSIT') expect(choice.account.type, type).toBe('Income');
  });

  it('replaces only what a change names', () => {
    const input = v.parse(mappingInput, {
      invoiceTypes: { RENT: { item: 'Monthly rent', account: { name: 'Rents', type: 'Income' } } },
      classes: false,
    });
    const after = mergeMapping(DEFAULT_MAPPING, input);
    expect(after.invoiceTypes.RENT.item).toBe('Monthly rent');
    expect(after.invoiceTypes.BOOKING).toEqual(DEFAULT_MAPPING.invoiceTypes.BOOKING);
    expect(after.classes).toBe(false);
    expect(after.tax).toEqual(DEFAULT_MAPPING.tax);
  });

  it('refuses names QuickBooks refuses, unknown types and keys, and unknown account types', () => {
    const bad = [
      { tax: { item: 'Tax: state', account: { name: 'Taxes', type: 'Other Current Liability' } } },
      { tax: { item: 'x'.repeat(101), account: { name: 'Taxes', type: 'Other Current Liability' } } },
      { invoiceTypes: { PARKING: { item: 'P', account: { name: 'P', type: 'Income' } } } },
      { depositAccount: { name: 'Undeposited', type: 'Piggy bank' } },
      { colour: 'blue' },
    ];
    for (const input of bad)
      expect(v.safeParse(mappingInput, input).success, JSON.stringify(input)).toBe(false);
  });

  it('refuses a DEPOSIT or tax mapped to anything but a liability, naming the field: money held is never income', () => {
    for (const input of [
      { invoiceTypes: { DEPOSIT: { item: 'Deposit', account: { name: 'Deposit income', type: 'Income' } } } },
      { tax: { item: 'Tax', account: { name: 'Tax income', type: 'Other Income' } } },
    ]) {
      const parsed = v.safeParse(mappingInput, input);
      expect(parsed.success, JSON.stringify(input)).toBe(false);
      const path = parsed.issues?.[0]?.path?.map((p) => String(p.key)).join('.');
      expect(path).toMatch(/(invoiceTypes\.DEPOSIT|tax)\.account\.type$/);
    }
    const held = { item: 'Deposit', account: { name: 'Tenant deposits', type: 'Other Current Liability' } };
    expect(v.safeParse(mappingInput, { invoiceTypes: { DEPOSIT: held } }).success).toBe(true);
  });

  it('reads a stored DEPOSIT or tax choice kept before it had to be a liability as the default liability', () => {
    const kept = mappingOf({
      invoiceTypes: { DEPOSIT: { item: 'Deposit', account: { name: 'Deposit income', type: 'Income' } } },
      classes: false,
    });
    expect(kept.invoiceTypes.DEPOSIT).toEqual(DEFAULT_MAPPING.invoiceTypes.DEPOSIT);
    expect(kept.classes).toBe(false);
  });

  it('reads an older stored mapping with the defaults filling what it lacks, and a broken one as the defaults', () => {
    expect(mappingOf({ classes: false }).invoiceTypes.OWNER).toEqual(DEFAULT_MAPPING.invoiceTypes.OWNER);
    expect(mappingOf({ classes: false }).classes).toBe(false);
    expect(mappingOf('not a mapping')).toEqual(DEFAULT_MAPPING);
  });
});
