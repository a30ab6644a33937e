/**
 * What a person sees in a real browser (Chromium through playwright-core): the front page and its links, the
 * docs page (every registry operation linked, "Send API Request" answering), the activation e-mail on the mail
 * page, whose link activates the account with a success page, and a booking paid on the local payment page
 * (what it pays, and the receipt e-mail on the mail page). Chromium comes from the system (`apt-get install
 * -y chromium`; .ci/run installs it); playwright never downloads a browser. Without it the file is skipped with
 * a message saying how to install it (docs/testing.md). BROWSER_SCREENSHOTS=dir keeps screenshots there.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import { ALIAS_MARK } from '../infra/openapi.js';
import { guestBody, guestBook, siteDay } from './support/booking.js';
import { createVrProperty, uniqueEmail } from './support/builders.js';
import { ADMINS, API_URL, Client, latestMailTo, MAIL_URL, signedIn } from './support/client.js';
import { expectBooksWhole } from './support/payments.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path): path is string => !!path && existsSync(path),
);
if (!CHROMIUM) {
  console.warn(
    'test/browser.test.ts skipped: no Chromium found. Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH); never `npx playwright install`.',
  );
}

const SHOTS = process.env.BROWSER_SCREENSHOTS;
let browser: Browser | undefined;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The docs page's reference (Stoplight Elements) draws one operation at a time, but only once it has read the
 * whole document (640 KB of JSON): a second on an idle machine, many more on a busy one. A generous deadline for that
 * first drawing, and a longer one than other pages get for each later step (an operation opened, a request
 * sent and its answer drawn).
 */
const DOCS_RENDER_MS = 60_000;
const DOCS_STEP_MS = 30_000;

/** The "Try it" of an operation drawn by the server, which loads the reference on it. */
const tryIt = (page: Page) => page.getByRole('button', { name: /^Try it/ });

/** A link straight to an operation: its view drawn by the server, then "Try it" and the reference drawn. */
async function openDocs(page: Page, url: string): Promise<void> {
  page.setDefaultTimeout(DOCS_STEP_MS);
  await page.goto(url);
  await tryIt(page).click();
  // The sidebar's first entry, drawn with the rest of the page once the document is read.
  await page.getByRole('link', { name: 'Overview' }).waitFor({ timeout: DOCS_RENDER_MS });
}

/** The answer's status line of the operation shown (none before a request is sent). */
const answerStatus = (page: Page) =>
  page.getByText(/^\d{3} [A-Z][A-Za-z ]+$/).filter({ hasNot: page.locator('[role="tab"]') });

/** "Send API Request" on the operation shown, and the status line of the answer drawn below it. */
async function sendRequest(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Send API Request' }).click();
  return (await answerStatus(page).first().textContent({ timeout: DOCS_STEP_MS })) ?? '';
}

/** `METHOD path` → operationId, from the document the page draws. */
async function operationIds(page: Page, origin: string): Promise<Map<string, string>> {
  const document = (await (await page.request.get(`${origin}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation.operationId) ids.set(`${method.toUpperCase()} ${path}`, operation.operationId);
  return ids;
}

/** An amount as the mails write it (the site is en_US, USD): `$1,450.00`. */
const dollars = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/** A day as the payment page writes it: `December 2, 2026`. */
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

async function newPage(): Promise<Page> {
  if (!browser) throw new Error('Chromium did not start');
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  page.setDefaultTimeout(20_000);
  return page;
}

describe.skipIf(!CHROMIUM)('in a browser', () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM ?? '', args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('the front page links the docs, the OpenAPI document, the mail page and a first call, all working', async () => {
    const page = await newPage();
    await page.goto(`${API_URL}/`);
    await expect(page.locator('h1').textContent()).resolves.toContain('Rental property management API');
    await shot(page, 'home');
    const hrefs = await page
      .locator('a')
      .evaluateAll((links) => links.map((a) => (a as unknown as { href: string }).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    for (const href of hrefs) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
    const icon = await page.request.get(`${API_URL}/favicon.ico`);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
    await page.close();
  }, 60_000);

  it(
    'the docs page links every registry operation, "Send API Request" of the VR list answers 200, and the quote starts from its example',
    async () => {
      const page = await newPage();
      page.setDefaultTimeout(DOCS_STEP_MS);
      await page.goto(`${API_URL}/docs`);
      // The outline, drawn by the server: every operation, without the reference loaded.
      await page.getByRole('heading', { name: 'Rental property management API', level: 1 }).waitFor();
      const linked = await page
        .locator('#outline a[href^="#/operations/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const ids = await operationIds(page, API_URL);
      for (const route of ROUTES) {
        const operation = `${route.method} ${route.path}`;
        expect(linked, operation).toContain(`#/operations/${ids.get(operation)}`);
      }
      await expect(page.evaluate('typeof customElements.get("elements-api")')).resolves.toBe('undefined');

      // An operation followed from the outline opens in the reference, which then draws its own sidebar.
      await page.getByRole('link', { name: 'VR properties on the website' }).first().click();
      await page.getByRole('link', { name: 'Overview' }).waitFor({ timeout: DOCS_RENDER_MS });
      await expect(sendRequest(page)).resolves.toBe('200 OK');
      // Back to the outline, whose section links stay on it.
      await page.goBack();
      await page.getByRole('link', { name: 'Admin leases', exact: true }).click();
      await expect(page.evaluate('location.hash')).resolves.toBe('#section-admin-leases');
      await expect(page.locator('#outline').isVisible()).resolves.toBe(true);
      await expect(page.locator('#reference').isHidden()).resolves.toBe(true);

      // The request starts from the demo store's example (infra/openapi-examples.ts), not from "string" and 0.
      // A deep link shows the operation drawn by the server at once, without the reference (seconds of work
      // on a slow device); "Try it" loads the reference on it.
      await page.close();
      const deep = await newPage();
      deep.setDefaultTimeout(DOCS_STEP_MS);
      await deep.goto(`${API_URL}/docs#/operations/publicBooking.quote`);
      const view = deep.locator('#operation');
      await view.getByRole('heading', { level: 1 }).waitFor();
      await expect(view.locator('.route').textContent()).resolves.toBe(
        'POST /API/publicBooking/V1/quote.json',
      );
      await expect(view.getByRole('table', { name: 'The fields' }).textContent()).resolves.toContain(
        'couponCode',
      );
      const drawnExample = JSON.parse((await view.locator('pre').first().textContent()) ?? '') as object;
      expect(drawnExample).toMatchObject({ propertyId: 2001, couponCode: 'WELCOME10' });
      await expect(deep.locator('#outline').isHidden()).resolves.toBe(true);
      await expect(deep.evaluate('typeof customElements.get("elements-api")')).resolves.toBe('undefined');
      await tryIt(deep).click();
      await deep.getByRole('link', { name: 'Overview' }).waitFor({ timeout: DOCS_RENDER_MS });
      await expect(view.isHidden()).resolves.toBe(true);
      const editor = deep.getByRole('textbox', { name: 'Request body' });
      const body = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
      expect(body).toMatchObject({ propertyId: 2001, couponCode: 'WELCOME10' });
      expect(body.dateFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await deep.close();

      // From an operation's view, "All operations" is the outline (hidden until then, never laid out).
      const back = await newPage();
      await back.goto(`${API_URL}/docs#/operations/adminProperties.get.alias`);
      await back.getByRole('link', { name: 'All operations' }).click();
      await back.getByRole('heading', { name: 'Rental property management API', level: 1 }).waitFor();
      await expect(back.locator('#outline').isVisible()).resolves.toBe(true);
      await expect(back.locator('#operation').isHidden()).resolves.toBe(true);
      await back.close();
    },
    4 * DOCS_RENDER_MS,
  );

  it(
    '"Send API Request" works whether the docs page was opened at localhost or at 127.0.0.1 (its server is the page’s own origin)',
    async () => {
      const port = new URL(API_URL).port;
      for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
        const page = await newPage();
        const refused: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') refused.push(message.text());
        });
        await openDocs(page, `${origin}/docs#/operations/vrProperties.list`);
        const sent = page.waitForRequest((request) => request.url().includes('/API/vrProperties/V1/'));
        await expect(sendRequest(page), origin).resolves.toBe('200 OK');
        // The request went to the page's own origin: no cross-origin call for CORS to refuse.
        expect((await sent).url(), origin).toMatch(
          new RegExp(`^${origin.replaceAll('.', '\\.')}/API/vrProperties/V1/vrProperties\\.json`),
        );
        // Nothing refused either, the page's Content-Security-Policy included.
        expect(refused, origin).toEqual([]);
        // A first visit is light: the renderer and the document come compressed (Swagger UI's page was 3.3 MB).
        const sentBytes = (await page.evaluate(
          '[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].reduce((sum, e) => sum + e.transferSize, 0)',
        )) as number;
        expect(sentBytes, origin).toBeGreaterThan(0);
        expect(sentBytes, origin).toBeLessThan(1_000_000);
        await page.close();
      }
    },
    3 * DOCS_RENDER_MS,
  );

  it(
    'signing in with "Send API Request" serves the session to the other operations: an admin list and an alias path answer 200',
    async () => {
      const page = await newPage();
      await openDocs(page, `${API_URL}/docs#/operations/auth.login`);
      // The example holds the demo store's admin; this file's store has the test fixture's.
      const { adminAPIKey, adminAPISecret } = ADMINS.super;
      await page
        .getByRole('textbox', { name: 'Request body' })
        .fill(JSON.stringify({ adminAPIKey, adminAPISecret }));
      await expect(sendRequest(page)).resolves.toBe('200 OK');
      // The browser kept the session cookie the login set (Elements' default policy, 'omit', drops it).
      const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
      expect(cookies).toContain('pm_admin_session');

      for (const [id, summary] of [
        ['adminProperties.list', 'List LTR and VR properties (landlords see their own)'],
        ['adminProperties.get.alias', `One property, LTR or VR${ALIAS_MARK}`],
      ] as const) {
        await page.evaluate(`location.hash = ${JSON.stringify(`#/operations/${id}`)}`);
        await page.getByRole('heading', { name: summary, exact: true }).first().waitFor();
        // The sidebar lists the operation under the same name (its method after it): an alias is marked there.
        const listed = await page
          .locator(`a[href="#/operations/${id}"]`)
          .evaluateAll((links) => links.map((a) => a.textContent ?? ''));
        expect(
          listed.some((text) => text.startsWith(summary)),
          `${id}: ${listed.join(' | ')}`,
        ).toBe(true);
        await expect(answerStatus(page).count(), id).resolves.toBe(0);
        // Sent with the session cookie (a 401 without it).
        await expect(sendRequest(page), id).resolves.toBe('200 OK');
      }
      await page.close();
    },
    3 * DOCS_RENDER_MS,
  );

  it('the mail page shows the activation mail, and its link opens a page saying the account is active', async () => {
    const email = uniqueEmail('browser');
    const registered = await new Client().post('/API/publicAuth/V1/register.json', {
      tenantFirstName: 'Bea',
      tenantLastName: 'Browser',
      tenantEmail: email,
      password: 'a-good-password',
      password2: 'a-good-password',
    });
    expect(registered.status).toBe(200);

    const page = await newPage();
    const mail = page.locator('.email', { hasText: email });
    const link = mail.frameLocator('iframe').getByRole('link', { name: 'Activate my account' });
    // The mail page writes each mail into an iframe whose own first navigation (`src="javascript:void(0)"`) can
    // land after the write and blank it on a busy machine: a fresh load of the page draws the mail again.
    for (let load = 1; ; load++) {
      await page.goto(`${MAIL_URL}/`);
      await mail.waitFor();
      await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
      const shown = await link.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      if (load === 3) throw new Error('the activation mail drew blank three times on the mail page');
    }
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    await expect(tab.locator('h1').textContent()).resolves.toBe('Your account is active');
    await expect(tab.locator('body').textContent()).resolves.toContain('Welcome, Bea.');
    await shot(tab, 'activated');

    // The session cookie came with the page; the link is used up and says so in a page of its own.
    const me = await tab.request.get(`${API_URL}/API/publicAuth/V1/me.json`);
    expect(((await me.json()) as { tenantEmail: string }).tenantEmail).toBe(email);
    await tab.reload();
    await expect(tab.locator('h1').textContent()).resolves.toBe('This activation link cannot be used');
    await shot(tab, 'activation-used');
    await page.close();
  }, 90_000);

  it('a guest pays a booking at its paymentUrl: the payment page charges a test card at the Stripe stand-in and the booking is confirmed', async () => {
    const propertyId = await createVrProperty({ units: 1, propertyRate: '130' });
    const booked = await guestBook(guestBody(propertyId, siteDay(50), siteDay(52)));
    expect(booked.status, booked.text).toBe(200);
    const { reservationId, invoiceId, paymentUrl } = booked.body as {
      reservationId: number;
      invoiceId: number;
      paymentUrl: string;
    };
    expect(paymentUrl.startsWith(`${API_URL}/pay?`)).toBe(true);
    const admin = await signedIn('super');
    const reservation = `/API/adminReservations/V1/reservations/${reservationId}.json`;
    const invoice = `/API/adminInvoices/V1/invoices/${invoiceId}.json`;
    expect((await admin.get(reservation)).body).toMatchObject({ status: '0' });
    const total = (await admin.get<{ totalComputed: number }>(invoice)).body.totalComputed;

    const page = await newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(paymentUrl);
    await page.getByText('Ready to pay.').waitFor();
    // Money as the mails write it.
    await expect(page.locator('#amount').textContent()).resolves.toBe(dollars(total));
    // What is paid: the invoice, the property, the stay, the due date, each line and the total.
    const facts = await page.locator('#facts').textContent();
    const { propertyName } = (
      await admin.get<{ propertyName: string }>(`/API/adminProperties/V1/properties/${propertyId}.json`)
    ).body;
    const details = (
      await admin.get<{ dueDate: string; lineItems: { description: string; lineTotal: number }[] }>(invoice)
    ).body;
    expect(facts).toContain(`Invoice#${invoiceId}: Booking`);
    expect(facts).toContain(`Property${propertyName}`);
    expect(facts).toContain(`Stay${longDay(siteDay(50))} to ${longDay(siteDay(52))} (2 nights)`);
    expect(facts).toContain(`Due${longDay(details.dueDate)}`);
    const lines = page.getByRole('table', { name: 'What is charged' });
    for (const line of details.lineItems)
      await expect(
        lines
          .getByRole('row', { name: `${line.description} ${dollars(line.lineTotal)}`, exact: true })
          .count(),
      ).resolves.toBe(1);
    await expect(
      lines.getByRole('row', { name: `Total ${dollars(total)}`, exact: true }).count(),
    ).resolves.toBe(1);
    await shot(page, 'pay');
    const receiptTo = uniqueEmail('receipt');
    await page.locator('#email').fill(receiptTo);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText(`Paid ${dollars(total)}. Thank you! The receipt goes to ${receiptTo}.`).waitFor();
    // Right after paying, the page says what is true: nothing is due any more.
    await expect(page.locator('#amount').textContent()).resolves.toBe('$0.00');
    await shot(page, 'paid');
    expect(refused).toEqual([]);
    // The receipt e-mail reaches the local mail page, as Stripe e-mails the payment's receipt_email.
    const receipt = await latestMailTo(receiptTo, 10_000);
    expect(receipt.subject).toMatch(/^Your receipt from .+ #\d{4}-\d{4}$/);
    expect(receipt.body.text).toContain(`Amount paid: ${dollars(total)}`);
    expect(receipt.body.text).toContain('Payment method: Visa ending in 4242');

    expect((await admin.get(reservation)).body).toMatchObject({ status: '1' });
    expect((await admin.get(invoice)).body).toMatchObject({ status: 1, paidComputed: total, amountDue: 0 });
    // The link is used up: opened again, the page says the invoice is paid and on which day (the receipt's).
    const paidOn = longDay(siteDay(0));
    await page.reload();
    const paidSentence = `Invoice ${invoiceId} was paid on ${paidOn}. Thank you!`;
    await page.getByText(paidSentence).waitFor();
    await expect(page.locator('#status').textContent()).resolves.toBe(paidSentence);
    expect(await page.locator('#invoice').isVisible()).toBe(false);
    expect(await page.locator('#pay').isVisible()).toBe(false);
    await shot(page, 'paid-again');
    await page.close();
  }, 90_000);

  it('a page left open while the amount due dropped reads it again before confirming: it charges only the new amount, after the payer sees it', async () => {
    const admin = await signedIn('super');
    const made = await admin.post<{ invoiceId: number }>('/API/adminInvoices/V1/invoices.json', {
      description: 'SERVICE',
      dueDate: siteDay(10),
      tenantId: 1,
      lineItems: [{ description: 'Repair', amount: 200, quantity: 1 }],
    });
    expect(made.status, made.text).toBe(201);
    const invoiceId = made.body.invoiceId;
    const invoice = `/API/adminInvoices/V1/invoices/${invoiceId}.json`;
    const { paymentUrl } = (await admin.get<{ paymentUrl: string }>(invoice)).body;

    const page = await newPage();
    await page.goto(paymentUrl);
    await page.getByText('Ready to pay.').waitFor();
    await expect(page.locator('#amount').textContent()).resolves.toBe(dollars(200));
    // Staff record a check of 100.00 while the page is open.
    const check = await admin.post(`/API/adminPayments/V1/invoices/${invoiceId}/payments.json`, {
      amount: 100,
      method: 'check',
      date: siteDay(0),
    });
    expect(check.status, check.text).toBe(201);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page
      .getByText(
        `The amount due is now ${dollars(100)} (it changed since this page was opened). Press Pay to pay it.`,
      )
      .waitFor();
    await expect(page.locator('#amount').textContent()).resolves.toBe(dollars(100));
    expect((await admin.get(invoice)).body).toMatchObject({ paidComputed: 100, amountDue: 100 });
    await shot(page, 'pay-amount-changed');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText(`Paid ${dollars(100)}. Thank you!`).waitFor();
    expect((await admin.get(invoice)).body).toMatchObject({ status: 1, paidComputed: 200, amountDue: 0 });
    expect((await admin.get(invoice)).body.anomalies).toBeUndefined();
    await expectBooksWhole([invoiceId]);
    await page.close();
  }, 90_000);

  it('a bad, incomplete or ended payment link says so in one plain sentence, with no empty labels', async () => {
    const sentence =
      'This payment link does not work: it is incomplete, mistyped or no longer valid, so please ask whoever sent it for a new one.';
    const page = await newPage();
    for (const link of [
      `${API_URL}/pay?invoiceId=987654&token=${'x'.repeat(43)}`,
      `${API_URL}/pay?invoiceId=1`,
      `${API_URL}/pay`,
    ]) {
      await page.goto(link);
      await page.getByText(sentence).waitFor();
      // Nothing else on the page but the title, that sentence and the local runtime's note.
      const shown = await page
        .locator('body > main > *')
        .evaluateAll((nodes) =>
          nodes
            .filter((n) => (n as unknown as { checkVisibility(): boolean }).checkVisibility())
            .map((n) => (n as unknown as { id: string; tagName: string }).id || n.tagName),
        );
      expect(shown, link).toEqual(['H1', 'status', 'P']);
    }
    await shot(page, 'bad-link');
    await page.close();
  }, 60_000);
});
