/**
 * Runs in the docs page. The page opens on its outline (every operation, drawn by the server); the interactive
 * reference, Stoplight Elements, is about half a second of main-thread work (seconds on a slow device), so it
 * is loaded only when the reader goes where it shows something: a `#/…` link (an operation, a webhook, a
 * schema, its overview) followed from the outline. A page opened straight at an operation or a webhook shows
 * it drawn by the server (`/docs/operations/{id}`) at once, and loads Elements when the reader asks ("Try
 * it"). The back button returns to the outline. Until then Elements' files are fetched when the browser is
 * idle, once what the page opened on is drawn, so opening it does not wait for the network.
 */
const outline = document.getElementById('outline');
const operation = document.getElementById('operation');
const reference = document.getElementById('reference');
const status = document.getElementById('reference-status');
const scripts = reference.dataset.scripts.split(' ');
const styles = reference.dataset.styles.split(' ');
let files;
let mounted;
/** Counts the returns to the outline: a mount started before one does not draw. */
let shownOutline = 0;
/** Counts the moves to another hash: an operation's view fetched before one is not shown. */
let moves = 0;

const inReference = () => location.hash.startsWith('#/');
/** `#/operations/{id}` or `#/webhooks/{id}`: what the server draws on its own. */
const OPERATION_LINK = /^#\/(?:operations|webhooks)\/([A-Za-z0-9._-]+)$/;

function addStyle(href) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

/** Resolves once Elements has drawn its sidebar (it has read the document). */
function drawn() {
  return new Promise((resolve) => {
    const done = () => reference.querySelector('a[href^="#/"]');
    if (done()) return resolve();
    const watcher = new MutationObserver(() => {
      if (!done()) return;
      watcher.disconnect();
      resolve();
    });
    watcher.observe(reference, { childList: true, subtree: true });
  });
}

/** The renderer's files, added once: its styles first, so it is never drawn unstyled. */
async function loadFiles() {
  await Promise.all(styles.map(addStyle));
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    // Run in the order listed (the repairs after the renderer), as deferred scripts would.
    script.async = false;
    document.head.append(script);
  }
}

async function mount() {
  const started = shownOutline;
  status.textContent = 'Loading the reference…';
  files ??= loadFiles();
  await files;
  if (started !== shownOutline) return;
  const element = document.createElement('elements-api');
  for (const [name, value] of Object.entries(JSON.parse(reference.dataset.attributes)))
    element.setAttribute(name, value);
  reference.append(element);
  await drawn();
  status.textContent = '';
}

function showOutline() {
  // Elements' router sends any hash it does not know (the outline's section links) to its overview: it
  // leaves the page while the outline is shown, and is drawn again from the link the reader follows next.
  reference.replaceChildren();
  reference.hidden = true;
  operation.replaceChildren();
  operation.hidden = true;
  outline.hidden = false;
  // The head's class that kept the outline from being laid out on a deep link: `hidden` decides from here on.
  document.documentElement.classList.remove('deep-link');
  mounted = undefined;
  shownOutline += 1;
  status.textContent = '';
}

function showReference({ focus }) {
  const opening = reference.hidden;
  outline.hidden = true;
  operation.hidden = true;
  reference.hidden = false;
  mounted ??= mount();
  // Followed from the outline or "Try it": the control is gone, so the reader is taken to what it opened.
  if (focus && opening) mounted.then(() => reference.focus());
}

/** The operation as the server draws it; Elements (on the same hash) only when "Try it" is pressed. */
async function showOperation(id) {
  const started = moves;
  outline.hidden = true;
  status.textContent = 'Loading the operation…';
  // The head's line asked for it as the page opened; any later one is asked for here.
  const early = window.docsOperationView;
  window.docsOperationView = undefined;
  const html = await (early?.id === id
    ? early.html
    : fetch(`/docs/operations/${id}`)
        .then((answer) => (answer.ok ? answer.text() : undefined))
        .catch(() => undefined));
  if (started !== moves) return;
  status.textContent = '';
  if (html === undefined) return showReference({ focus: false });
  operation.innerHTML = html;
  operation.hidden = false;
  operation.querySelector('[data-try-it]').addEventListener('click', () => showReference({ focus: true }));
}

/** Settles once what the page opened on is drawn: the prefetch waits for it, so it never delays that. */
let firstView = Promise.resolve();

function show({ opened }) {
  moves += 1;
  const link = OPERATION_LINK.exec(location.hash);
  if (!inReference()) showOutline();
  else if (opened && link) firstView = showOperation(link[1]);
  else showReference({ focus: !opened });
}

function prefetch() {
  if (files) return;
  for (const href of [...scripts, ...styles]) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}

window.addEventListener('hashchange', () => show({ opened: false }));
show({ opened: true });
window.addEventListener('load', () =>
  firstView.then(() => (window.requestIdleCallback ?? setTimeout)(prefetch)),
);
