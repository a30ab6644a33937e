import type { IncomingMessage, ServerResponse } from 'node:http';
import { CARD_BRAND_WORDS } from '../../shared/domain/money-document/words.js';
import { inlineScriptCsp } from './page-csp.js';
import { LOCAL_STRIPE } from './stripe-local-env.js';

export const AUTOPAY_PAGE_PATH = '/autopay';

const SCRIPT = `(() => {
  const API = '/API/tenantPortal/V1/autopay.json';
  const standIn = document.body.dataset.standIn === '1';
  const el = (id) => document.getElementById(id);
  const say = (text, kind) => {
    el('status').textContent = text;
    el('status').className = kind || '';
  };
  const json = async (res) => {
    try {
      return await res.json();
    } catch {
      return {};
    }
  };
  const send = (method, path, body) =>
    fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body || {}),
    });
  /** The site's locale and currency (its public settings), as its mails write money and days. */
  let site = { locale: 'en-US', currency: 'USD' };
  const withLocale = (make) => {
    try {
      return make(site.locale);
    } catch {
      return make('en-US');
    }
  };
  const day = (iso) =>
    withLocale((l) => new Date(iso + 'T00:00:00Z').toLocaleDateString(l, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
  /** As the mails write an amount (shared/domain/messages/format.ts money): '$1,450.00'. */
  const money = (amount) => {
    try {
      return withLocale((l) =>
        new Intl.NumberFormat(l, { style: 'currency', currency: site.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount),
      );
    } catch {
      return amount.toFixed(2) + ' ' + site.currency;
    }
  };
  /** As the mails name a card (money-document/words.ts cardWords): 'Visa ending in 4242'. */
  const BRANDS = ${JSON.stringify(CARD_BRAND_WORDS)};
  const card = (a) => (BRANDS[a.brand] || a.brand) + ' ending in ' + a.last4;
  const siteRead = fetch('/API/siteSettings/V1/settings.json')
    .then(json)
    .then((s) => {
      site = {
        locale: typeof s.localization === 'string' ? s.localization.replace('_', '-') : site.locale,
        currency: typeof s.paymentCurrency === 'string' ? s.paymentCurrency : site.currency,
      };
    })
    .catch(() => undefined);
  /** One list item per invoice: its words, amount and due day, and its pay link when it has one. */
  function fill(list, invoices) {
    list.replaceChildren(
      ...invoices.map((i) => {
        const item = document.createElement('li');
        item.textContent = i.title + ' (invoice #' + i.invoiceId + '): ' + money(i.amountDue) + ', due ' + day(i.dueDate) + ' ';
        if (i.paymentUrl) {
          const link = document.createElement('a');
          link.href = i.paymentUrl;
          link.textContent = 'Pay invoice #' + i.invoiceId;
          item.append(link);
        }
        return item;
      }),
    );
  }
  function show(a) {
    el('signin').hidden = true;
    el('autopay').hidden = false;
    el('state').textContent = a.enabled ? 'Autopay is on: ' + card(a) + '.' : 'Autopay is off.';
    el('state').className = a.enabled ? 'ok' : '';
    el('off').hidden = !a.enabled;
    el('save-button').textContent = a.enabled ? 'Replace the saved card' : 'Save the card and turn autopay on';
    el('will-charge').hidden = a.willCharge.length === 0;
    fill(el('will-charge-list'), a.willCharge);
    el('will-not-charge').hidden = a.willNotCharge.length === 0;
    fill(el('will-not-charge-list'), a.willNotCharge);
  }
  async function load() {
    const res = await fetch(API, { credentials: 'same-origin' });
    if (res.status === 401) {
      el('autopay').hidden = true;
      el('signin').hidden = false;
      say('Sign in as a tenant to set up autopay.', '');
      return undefined;
    }
    const body = await json(res);
    if (!res.ok) {
      say(body.detail || 'Autopay could not be read (' + res.status + ')', 'error');
      return undefined;
    }
    await siteRead;
    show(body);
    return body;
  }
  /** Reads autopay.json until the saved card shows (the webhook saves it), for up to 15 seconds. */
  async function untilOn(setupIntentId) {
    const deadline = Date.now() + 15000;
    while (Date.now() < deadline) {
      const a = await load();
      if (a && a.enabled && a.since && Date.parse(a.since) >= started) return a;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('The card was saved at Stripe (' + setupIntentId + '), but autopay is not on yet: reload the page in a moment.');
  }
  let started = 0;
  el('signin').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('Signing in…', '');
    const res = await send('POST', '/API/publicAuth/V1/login.json', {
      email: el('email').value.trim(),
      password: el('password').value,
    });
    if (!res.ok) {
      say((await json(res)).detail || 'Signing in failed (' + res.status + ')', 'error');
      return;
    }
    el('password').value = '';
    if (await load()) say(standIn ? 'Signed in.' : NO_STAND_IN, standIn ? '' : 'error');
  });
  const NO_STAND_IN = 'This runtime uses a Stripe account of its own (STRIPE_SECRET_KEY): save a card on the site\\'s page, which loads Stripe.js.';
  el('save').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!standIn) {
      say(NO_STAND_IN, 'error');
      return;
    }
    const button = el('save-button');
    button.disabled = true;
    say('Saving the card…', '');
    try {
      // Stripe's created time has whole seconds: the saved card is the one whose since is not before this.
      started = Math.floor(Date.now() / 1000) * 1000 - 1000;
      const setupRes = await send('POST', API);
      const setup = await json(setupRes);
      if (!setupRes.ok) throw new Error(setup.detail || 'The setup could not start (' + setupRes.status + ')');
      const res = await fetch('/v1/setup_intents/' + encodeURIComponent(setup.setupIntentId) + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // Stripe.js's way: the publishable key with the intent's client secret, and where to come back after a
        // redirect-based method (Stripe wants one while the setup's methods may redirect).
        body: new URLSearchParams({
          key: ${JSON.stringify(LOCAL_STRIPE.publishableKey)},
          client_secret: setup.clientSecret,
          payment_method: el('card').value,
          return_url: location.origin + location.pathname,
        }),
      });
      const confirmed = await json(res);
      if (confirmed.status !== 'succeeded')
        throw new Error((confirmed.error && confirmed.error.message) || 'The card was not saved (' + res.status + ')');
      const a = await untilOn(setup.setupIntentId);
      say('Saved. Autopay is on with your ' + card(a) + '.', 'ok');
    } catch (error) {
      say(error.message, 'error');
    } finally {
      button.disabled = false;
    }
  });
  el('off').addEventListener('click', async () => {
    const res = await send('DELETE', API);
    const body = await json(res);
    if (!res.ok) {
      say(body.detail || 'Autopay could not be turned off (' + res.status + ')', 'error');
      return;
    }
    show(body);
    say('Autopay is off: nothing more is charged to the saved card.', 'ok');
  });
  load().then((a) => a && say(standIn ? '' : NO_STAND_IN, standIn ? '' : 'error'));
})();`;

const CSP = inlineScriptCsp(SCRIPT);

/** The page; `standIn` says whether this runtime serves the Stripe stand-in (a card can be saved only then). */
export const autopayPage = (standIn: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Autopay (local)</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>[hidden]{display:none!important}body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2.5rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.5rem}label{display:block;margin:.8rem 0}
input,select{box-sizing:border-box;display:block;width:100%;padding:.4rem;margin-top:.2rem;font:inherit}
button{padding:.5rem 1.4rem;font:inherit;background:#0b5cad;color:#fff;border:0;border-radius:4px;margin:.3rem .3rem .3rem 0}
button.secondary{background:#fff;color:#0b5cad;border:1px solid #0b5cad}button:disabled{opacity:.6}a{color:#0b5cad}
.error{color:#b42318}.ok{color:#1a7f37;font-weight:600}.note{color:#57606a;font-size:.85rem;margin-top:2rem}</style>
</head><body data-stand-in="${standIn ? '1' : '0'}">
<main>
<h1>Autopay</h1>
<p id="status" role="status">Loading…</p>
<form id="signin" hidden>
<label>Tenant e-mail<input id="email" type="email" autocomplete="username" required maxlength="254"></label>
<label>Password<input id="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>
<section id="autopay" hidden>
<p id="state"></p>
<p>Autopay charges each rent invoice on its due date while it is on. It does not charge rent that was already due before it was on, late fees, deposits or other invoices: pay those with their links.</p>
<div id="will-charge" hidden><h2>Autopay will charge</h2><ul id="will-charge-list"></ul></div>
<div id="will-not-charge" hidden><h2>Autopay will not charge these: pay them yourself</h2><ul id="will-not-charge-list"></ul></div>
<form id="save">
<label>Test card<select id="card"><option value="pm_card_visa">Visa 4242 4242 4242 4242 (saves)</option><option value="pm_card_mastercard">Mastercard 5555 5555 5555 4444 (saves)</option><option value="pm_card_chargeDeclined">Visa 4000 0000 0000 0002 (declined)</option></select></label>
<button id="save-button" type="submit">Save the card and turn autopay on</button>
<button id="off" class="secondary" type="button" hidden>Turn autopay off</button>
</form>
</section>
<p class="note">Local runtime: the card goes to the Stripe stand-in of this runtime (no money moves). A site's own page uses Stripe.js. The invoices autopay does not charge are paid on the payment page, each from its own "Pay invoice" link above (the page needs the link's invoice and token).</p>
</main>
<script>${SCRIPT}</script>
</body></html>
`;

export function serveAutopayPage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: { standIn: boolean },
): boolean {
  if (
    (req.method !== 'GET' && req.method !== 'HEAD') ||
    (path !== AUTOPAY_PAGE_PATH && path !== `${AUTOPAY_PAGE_PATH}/`)
  )
    return false;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': CSP,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : autopayPage(options.standIn));
  return true;
}
