/**
 * Runs in the docs page. The page opens on its outline (every operation, drawn by the server); the interactive
 * reference, Stoplight Elements, is about half a second of main-thread work, so it is loaded only when the
 * reader goes where it shows something: a `#/…` link (an operation, a webhook, a schema, its overview),
 * followed from the outline or opened directly. The back button returns to the outline. Until then its files
 * are fetched when the browser is idle, so the first link followed does not wait for the network.
 */
const outline = document.getElementById('outline');
const reference = document.getElementById('reference');
const status = document.getElementById('reference-status');
const scripts = reference.dataset.scripts.split(' ');
const styles = reference.dataset.styles.split(' ');
let files;
let mounted;
/** Counts the returns to the outline: a mount started before one does not draw. */
let shownOutline = 0;

const inReference = () => location.hash.startsWith('#/');

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

function show({ focus }) {
  const open = inReference();
  const opening = open && reference.hidden;
  outline.hidden = open;
  reference.hidden = !open;
  if (!open) {
    // Elements' router sends any hash it does not know (the outline's section links) to its overview: it
    // leaves the page while the outline is shown, and is drawn again from the link the reader follows next.
    reference.replaceChildren();
    mounted = undefined;
    shownOutline += 1;
    status.textContent = '';
    return;
  }
  mounted ??= mount();
  // Followed from the outline: the link is gone, so the reader is taken to what it opened.
  if (focus && opening) mounted.then(() => reference.focus());
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

window.addEventListener('hashchange', () => show({ focus: true }));
show({ focus: false });
window.addEventListener('load', () => (window.requestIdleCallback ?? setTimeout)(prefetch));
