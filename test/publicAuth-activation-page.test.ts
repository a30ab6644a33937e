/** The activation link as a person opens it (functions/publicAuth/activation-page.ts, docs/tenants.md). */
import { describe, expect, it } from 'vitest';
import { INCOMPLETE_LINK } from '../functions/publicAuth/activation-page.js';
import { adminSession, uniqueEmail } from './support/builders.js';
import { API_URL, Client, latestMailTo } from './support/client.js';

const AUTH = '/API/publicAuth/V1';
const SETTINGS = '/API/adminSettings/V1/settings.json';
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** Registers and returns the link of the activation e-mail and the mail's HTML. */
async function register() {
  const email = uniqueEmail('page');
  const res = await new Client().post(`${AUTH}/register.json`, {
    tenantFirstName: 'Pia <b>',
    tenantLastName: 'Page',
    tenantEmail: email,
    password: 'a-good-password',
    password2: 'a-good-password',
  });
  expect(res.status).toBe(200);
  const mail = await latestMailTo(email);
  const href = mail.body.html?.match(/href="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
  if (!href) throw new Error(`no link in: ${mail.body.html}`);
  return { email, link: new URL(href), html: mail.body.html ?? '' };
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * A browser's request without the test Client: the Client checks answers against the OpenAPI document, which
 * documents the JSON problems, not the error page a browser gets instead.
 */
async function openInBrowser(path: string) {
  const res = await fetch(new URL(path, API_URL), { headers: BROWSER });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the activation link in a browser', () => {
  it('opens in a new tab from the mail', async () => {
    const { html } = await register();
    expect(html).toMatch(/<a href="[^"]+" target="_blank" rel="noopener"[^>]*>Activate my account<\/a>/);
  });

  it('answers a page saying the account is active, with the session cookie and a link to the site', async () => {
    const { email, link } = await register();
    const browser = new Client();
    const res = await browser.get(pathOf(link), { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('vary')).toMatch(/Accept/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.text).toContain('Your account is active');
    expect(res.text).toContain('Welcome, Pia &lt;b&gt;.');
    // Anyone may register any address: the page says what to do when it was not the reader.
    expect(res.text).toContain('If you did not create this account, reset the password now');
    const reset = res.text.match(/<a href="([^"]+)">Reset the password<\/a>/)?.[1]?.replaceAll('&amp;', '&');
    expect(new URL(String(reset)).pathname).toBe('/reset-password');
    expect(new URL(String(reset)).searchParams.get('email')).toBe(email);
    // The site's address is not set in the fixture: the link is this runtime's home page, on its own port.
    expect(res.text).toContain(`<a href="${new URL('/', API_URL).href}">Go to Test Rentals</a>`);
    const me = await browser.get(`${AUTH}/me.json`);
    expect(me.status).toBe(200);
    expect(me.body.tenantEmail).toBe(email);

    const again = await openInBrowser(pathOf(link));
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toMatch(/^text\/html/);
    expect(again.text).toContain('This activation link cannot be used');
    expect(again.text).toContain('invalid, expired or already used');
  });

  it('answers a malformed link with the error page too', async () => {
    const res = await openInBrowser(`${AUTH}/activate.json?tenantEmail=x%40example.test`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('This activation link cannot be used');
    // One plain sentence, not the validator's list of fields.
    expect(res.text).toContain(INCOMPLETE_LINK);
    expect(res.text).not.toMatch(/Invalid query|hash:/);
  });

  it('keeps the spec JSON for clients that do not ask for HTML', async () => {
    const { link } = await register();
    const res = await new Client().get(pathOf(link), { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: true, applyToLeaseId: null });
    const used = await new Client().get(pathOf(link));
    expect(used.status).toBe(400);
    expect(used.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('does not use up the link when it is opened inside a frame', async () => {
    const { link } = await register();
    const framed = await new Client().get(pathOf(link), {
      headers: { ...BROWSER, 'sec-fetch-dest': 'iframe' },
    });
    expect(framed.status).toBe(200);
    expect(framed.text).toContain('Open the link in its own tab');
    expect(framed.text).toContain('target="_blank"');
    expect(framed.headers.get('x-frame-options')).toBeNull();
    const tab = await new Client().get(pathOf(link), {
      headers: { ...BROWSER, 'sec-fetch-dest': 'document' },
    });
    expect(tab.status).toBe(200);
    expect(tab.text).toContain('Your account is active');
  });

  it("links to the site's activation page when tenantActivationPageUrl is set", async () => {
    const admin = await adminSession('super');
    const set = await admin.put(SETTINGS, { tenantActivationPageUrl: 'https://www.example.test/activate' });
    expect(set.status).toBe(200);
    try {
      const { email, link } = await register();
      expect(link.origin + link.pathname).toBe('https://www.example.test/activate');
      expect(link.searchParams.get('tenantEmail')).toBe(email);
      // The site's page calls activate.json with the same query.
      const res = await new Client().get(`${AUTH}/activate.json${link.search}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    } finally {
      await admin.put(SETTINGS, { tenantActivationPageUrl: '' });
    }
  });

  it('names the business as the pages do: the site name, not the legal name', async () => {
    const admin = await adminSession('super');
    expect((await admin.put(SETTINGS, { businessName: 'Test Rentals LLC' })).status).toBe(200);
    try {
      const email = uniqueEmail('name');
      const res = await new Client().post(`${AUTH}/register.json`, {
        tenantFirstName: 'Nina',
        tenantLastName: 'Name',
        tenantEmail: email,
        password: 'a-good-password',
        password2: 'a-good-password',
      });
      expect(res.status).toBe(200);
      const mail = await latestMailTo(email);
      expect(mail.body.text).toContain('Test Rentals');
      expect(mail.body.text).not.toContain('Test Rentals LLC');
      expect(mail.body.html).not.toContain('Test Rentals LLC');
    } finally {
      await admin.put(SETTINGS, { businessName: '' });
    }
  });
});
