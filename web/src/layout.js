// Page layout: the theme (system, light or dark, independent of the OS
// once chosen), the splitter between the editor and the results (drag, or
// arrow keys when focused), and the tabs of the results.
const STORE_THEME = 'dynawasm.playground.theme';
const STORE_SPLIT = 'dynawasm.playground.split';

// ---- theme ---------------------------------------------------------------
const media = window.matchMedia('(prefers-color-scheme: dark)');
const THEMES = ['system', 'light', 'dark'];
const THEME_LABEL = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };

export function themeChoice() {
  try { const t = localStorage.getItem(STORE_THEME); return THEMES.includes(t) ? t : 'system'; } catch { return 'system'; }
}
export const isDark = () => document.documentElement.dataset.theme === 'dark';

function applyTheme(choice) {
  const dark = choice === 'dark' || (choice === 'system' && media.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.themeChoice = choice;
}

/** The theme button cycles system → light → dark; onChange() after each change. */
export function initTheme(button, onChange) {
  let choice = themeChoice();
  const show = () => {
    applyTheme(choice);
    button.dataset.choice = choice;
    button.setAttribute('aria-label', `${THEME_LABEL[choice]} (click to change)`);
    button.title = `${THEME_LABEL[choice]}. Click for ${THEME_LABEL[THEMES[(THEMES.indexOf(choice) + 1) % 3]].toLowerCase()}.`;
    button.querySelector('.theme-label').textContent = choice === 'system' ? 'Auto' : choice === 'light' ? 'Light' : 'Dark';
    onChange();
  };
  button.addEventListener('click', () => {
    choice = THEMES[(THEMES.indexOf(choice) + 1) % THEMES.length];
    try { localStorage.setItem(STORE_THEME, choice); } catch { /* private mode */ }
    show();
  });
  media.addEventListener('change', () => { if (choice === 'system') show(); });
  show();
}

// ---- splitter ------------------------------------------------------------------
/** The editor's share of the width, in percent, between 20 and 80. */
export function initSplitter(handle, layout) {
  const clamp = (v) => Math.min(80, Math.max(20, v));
  let split = 55;
  try { const v = Number(localStorage.getItem(STORE_SPLIT)); if (v >= 20 && v <= 80) split = v; } catch { /* ignore */ }
  const set = (v, save) => {
    split = clamp(Math.round(v * 10) / 10);
    layout.style.setProperty('--split', `${split}%`);
    handle.setAttribute('aria-valuenow', String(Math.round(split)));
    handle.setAttribute('aria-valuetext', `editor ${Math.round(split)}% of the width`);
    if (save) try { localStorage.setItem(STORE_SPLIT, String(split)); } catch { /* ignore */ }
  };
  set(split, false);
  handle.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    ev.preventDefault();
    handle.setPointerCapture(ev.pointerId);
    document.body.classList.add('resizing');
    const rect = layout.getBoundingClientRect();
    const move = (e) => set(((e.clientX - rect.left) / rect.width) * 100, false);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      document.body.classList.remove('resizing');
      set(split, true);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  });
  handle.addEventListener('keydown', (ev) => {
    const step = ev.shiftKey ? 10 : 2;
    if (ev.key === 'ArrowLeft') set(split - step, true);
    else if (ev.key === 'ArrowRight') set(split + step, true);
    else if (ev.key === 'Home') set(20, true);
    else if (ev.key === 'End') set(80, true);
    else if (ev.key === 'Enter') set(55, true);
    else return;
    ev.preventDefault();
  });
  handle.addEventListener('dblclick', () => set(55, true));
  return { get: () => split, set: (v) => set(v, true) };
}

// ---- tabs --------------------------------------------------------------------------
/** ARIA tabs: click, arrows, Home/End; onSelect(tab) after a change. */
export function initTabs(tabs, onSelect) {
  const select = (tab, focus) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
    }
    if (focus) tab.focus();
    try { sessionStorage.setItem('dynawasm.tab', tab.id); } catch { /* ignore */ }
    onSelect(tab);
  };
  for (const t of tabs) {
    t.addEventListener('click', () => select(t));
    t.addEventListener('keydown', (ev) => {
      const i = tabs.indexOf(t);
      let j = null;
      if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') j = (i + 1) % tabs.length;
      else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') j = (i - 1 + tabs.length) % tabs.length;
      else if (ev.key === 'Home') j = 0;
      else if (ev.key === 'End') j = tabs.length - 1;
      if (j != null) { ev.preventDefault(); select(tabs[j], true); }
    });
  }
  try { const t = sessionStorage.getItem('dynawasm.tab'); const el = t && document.getElementById(t); if (el && tabs.includes(el)) select(el); } catch { /* ignore */ }
  return select;
}
