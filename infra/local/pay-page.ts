import type { IncomingMessage, ServerResponse } from 'node:http';
import { inlineScriptCsp } from './page-csp.js';
import { LOCAL_STRIPE } from './stripe-local-env.js';

export const PAY_PATH = '/pay';

const SCRIPT = `(() => {
  const query = new URLSearchParams(location.search);
  const invoiceId = query.get('invoiceId') || '';
  const token = query.get('token') || '';
  const standIn = document.body.dataset.standIn === '1';
  const el = (id) => document.getElementById(id);
  const BAD_LINK = 'This payment link does not work: it is incomplete, mistyped or no longer valid, so please ask whoever sent it for a new one.';
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
  /** The site's locale (its settings' localization, en_US → en-US), as its mails write money and days. */
  let locale = 'en-US';
  const withLocale = (make) => {
    try {
      return make(locale);
    } catch {
      return make('en-US');
    }
  };
  const day = (iso) =>
    withLocale((l) => new Date(iso + 'T00:00:00Z').toLocaleDateString(l, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
  const monthOf = (period) =>
    withLocale((l) => new Date(period + '-01T00:00:00Z').toLocaleDateString(l, { year: 'numeric', month: 'long', timeZone: 'UTC' }));
  /** As the mails write an amount (shared/domain/messages/format.ts money): '$1,450.00'. */
  const money = (amount, currency) => {
    try {
      return withLocale((l) =>
        new Intl.NumberFormat(l, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount),
      );
    } catch {
      return amount.toFixed(2) + ' ' + currency;
    }
  };
  async function readLocale() {
    try {
      const settings = await json(await fetch('/API/siteSettings/V1/settings.json'));
      if (typeof settings.localization === 'string') locale = settings.localization.replace('_', '-');
    } catch {}
  }
  /** A state the page ends in: one sentence, nothing else (no invoice figures, no form). */
  function end(text, kind) {
    el('invoice').hidden = true;
    el('pay').hidden = true;
    say(text, kind);
  }
  /** Why the payment script said no, as the page's last word: paid (and when), a bad link, or its detail. */
  function refused(error) {
    if (error.paidOn) end('Invoice ' + invoiceId + ' was paid on ' + day(error.paidOn) + '. Thank you!', 'ok');
    else if (error.status === 400) end(BAD_LINK, 'error');
    else say(error.message, 'error');
  }
  async function intent(email) {
    const csrf = await json(await fetch('/API/payment-csrf.php', { credentials: 'same-origin' }));
    const res = await fetch('/API/payment-create-intent.php', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoiceId, token, payment_csrf: csrf.payment_csrf, ...(email ? { email } : {}) }),
    });
    const body = await json(res);
    if (!res.ok)
      throw Object.assign(new Error(body.detail || 'The payment could not start (' + res.status + ')'), {
        status: res.status,
        paidOn: typeof body.paidOn === 'string' ? body.paidOn : '',
      });
    return body;
  }
  const nights = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 86400000);
  /** A row of a list of facts. */
  function fact(list, label, value) {
    const term = document.createElement('dt');
    term.textContent = label;
    const detail = document.createElement('dd');
    detail.textContent = value;
    list.append(term, detail);
  }
  /** What is paid: the invoice, its property, the stay or the month, the due date, its lines and figures. */
  function describe(i) {
    const what = i.invoice;
    const facts = el('facts');
    facts.replaceChildren();
    fact(facts, 'Invoice', '#' + what.invoiceId + ': ' + what.title);
    if (what.propertyName) fact(facts, 'Property', what.propertyName);
    if (what.stay) {
      const n = nights(what.stay.dateFrom, what.stay.dateTo);
      fact(facts, 'Stay', day(what.stay.dateFrom) + ' to ' + day(what.stay.dateTo) + ' (' + n + (n === 1 ? ' night)' : ' nights)'));
    } else if (what.period) fact(facts, 'For', monthOf(what.period));
    fact(facts, 'Due', day(what.dueDate));
    const rows = what.lineItems.map((line) => [line.description, money(line.lineTotal, i.currency)]);
    if (what.taxComputed) rows.push(['Tax', money(what.taxComputed, i.currency)]);
    rows.push(['Total', money(what.totalComputed, i.currency)]);
    if (what.paidComputed) rows.push(['Paid so far', money(what.paidComputed, i.currency)]);
    el('lines').replaceChildren(
      ...rows.map(([label, amount]) => {
        const row = document.createElement('tr');
        const name = document.createElement('th');
        name.scope = 'row';
        name.textContent = label;
        const figure = document.createElement('td');
        figure.textContent = amount;
        row.append(name, figure);
        return row;
      }),
    );
  }
  /** The amount the payer was shown last: the only one Pay may charge. */
  let shown = null;
  function show(i, amountDue) {
    shown = amountDue;
    describe(i);
    el('amount').textContent = money(amountDue, i.currency);
    el('invoice').hidden = false;
  }
  async function load() {
    if (!/^[1-9][0-9]{0,9}$/.test(invoiceId) || !token) {
      end(BAD_LINK, 'error');
      return;
    }
    try {
      const [i] = await Promise.all([intent(), readLocale()]);
      show(i, i.amount);
    } catch (error) {
      refused(error);
      return;
    }
    if (!standIn) {
      say('This runtime uses a Stripe account of its own (STRIPE_SECRET_KEY): pay on the site\\'s payment page, which loads Stripe.js.', 'error');
      return;
    }
    say('Ready to pay.', '');
    el('pay').hidden = false;
  }
  el('pay').addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = el('pay-button');
    button.disabled = true;
    say('Paying…', '');
    let i;
    const agreed = shown;
    try {
      // Read again before confirming: the amount due may have changed since the page showed it (a payment
      // recorded by staff, a credit line), and the intent with it.
      i = await intent(el('email').value.trim());
    } catch (error) {
      refused(error);
      button.disabled = false;
      return;
    }
    if (i.amount !== agreed) {
      show(i, i.amount);
      say('The amount due is now ' + money(i.amount, i.currency) + ' (it changed since this page was opened). Press Pay to pay it.', 'error');
      button.disabled = false;
      return;
    }
    const res = await fetch('/v1/payment_intents/' + encodeURIComponent(i.paymentIntentId) + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // Stripe wants somewhere to send the payer back after a redirect-based method; never the link's token.
      // Stripe.js's way: the site's publishable key with the intent's client secret (never the secret key).
      body: new URLSearchParams({
        key: ${JSON.stringify(LOCAL_STRIPE.publishableKey)},
        client_secret: i.clientSecret,
        payment_method: el('card').value,
        return_url: location.origin + location.pathname,
      }),
    });
    const body = await json(res);
    if (body.status === 'succeeded') {
      el('pay').hidden = true;
      show(i, 0);
      const receipt = el('email').value.trim();
      say('Paid ' + money(body.amount_received / 100, i.currency) + '. Thank you!' + (receipt ? ' The receipt goes to ' + receipt + '.' : ''), 'ok');
      return;
    }
    // Not charged: perhaps paid meanwhile (autopay, another tab), which the payment script then says.
    try {
      await intent();
      say((body.error && body.error.message) || 'The card was not charged (' + res.status + ')', 'error');
      button.disabled = false;
    } catch (error) {
      refused(error);
    }
  });
  load();
})();`;

const CSP = inlineScriptCsp(SCRIPT);

/** The page; `standIn` says whether this runtime serves the Stripe stand-in (the page can pay only then). */
export const payPage = (standIn: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay an invoice (local)</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>[hidden]{display:none!important}body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:2.5rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#57606a}dd{margin:0;font-weight:600}
table{border-collapse:collapse;width:100%;margin:1rem 0}caption{text-align:left;color:#57606a;padding-bottom:.25rem}
th,td{padding:.3rem 0;border-bottom:1px solid #d5dae3;text-align:left;font-weight:400}td{text-align:right}
label{display:block;margin:.8rem 0}input,select{box-sizing:border-box;display:block;width:100%;padding:.4rem;margin-top:.2rem;font:inherit}
button{padding:.5rem 1.4rem;font:inherit;background:#0b5cad;color:#fff;border:0;border-radius:4px}button:disabled{opacity:.6}
.error{color:#b42318}.ok{color:#1a7f37;font-weight:600}.note{color:#57606a;font-size:.85rem;margin-top:2rem}</style>
</head><body data-stand-in="${standIn ? '1' : '0'}">
<main>
<h1>Pay an invoice</h1>
<p id="status" role="status">Loading the invoice…</p>
<section id="invoice" aria-label="What you pay" hidden>
<dl id="facts"></dl>
<table><caption>What is charged</caption><tbody id="lines"></tbody></table>
<dl><dt>Amount due</dt><dd id="amount"></dd></dl>
</section>
<form id="pay" hidden>
<label>E-mail for the receipt (optional)<input id="email" type="email" autocomplete="email" maxlength="254"></label>
<label>Test card<select id="card"><option value="pm_card_visa">Visa 4242 4242 4242 4242 (pays)</option><option value="pm_card_chargeDeclined">Visa 4000 0000 0000 0002 (declined)</option></select></label>
<button id="pay-button" type="submit">Pay</button>
</form>
<p class="note">Local runtime: the card goes to the Stripe stand-in of this runtime (no money moves). A site's own payment page uses Stripe.js.</p>
</main>
<script>${SCRIPT}</script>
</body></html>
`;

export function servePayPage(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: { standIn: boolean },
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== PAY_PATH && path !== `${PAY_PATH}/`))
    return false;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': CSP,
    // The payment link's token is in this page's URL: it must not travel in a Referer.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : payPage(options.standIn));
  return true;
}
