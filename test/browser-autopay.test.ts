/**
 * The local autopay page in a real browser (Chromium through playwright-core; infra/local/autopay-page.ts,
 * docs/local-runtime.md "The local card pages"): a tenant signs in, saves a test card at the Stripe stand-in and
 * sees autopay on, with the open invoice autopay will not charge and its payment link. Chromium comes from the
 * system, as in test/browser.test.ts; without it the file is skipped with a message saying how to install it.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLtrProperty, createTenant } from './support/builders.js';
import { API_URL, signedIn } from './support/client.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
if (!CHROMIUM) {
  console.warn(
    'test/browser-autopay.test.ts skipped: no Chromium found. Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH); never `npx playwright install`.',
  );
}

let browser: Browser | undefined;

describe.skipIf(!CHROMIUM)('the autopay page in a browser', () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM ?? '', args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('a tenant signs in, saves a test card and sees autopay on, and what it leaves to pay with its link', async () => {
    const tenant = await createTenant({ isActive: 1 });
    const admin = await signedIn('super');
    const propertyId = await createLtrProperty();
    // Rent staff invoiced, due yesterday: autopay does not charge it.
    const due = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const created = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'RENT',
      dueDate: due,
      tenantId: tenant.tenantId,
      propertyId,
      lineItems: [{ description: 'Rent', amount: 1200, quantity: 1, taxed: false }],
    });
    expect(created.status, created.text).toBe(201);
    const invoiceId = Number(created.body.invoiceId);

    if (!browser) throw new Error('Chromium did not start');
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    page.setDefaultTimeout(20_000);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('401')) refused.push(message.text());
    });
    await page.goto(`${API_URL}/autopay`);
    await page.getByText('Sign in as a tenant to set up autopay.').waitFor();
    await page.getByLabel('Tenant e-mail').fill(tenant.tenantEmail);
    await page.getByLabel('Password').fill(tenant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Autopay is off.').waitFor();

    await page.getByLabel('Test card').selectOption('pm_card_visa');
    await page.getByRole('button', { name: 'Save the card and turn autopay on' }).click();
    // The card and the money read as the mails read them.
    await page.getByText('Saved. Autopay is on with your Visa ending in 4242.').waitFor();
    await expect(page.locator('#state').textContent()).resolves.toBe('Autopay is on: Visa ending in 4242.');
    const left = page.locator('#will-not-charge-list li');
    await expect(left.count()).resolves.toBe(1);
    await expect(left.first().textContent()).resolves.toContain(`(invoice #${invoiceId}): $1,200.00, due `);
    const href = await left.first().locator('a').getAttribute('href');
    const link = new URL(String(href));
    expect(`${link.origin}${link.pathname}`).toBe(`${API_URL}/pay`);
    expect(link.searchParams.get('invoiceId')).toBe(String(invoiceId));
    expect(refused).toEqual([]);

    // What the page shows is what the API says.
    const tenantApi = await page.request.get(`${API_URL}/API/tenantPortal/V1/autopay.json`);
    expect(await tenantApi.json()).toMatchObject({ enabled: true, brand: 'visa', last4: '4242' });

    // Every link on the page works: none opens a payment page that says its link does not work.
    const hrefs = await page
      .locator('a')
      .evaluateAll((links) => links.map((a) => (a as unknown as { href: string }).href));
    for (const other of hrefs) {
      const opened = await browser.newPage();
      await opened.goto(other);
      if (new URL(other).pathname === '/pay') await opened.getByText('Ready to pay.').waitFor();
      else expect((await opened.request.get(other)).status(), other).toBe(200);
      await opened.close();
    }

    // Its pay link opens the payment page, ready to pay the amount due.
    await page.goto(String(href));
    await page.getByText('Ready to pay.').waitFor();
    await page.close();
  }, 90_000);
});
