import { describe, expect, it } from 'vitest';
import { errorPage, prefersHtml, successPage } from './activation-page.js';
import { claimErrorPage, claimSuccessPage } from './claim-page.js';
import { activationLink, activationPageUrl } from './rules.js';

describe('which answer the activation link gets', () => {
  it('is a page for a browser navigation and JSON for everyone else', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
  });
});

describe('the e-mailed link', () => {
  it("leads to the site's activation page when the setting names one", () => {
    const token = 'T'.repeat(43);
    const page = activationPageUrl('https://example.test/activate?lang=en', 'http://localhost:3000');
    const link = new URL(activationLink(page, 'a@example.test', token, 3));
    expect(link.origin + link.pathname).toBe('https://example.test/activate');
    expect(link.searchParams.get('lang')).toBe('en');
    expect(link.searchParams.get('hash')).toBe(token);
    expect(link.searchParams.get('applyToLeaseId')).toBe('3');
  });
});

describe('the pages', () => {
  const site = { name: 'Oak & <Pine>', url: 'https://example.test/?a=1&b="2"' };

  it('escape every value they show', () => {
    const html = successPage(site, { user: { tenantFirstName: '<img src=x onerror=alert(1)>' } });
    expect(html).toContain('Your account is active');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Oak &amp; &lt;Pine&gt;');
    expect(html).toContain('href="https://example.test/?a=1&amp;b=&quot;2&quot;"');
    expect(errorPage(site, 400, '<b>bad</b>')).toContain('&lt;b&gt;bad&lt;/b&gt;');
  });

  it('say what went wrong and what to do', () => {
    const html = errorPage(
      { name: 'x', url: undefined },
      400,
      'This activation link is invalid, expired or already used',
    );
    expect(html).toContain('This activation link cannot be used');
    expect(html).toContain('invalid, expired or already used');
    expect(html).toContain('register again');
    expect(errorPage({ name: 'x', url: undefined }, 500, 'internal')).not.toContain('internal');
  });
});

describe('the claim link’s pages', () => {
  const site = { name: 'Oak & <Pine>', url: undefined };

  it('count what was added, escape the site’s name, and say what to do otherwise', () => {
    const two = claimSuccessPage(site, { reservationIds: [1, 2], invoiceIds: [3, 4] });
    expect(two).toContain('We added 2 bookings and 2 invoices to your Oak &amp; &lt;Pine&gt; account.');
    expect(claimSuccessPage(site, { reservationIds: [], invoiceIds: [] })).toContain(
      'Nothing was left to add',
    );
    const signIn = claimErrorPage(site, 401, 'x');
    expect(signIn).toContain('Sign in first');
    expect(signIn).toContain('If you did not create this account, reset the password');
    expect(claimErrorPage(site, 404, 'x')).toContain('This link cannot be used');
    expect(claimErrorPage(site, 500, '<b>internal</b>')).not.toContain('internal');
  });
});
