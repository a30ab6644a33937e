/**
 * Accessibility of the pages the local runtime serves, in a real browser (Chromium through playwright-core, as
 * test/browser.test.ts): axe-core on the front page, the payment page (ready to pay, and a bad link), the
 * activation page (active, and a link that cannot be used), the autopay page (signed out, and on) and the docs
 * page (its outline, the reference's overview, an operation, a request sent and answered), failing on any
 * critical or serious violation.
 * Without Chromium the file is skipped with a message saying how to install it.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createLtrProperty, createTenant, createVrProperty, uniqueEmail } from './support/builders.js';
import { API_URL, Client, latestMailTo, signedIn } from './support/client.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
if (!CHROMIUM) {
  console.warn(
    'test/browser-axe.test.ts skipped: no Chromium found. Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH); never `npx playwright install`.',
  );
}

let browser: Browser | undefined;

async function newPage(): Promise<Page> {
  if (!browser) throw new Error('Chromium did not start');
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.setDefaultTimeout(20_000);
  return page;
}

/**
 * Opens `url`, waits for `ready` (the page's final state) and answers axe's critical and serious findings, and
 * whether the page's content is in one `<main>` landmark (axe's moderate `landmark-one-main`, `region`).
 */
async function check(page: Page, url: string, ready: string): Promise<string[]> {
  await page.goto(url);
  await page.getByText(ready).first().waitFor();
  const landmarks = (await page.locator('main').count()) === 1 ? [] : ['no single <main> landmark'];
  return [...landmarks, ...(await seriousViolations(page))];
}

describe.skipIf(!CHROMIUM)('accessibility of the pages we serve (axe-core)', () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM ?? '', args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('finds what it must: a page with an unlabelled field and an image without text fails', async () => {
    const page = await newPage();
    await page.setContent('<main><h1>x</h1><img src="/favicon.svg"><input id="q"></main>');
    const found = await seriousViolations(page);
    expect(found.map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['image-alt', 'label']));
    await page.close();
  });

  it('the front page', async () => {
    const page = await newPage();
    expect(await check(page, `${API_URL}/`, 'Rental property management API')).toEqual([]);
    await page.close();
  });

  it('the payment page, ready to pay and with a bad link', async () => {
    const propertyId = await createVrProperty({ units: 1, propertyRate: '110' });
    const booked = await guestBook(guestBody(propertyId, siteDay(60), siteDay(62)));
    expect(booked.status, booked.text).toBe(200);
    const page = await newPage();
    expect(await check(page, String(booked.body.paymentUrl), 'Ready to pay.')).toEqual([]);
    expect(await check(page, `${API_URL}/pay`, 'This payment link does not work')).toEqual([]);
    await page.close();
  });

  it('the activation page, active and used up', async () => {
    const email = uniqueEmail('axe');
    const res = await new Client().post('/API/publicAuth/V1/register.json', {
      tenantFirstName: 'Ada',
      tenantLastName: 'Axe',
      tenantEmail: email,
      password: 'a-good-password',
      password2: 'a-good-password',
    });
    expect(res.status).toBe(200);
    const link = (await latestMailTo(email)).body.text?.match(/https?:\/\/\S+activate\.json\?\S+/)?.[0];
    if (!link) throw new Error('no activation link');
    const page = await newPage();
    expect(await check(page, link, 'Your account is active')).toEqual([]);
    expect(await check(page, link, 'This activation link cannot be used')).toEqual([]);
    await page.close();
  });

  it('the docs page: its outline, the reference’s overview, an operation with a body to send, and its answer, and an operation drawn by the server', async () => {
    const page = await newPage();
    page.setDefaultTimeout(60_000);
    // The outline (the page as first drawn), then the reference's own overview.
    expect(await check(page, `${API_URL}/docs`, 'Rental property management API')).toEqual([]);
    await page.getByRole('link', { name: 'The interactive reference' }).click();
    await page.getByRole('link', { name: 'Overview' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${API_URL}/docs#/operations/publicBooking.quote`);
    await page.getByRole('button', { name: 'Send API Request' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send API Request' }).click();
    // Its answer, whatever it is on this file's data (a quote of a demo property the base fixture may not have).
    await page
      .getByText(/^\d{3} [A-Z][A-Za-z ]+$/)
      .filter({ hasNot: page.locator('[role="tab"]') })
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    // A link straight to an operation: its view drawn by the server, before the reference is loaded.
    const deep = await newPage();
    expect(
      await check(
        deep,
        `${API_URL}/docs#/operations/adminProperties.get.alias`,
        'Try it: open the interactive reference',
      ),
    ).toEqual([]);
    await deep.close();
  }, 120_000);

  it('the autopay page, signed out and with autopay on', async () => {
    const tenant = await createTenant({ isActive: 1 });
    const admin = await signedIn('super');
    const created = await admin.post('/API/adminInvoices/V1/invoices.json', {
      description: 'RENT',
      dueDate: siteDay(-1),
      tenantId: tenant.tenantId,
      propertyId: await createLtrProperty(),
      lineItems: [{ description: 'Rent', amount: 900, quantity: 1, taxed: false }],
    });
    expect(created.status, created.text).toBe(201);
    const page = await newPage();
    expect(await check(page, `${API_URL}/autopay`, 'Sign in as a tenant')).toEqual([]);
    await page.getByLabel('Tenant e-mail').fill(tenant.tenantEmail);
    await page.getByLabel('Password').fill(tenant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Autopay is off.').waitFor();
    await page.getByRole('button', { name: 'Save the card and turn autopay on' }).click();
    await page.getByText('Saved. Autopay is on').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
