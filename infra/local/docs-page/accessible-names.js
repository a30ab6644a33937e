/**
 * Runs in the docs page, after Stoplight Elements: gives Elements' controls the names and roles axe-core (and a
 * screen reader) needs, which the component leaves out. Elements (React) renders as the reader moves through
 * the document, so each repair runs again on every change under <elements-api>. React sets an attribute only
 * when its own value for it changes, so what is repaired here stays repaired.
 */
const ICON_NAMES = { copy: 'Copy to the clipboard' };

/** A button that shows only an icon is named after it (FontAwesome names the icon in data-icon). */
function nameIconButtons(root) {
  for (const button of root.querySelectorAll('button:not([aria-label]):not([aria-labelledby])')) {
    if (button.textContent.trim()) continue;
    const icon = button.querySelector('svg[data-icon]')?.getAttribute('data-icon');
    if (icon) button.setAttribute('aria-label', ICON_NAMES[icon] ?? icon.replaceAll('-', ' '));
  }
}

/**
 * Pickers whose aria-label repeats a field's name instead of what they show: the name becomes "field: shown",
 * so what a speech-input user reads on the button is in its name.
 */
function nameByShownText(root) {
  for (const button of root.querySelectorAll('[aria-haspopup][aria-label]')) {
    const shown = button.textContent.trim();
    const label = button.getAttribute('aria-label');
    if (!shown || label.includes(shown)) continue;
    button.removeAttribute('aria-labelledby');
    button.setAttribute('aria-label', `${label}: ${shown}`);
  }
}

function repairRoles(root) {
  // Schema headings are spans with role heading and no level.
  for (const heading of root.querySelectorAll('[role="heading"]:not([aria-level])'))
    heading.setAttribute('aria-level', '2');
  // The type picker of a schema with alternatives is a div that opens a menu: a button.
  for (const picker of root.querySelectorAll('div[aria-haspopup]:not([role])')) {
    picker.setAttribute('role', 'button');
    if (!picker.hasAttribute('tabindex')) picker.setAttribute('tabindex', '0');
  }
  // The chevrons that fold a nested schema's fields.
  for (const toggle of root.querySelectorAll('[role="button"]:not([aria-label])')) {
    if (!toggle.textContent.trim()) toggle.setAttribute('aria-label', 'Show or hide the nested fields');
  }
  // A tab that names a panel not on the page names nothing.
  for (const tab of root.querySelectorAll('[aria-controls]')) {
    const ids = tab.getAttribute('aria-controls').split(/\s+/);
    if (!ids.every((id) => document.getElementById(id))) tab.removeAttribute('aria-controls');
  }
}

/**
 * The sidebar's groups (one per tag) open and close on a click on a div: they become buttons the Tab key
 * reaches, that say whether they are open, and that Enter and Space press.
 */
function repairSidebarGroups(root) {
  for (const group of root.querySelectorAll('div[title].sl-cursor-pointer')) {
    const icon = group.querySelector('svg[data-icon^="chevron-"]')?.getAttribute('data-icon');
    if (!icon) continue;
    group.setAttribute('role', 'button');
    group.setAttribute('tabindex', '0');
    group.setAttribute('data-keyboard-click', '');
    const expanded = String(icon === 'chevron-down');
    if (group.getAttribute('aria-expanded') !== expanded) group.setAttribute('aria-expanded', expanded);
  }
}

document.addEventListener('keydown', (event) => {
  const target = event.target;
  if ((event.key === 'Enter' || event.key === ' ') && target.matches?.('[data-keyboard-click]')) {
    event.preventDefault();
    target.click();
  }
});

/**
 * A panel's title bar is a button that folds the panel; the answer's bar also holds a menu button (the body's
 * format), and a button inside a button is lost to screen readers. The bar's title becomes the folding button
 * (a key pressed on it still reaches the bar's own handler), and the bar a plain container.
 */
function repairPanelTitles(root) {
  for (const bar of root.querySelectorAll('.sl-panel__titlebar')) {
    const title = bar.firstElementChild;
    const nested = bar.querySelector('button, a[href], input, select, textarea');
    if (!title || !nested || title.contains(nested)) continue;
    if (bar.getAttribute('role') === 'button') {
      bar.removeAttribute('role');
      bar.removeAttribute('tabindex');
      title.setAttribute('role', 'button');
      title.setAttribute('tabindex', '0');
    }
    // React sets the bar's aria-expanded again at each fold: it moves to the title each time.
    if (bar.hasAttribute('aria-expanded')) {
      title.setAttribute('aria-expanded', bar.getAttribute('aria-expanded'));
      bar.removeAttribute('aria-expanded');
    }
  }
}

function repairFields(root) {
  // The request body's code editor is a bare textarea.
  for (const editor of root.querySelectorAll('textarea:not([aria-label]):not([id])'))
    editor.setAttribute('aria-label', 'Request body');
  // A code sample that scrolls must be reachable with the keyboard to be scrolled.
  for (const scroller of root.querySelectorAll('.sl-code-viewer__scroller:not([tabindex])'))
    scroller.setAttribute('tabindex', '0');
  // The hidden native select behind each styled one (for form autofill) has a text input the Tab key reaches,
  // inside a part hidden from screen readers.
  for (const input of root.querySelectorAll('[aria-hidden="true"] input:not([tabindex="-1"])'))
    input.setAttribute('tabindex', '-1');
}

function repair(root) {
  nameIconButtons(root);
  nameByShownText(root);
  repairRoles(root);
  repairSidebarGroups(root);
  repairPanelTitles(root);
  repairFields(root);
}

let pending = false;
function scheduleRepair() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    repair(document.body);
  });
}

new MutationObserver(scheduleRepair).observe(document.body, {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: [
    'aria-controls',
    'aria-expanded',
    'aria-label',
    'aria-labelledby',
    'data-icon',
    'role',
    'tabindex',
  ],
});
scheduleRepair();
