import { describe, expect, it } from 'vitest';
import { classNameOf, customerBody, findByNameQuery, findByOwnIdQuery, vendorBody } from './name-lists.js';

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
});
