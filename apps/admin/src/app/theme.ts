import type { ProLayoutProps } from '@ant-design/pro-components';
import { theme } from 'antd';
import type { ThemeConfig } from 'antd';
import { accessiblePrimary, themeColorOf } from '../layout/layout-settings.ts';
import type { LayoutSettings } from '../layout/layout-settings.ts';

/*
 * The back office's colours, in one place: antd's and ProLayout's defaults with the shades that keep text at the
 * WCAG AA ratio of 4.5:1 (axe's `color-contrast`) in every menu style, navigation mode and theme colour of the
 * settings drawer. Pages use tokens (`theme.useToken()`), never their own darker copies.
 */

/** WCAG AA's ratio for text of normal size. */
export const TEXT_CONTRAST = 4.5;

/** The template's dark menu. */
export const DARK_MENU_BG = '#001529';
/** antd's `colorBgLayout`: the light menu and the header of the top navigation lie on it. */
export const LIGHT_LAYOUT_BG = '#f5f5f5';

/**
 * antd's defaults that are too pale on white: secondary texts at 45 % black (3.4:1) and the error red #ff4d4f
 * (3.3:1: form errors, danger buttons, their confirmations). The red is antd's red-7 (5.6:1) with red-8 and red-9
 * on hover and press, so a danger button stays readable while it is pointed at.
 */
export const READABLE_TOKENS = {
  colorError: '#cf1322',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorErrorTextHover: '#a8071a',
  colorErrorTextActive: '#820014',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
} as const satisfies ThemeConfig['token'];

/** The theme colour antd draws with: the drawer's choice, darkened until white text on it passes. */
export function primaryColorOf(settings: Pick<LayoutSettings, 'themeColor'>): string {
  return accessiblePrimary(themeColorOf(settings.themeColor));
}

/**
 * The app-wide antd theme (login page and layout alike). The light tints behind selected entries (dropdowns,
 * selects, table rows) come from the drawer's own colour: antd derives them from `colorPrimary`, and the tints of a
 * darkened yellow or green are greys on which the theme colour is unreadable (3.4:1 for sunset).
 * `reducedMotion` is the system's "reduce motion" preference.
 */
export function appTheme(
  settings: Pick<LayoutSettings, 'themeColor'>,
  { reducedMotion = false }: { reducedMotion?: boolean } = {},
): ThemeConfig {
  const colorPrimary = primaryColorOf(settings);
  const template = theme.defaultAlgorithm({
    ...theme.defaultSeed,
    colorPrimary: themeColorOf(settings.themeColor),
  });
  return {
    token: {
      colorPrimary,
      colorLink: colorPrimary,
      colorPrimaryBg: template.colorPrimaryBg,
      colorPrimaryBgHover: template.colorPrimaryBgHover,
      ...READABLE_TOKENS,
      // antd's motions (wave, collapse, the buttons' loading spinner) off for whoever asked for less motion.
      motion: !reducedMotion,
    },
  };
}

/** Texts of the dark menu: 11:1 on #001529; selected and pointed-at entries in white. */
const ON_DARK = 'rgba(255, 255, 255, 0.78)';
const ON_DARK_HOVER_BG = 'rgba(255, 255, 255, 0.08)';

export interface LayoutTheme {
  /** ProLayout's `token`: menu, header and sider colours. */
  token: NonNullable<ProLayoutProps['token']>;
  /**
   * antd Menu tokens ProLayout does not set, for the layout's own menus only (side and top): the title of the
   * group holding the current page is drawn in `subMenuItemSelectedColor`, which antd makes the theme colour
   * (#1275d2 on #001529 is 3.95:1), and a collapsed side menu opens its groups in `popupBg` pop-ups.
   */
  menu: ThemeConfig;
  /** The header's buttons (language, settings, account): antd draws text buttons in black. */
  headerActions: ThemeConfig;
}

/** The layout's colours for a menu style, navigation mode and theme colour. */
export function layoutTheme(
  settings: Pick<LayoutSettings, 'navTheme' | 'layout' | 'themeColor'>,
): LayoutTheme {
  const primary = primaryColorOf(settings);
  if (settings.navTheme === 'light') {
    return {
      // ProLayout's light menu: black texts at 68-95 % on white or the layout's grey.
      token: { colorPrimary: primary },
      // The theme colour is dark enough for text on the layout's grey (PRIMARY_CONTRAST).
      menu: { components: { Menu: { subMenuItemSelectedColor: primary } } },
      headerActions: {},
    };
  }
  const menu = {
    colorTextMenu: ON_DARK,
    colorTextMenuSecondary: ON_DARK,
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorBgMenuItemSelected: primary,
    colorBgMenuItemHover: ON_DARK_HOVER_BG,
  };
  return {
    token: {
      colorPrimary: primary,
      sider: {
        ...menu,
        colorMenuBackground: DARK_MENU_BG,
        colorTextMenuItemHover: '#fff',
        colorTextMenuTitle: '#fff',
        colorTextSubMenuSelected: '#fff',
        colorBgMenuItemCollapsedElevated: DARK_MENU_BG,
        colorMenuItemDivider: 'rgba(255, 255, 255, 0.15)',
        colorBgCollapsedButton: '#fff',
        colorTextCollapsedButton: 'rgba(0, 0, 0, 0.65)',
        colorTextCollapsedButtonHover: 'rgba(0, 0, 0, 0.88)',
      },
      // The top navigation mode puts the menu in the header, which turns dark with it.
      ...(settings.layout === 'top' && {
        header: {
          ...menu,
          colorBgHeader: DARK_MENU_BG,
          colorBgScrollHeader: DARK_MENU_BG,
          colorHeaderTitle: '#fff',
          colorBgMenuElevated: DARK_MENU_BG,
          colorTextRightActionsItem: 'rgba(255, 255, 255, 0.85)',
          colorBgRightActionsItemHover: ON_DARK_HOVER_BG,
        },
      }),
    },
    menu: {
      components: {
        Menu: {
          subMenuItemSelectedColor: '#fff',
          popupBg: DARK_MENU_BG,
          subMenuItemBg: DARK_MENU_BG,
        },
      },
    },
    headerActions:
      settings.layout === 'top'
        ? {
            components: {
              Button: {
                textTextColor: 'rgba(255, 255, 255, 0.85)',
                textTextHoverColor: '#fff',
                textTextActiveColor: '#fff',
                textHoverBg: ON_DARK_HOVER_BG,
              },
            },
          }
        : {},
  };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** `#rgb`, `#rrggbb` or `rgb[a](r, g, b[, a])` as red, green, blue (0-255) and alpha (0-1). */
function parseColor(color: string): [number, number, number, number] {
  if (color.startsWith('#')) {
    const hex =
      color.length === 4 ? [...color.slice(1)].map((digit) => digit + digit).join('') : color.slice(1);
    const n = Number.parseInt(hex, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG contrast ratio of a text colour (translucent ones laid over the background) on an opaque background. */
export function contrastRatio(foreground: string, background: string): number {
  const [br, bg, bb] = parseColor(background);
  const [fr, fg, fb, alpha] = parseColor(foreground);
  const over = (f: number, b: number) => f * alpha + b * (1 - alpha);
  const luminance = (r: number, g: number, b: number) =>
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const text = luminance(over(fr, br), over(fg, bg), over(fb, bb));
  const back = luminance(br, bg, bb);
  return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
}
