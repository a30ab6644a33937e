/**
 * The local runtime's password-reset page (`/reset-password`), which the reset links lead to while the site
 * names no page of its own (setting `tenantPasswordResetPageUrl`; docs/tenants.md "Password reset"). Without a
 * token in its query it asks for a reset (passwordReset.json); opened from the reset mail (`email`, `token`) it
 * sets the new password (passwordReset/confirm.json). A site's own page does the same with the same two calls.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inlineScriptCsp } from './page-csp.js';

export const RESET_PATH = '/reset-password';

const SCRIPT = `(() => {
  const query = new URLSearchParams(location.search);
  const token = query.get('token') || '';
  const el = (id) => document.getElementById(id);
  el('email').value = query.get('email') || '';
  el(token ? 'confirm' : 'ask').hidden = false;
  el('title').textContent = token ? 'Choose a new password' : 'Reset your password';
  const say = (text, kind) => {
    el('status').textContent = text;
    el('status').className = kind || '';
  };
  const post = async (path, body) => {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    let answer = {};
    try {
      answer = await res.json();
    } catch {}
    return { ok: res.ok, detail: answer.detail || 'Something went wrong (' + res.status + ')' };
  };
  el('ask').addEventListener('submit', async (event) => {
    event.preventDefault();
    const res = await post('/API/publicAuth/V1/passwordReset.json', { email: el('email').value });
    if (res.ok) say('If the address has an account, a reset link is on its way: it works once, for an hour.', 'ok');
    else say(res.detail, 'error');
  });
  el('confirm').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (el('password').value !== el('password2').value) return say('The two passwords differ.', 'error');
    const res = await post('/API/publicAuth/V1/passwordReset/confirm.json', {
      email: query.get('email') || '',
      token,
      password: el('password').value,
    });
    if (!res.ok) return say(res.detail, 'error');
    el('confirm').hidden = true;
    say('Your password is set. Every device that was signed in is signed out: sign in with the new password.', 'ok');
  });
})();`;

const CSP = inlineScriptCsp(SCRIPT);

export const resetPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reset your password (local)</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>[hidden]{display:none!important}body{font:16px/1.5 system-ui,sans-serif;max-width:30rem;margin:2.5rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}label{display:block;margin:.8rem 0}input{box-sizing:border-box;display:block;width:100%;padding:.4rem;margin-top:.2rem;font:inherit}
button{padding:.5rem 1.4rem;font:inherit;background:#0b5cad;color:#fff;border:0;border-radius:4px}
.error{color:#b42318}.ok{color:#1a7f37;font-weight:600}.note{color:#57606a;font-size:.85rem;margin-top:2rem}</style>
</head><body>
<main>
<h1 id="title">Reset your password</h1>
<form id="ask" hidden>
<label>E-mail address<input id="email" type="email" autocomplete="email" maxlength="254" required></label>
<button type="submit">Mail me a reset link</button>
</form>
<form id="confirm" hidden>
<label>New password (8 to 256 characters)<input id="password" type="password" autocomplete="new-password" minlength="8" maxlength="256" required></label>
<label>The same again<input id="password2" type="password" autocomplete="new-password" minlength="8" maxlength="256" required></label>
<button type="submit">Set the password</button>
</form>
<p id="status" role="status"></p>
<p class="note">Local runtime: a site's own page (setting tenantPasswordResetPageUrl) makes the same two calls.</p>
</main>
<script>${SCRIPT}</script>
</body></html>
`;

export function serveResetPage(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || (path !== RESET_PATH && path !== `${RESET_PATH}/`))
    return false;
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': CSP,
    // The reset link's token is in this page's URL: it must not travel in a Referer.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : resetPage());
  return true;
}
