import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, siteNameOf, siteUrlOf } from './settings.js';

describe('the one name people see (pages and mails)', () => {
  it('is the site name, else the legal name, else the default', () => {
    expect(siteNameOf({ siteName: 'Seaside Rentals', businessName: 'Seaside Rentals LLC' })).toBe(
      'Seaside Rentals',
    );
    expect(siteNameOf({ siteName: '  ', businessName: 'Seaside Rentals LLC' })).toBe('Seaside Rentals LLC');
    expect(siteNameOf({ siteName: '', businessName: '' })).toBe('Rental Properties');
  });
});

describe("the website's address", () => {
  it('is installUrl when set', () => {
    expect(siteUrlOf({ installUrl: 'https://www.example.test/' }, 'http://localhost:3100')).toBe(
      'https://www.example.test/',
    );
  });

  it("is the API's own home page when none is set, on whatever port it runs (the default)", () => {
    expect(DEFAULT_SETTINGS.installUrl).toBe('');
    expect(siteUrlOf(DEFAULT_SETTINGS, 'http://localhost:3100')).toBe('http://localhost:3100/');
    expect(siteUrlOf({ installUrl: ' ' }, 'https://api.example.test/prod/')).toBe(
      'https://api.example.test/prod/',
    );
  });
});
