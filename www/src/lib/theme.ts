// The colour theme: light, dark, or the system's (prefers-color-scheme), chosen in the header and
// remembered in localStorage. Every colour is a CSS variable of www/style.css written with
// light-dark(), so the page follows `color-scheme` alone: "system" leaves it at `light dark`, a
// choice sets `data-theme` on <html>. Canvas painters read the same variables (the `--cv-*` ones)
// through `canvasColors()`, resolved to rgb() once per theme change.

export type ThemeChoice = 'light' | 'dark' | 'system';

const STORAGE_KEY = 'planeview-theme';

/** The colours canvas painters use, resolved for the current theme. */
export interface CanvasColors {
  /** The theme is dark (slice colours are picked darker, for light text). */
  dark: boolean;
  /** The canvas background (the CSS background behind a cleared canvas; for areas painted opaque). */
  background: string;
  groupBand: string;
  groupLine: string;
  rowLine: string;
  grid: string;
  axisBand: string;
  axisLine: string;
  axisTick: string;
  axisText: string;
  sliceText: string;
  searchOutline: string;
  hover: string;
  selectionHalo: string;
  selection: string;
  rangeFill: string;
  rangeEdge: string;
  instant: string;
  counterText: string;
  counterTick: string;
  flow: string;
  flowStrong: string;
  /** A marked span (M): its band, its edges, its duration tag and the tag's text. */
  markFill: string;
  markEdge: string;
  markTag: string;
  markText: string;
}

/** Each canvas colour's CSS variable. */
const VARIABLES: Record<Exclude<keyof CanvasColors, 'dark'>, string> = {
  background: '--cv-bg',
  groupBand: '--cv-group-band',
  groupLine: '--cv-group-line',
  rowLine: '--cv-row-line',
  grid: '--cv-grid',
  axisBand: '--cv-axis-band',
  axisLine: '--cv-axis-line',
  axisTick: '--cv-axis-tick',
  axisText: '--cv-axis-text',
  sliceText: '--cv-slice-text',
  searchOutline: '--cv-search-outline',
  hover: '--cv-hover',
  selectionHalo: '--cv-selection-halo',
  selection: '--cv-selection',
  rangeFill: '--cv-range-fill',
  rangeEdge: '--cv-range-edge',
  instant: '--cv-instant',
  counterText: '--cv-counter-text',
  counterTick: '--cv-counter-tick',
  flow: '--cv-flow',
  flowStrong: '--cv-flow-strong',
  markFill: '--cv-mark-fill',
  markEdge: '--cv-mark-edge',
  markTag: '--cv-mark-tag',
  markText: '--cv-mark-text',
};

const listeners: Array<() => void> = [];
let resolved: CanvasColors | null = null;
const systemDark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The stored choice ("system" when none, or when storage is unavailable). */
export function themeChoice(): ThemeChoice {
  let v: string | null = null;
  try {
    v = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked (a privacy setting): the system's theme.
  }
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Whether the theme shown is dark. */
export function isDark(): boolean {
  const c = themeChoice();
  return c === 'dark' || (c === 'system' && systemDark?.matches === true);
}

/** Stores `choice`, applies it to the page and tells the listeners. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not remembered; still applied.
  }
  apply(choice);
}

/** Calls `listener` after each change of the theme shown (a choice, or the system's setting). */
export function onThemeChange(listener: () => void): void {
  listeners.push(listener);
}

/** Applies the stored choice and follows the system's setting from now on. */
export function installTheme(): void {
  apply(themeChoice());
  systemDark?.addEventListener('change', () => {
    if (themeChoice() === 'system') apply('system');
  });
}

/** The canvas colours of the theme shown (resolved once per theme). */
export function canvasColors(): CanvasColors {
  if (!resolved) resolved = resolve();
  return resolved;
}

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  root.dataset.themeShown = isDark() ? 'dark' : 'light';
  resolved = null;
  for (const l of listeners) l();
}

/** Reads every `--cv-*` variable as the browser resolves it (light-dark() picked, rgb() out). */
function resolve(): CanvasColors {
  const probe = document.createElement('span');
  probe.hidden = true;
  document.body.append(probe);
  const out: Record<string, string | boolean> = { dark: isDark() };
  for (const [key, variable] of Object.entries(VARIABLES)) {
    probe.style.color = `var(${variable})`;
    out[key] = getComputedStyle(probe).color;
  }
  probe.remove();
  return out as unknown as CanvasColors;
}
