import { useSyncExternalStore } from 'react';

/** The settings drawer's theme colours (spec "Template content"), daybreak blue first as the default. */
export const THEME_COLORS = [
  { key: 'daybreak', color: '#1890FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;
export type ThemeColorKey = (typeof THEME_COLORS)[number]['key'];

/** What the settings drawer changes; saved per browser. */
export interface LayoutSettings {
  /** Menu style. */
  navTheme: 'dark' | 'light';
  contentWidth: 'Fixed' | 'Fluid';
  themeColor: ThemeColorKey;
  /** Navigation mode: side menu or top menu. */
  layout: 'side' | 'top';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  /** Hide the header while scrolling down (only with a fixed header). */
  autoHideHeader: boolean;
  colorWeak: boolean;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  navTheme: 'dark',
  contentWidth: 'Fluid',
  themeColor: 'daybreak',
  layout: 'side',
  fixedHeader: false,
  fixSiderbar: true,
  autoHideHeader: false,
  colorWeak: false,
};

export const LAYOUT_SETTINGS_KEY = 'admin_layout_settings';

const oneOf =
  <T extends string>(...values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const CHECKS: { [K in keyof LayoutSettings]: (value: unknown) => value is LayoutSettings[K] } = {
  navTheme: oneOf('dark', 'light'),
  contentWidth: oneOf('Fixed', 'Fluid'),
  themeColor: oneOf(...THEME_COLORS.map((theme) => theme.key)),
  layout: oneOf('side', 'top'),
  fixedHeader: isBoolean,
  fixSiderbar: isBoolean,
  autoHideHeader: isBoolean,
  colorWeak: isBoolean,
};

/** Saved settings, each one checked: anything unknown or malformed falls back to its default. */
export function parseLayoutSettings(raw: string | null): LayoutSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      saved = parsed as Record<string, unknown>;
  } catch {
    // A damaged entry: start again from the defaults.
  }
  const settings: Record<string, unknown> = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of Object.keys(CHECKS) as (keyof LayoutSettings)[]) {
    if (CHECKS[key](saved[key])) settings[key] = saved[key];
  }
  return settings as unknown as LayoutSettings;
}

export function themeColorOf(key: ThemeColorKey): string {
  return THEME_COLORS.find((theme) => theme.key === key)?.color ?? THEME_COLORS[0].color;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The shade antd gets as `colorPrimary` for a theme colour. antd puts white text on it (primary buttons, the
 * selected menu item) and uses it as text on white (links, active tabs); several template colours (sunset
 * orange, polar green, cyan…) are too light for either at the WCAG AA ratio of 4.5:1. Such a colour is darkened
 * just enough, keeping its hue; the drawer's swatches show the template's own colours. The target is 5.2:1 against
 * white so that links keep 4.5:1 on the layout's light grey backgrounds too.
 */
export const PRIMARY_CONTRAST = 5.2;

export function accessiblePrimary(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  let [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  let shade = hex.toLowerCase();
  for (let step = 0; step < 60 && contrastWithWhite(shade) < PRIMARY_CONTRAST; step++) {
    [r, g, b] = [r, g, b].map((c) => Math.floor(c * 0.97)) as [number, number, number];
    shade = `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
  }
  return shade;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readStored(): LayoutSettings {
  try {
    return parseLayoutSettings(window.localStorage.getItem(LAYOUT_SETTINGS_KEY));
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
}

let current: LayoutSettings | null = null;

function snapshot(): LayoutSettings {
  current ??= readStored();
  return current;
}

/** Changes some settings, saves them in this browser and re-renders whoever shows them. */
export function updateLayoutSettings(change: Partial<LayoutSettings>): void {
  current = { ...snapshot(), ...change };
  try {
    window.localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(current));
  } catch {
    // Storage switched off: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
