import { describe, expect, it } from 'vitest';
import {
  classNameOf,
  customerBody,
  findByNameQuery,
  findByOwnIdQuery,
  ownIdSuffix,
  vendorBody,
} from './name-lists.js';

describe('QuickBooks name lists', () => {
  it('names a Customer after the tenant, ending in our id so two tenants of one name never collide', () => {
    expect(
      customerBody('tenant', '12', { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' }),
    ).toEqual({
      DisplayName: 'Ann Lee (tenant 12)',
      GivenName: 'Ann',
      FamilyName: 'Lee',
      PrimaryEmailAddr: { Address: 'ann@example.test' },
    });
    expect(vendorBody('cleaning-co', undefined).DisplayName).toBe('Payee (payee cleaning-co)');
  });

  it('makes a class name of a property within 100 characters, without the colon QuickBooks reserves', () => {
    const name = classNameOf(`Sea: ${'View '.repeat(40)}`, 2001);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).not.toContain(':');
    expect(name.endsWith(' (property 2001)')).toBe(true);
  });

  it('quotes names in queries, escaping the quote', () => {
    expect(findByNameQuery('Item', "Owner's charges")).toBe(
      "select * from Item where Name = 'Owner\\'s charges'",
    );
    expect(findByOwnIdQuery('Customer', '(tenant 12)')).toBe(
      "select * from Customer where DisplayName like '%(tenant 12)'",
    );
  });

  it('pushes a name with a colon and a double quote as QuickBooks takes it, and finds it by the name sent', () => {
    const customer = customerBody('tenant', '12', { firstName: 'Ann "Annie":', lastName: "O'Neil" });
    expect(customer.DisplayName).toBe("Ann 'Annie'- O'Neil (tenant 12)");
    expect(customer.DisplayName).not.toMatch(/[:"]/);
    expect(findByNameQuery('Customer', customer.DisplayName)).toBe(
      "select * from Customer where DisplayName = 'Ann \\'Annie\\'- O\\'Neil (tenant 12)'",
    );
    const payee = '"Best": Plumbing';
    expect(vendorBody(payee, undefined).DisplayName).toBe("Payee (payee 'Best'- Plumbing)");
    expect(findByOwnIdQuery('Vendor', ownIdSuffix('payee', payee))).toBe(
      "select * from Vendor where DisplayName like '%(payee \\'Best\\'- Plumbing)'",
    );
  });
});
