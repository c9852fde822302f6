import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../layout/layout-settings.ts';
import {
  appTheme,
  contrastRatio,
  DARK_MENU_BG,
  layoutTheme,
  LIGHT_LAYOUT_BG,
  primaryColorOf,
  READABLE_TOKENS,
  TEXT_CONTRAST,
} from './theme.ts';

const WHITE = '#ffffff';
const colours = THEME_COLORS.map((theme) => theme.key);

describe('the contrast ratio', () => {
  it('is the WCAG ratio, translucent text laid over its background', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21);
    expect(contrastRatio('#1275d2', DARK_MENU_BG)).toBeCloseTo(3.95, 2);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', WHITE)).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio('rgba(255, 255, 255, 0.78)', DARK_MENU_BG)).toBeGreaterThan(11);
  });
});

describe('the app theme', () => {
  it('draws errors (form messages, danger buttons) in a red readable on white, pointed at or not', () => {
    expect(contrastRatio('#ff4d4f', WHITE)).toBeLessThan(TEXT_CONTRAST);
    for (const red of [
      READABLE_TOKENS.colorError,
      READABLE_TOKENS.colorErrorHover,
      READABLE_TOKENS.colorErrorActive,
      READABLE_TOKENS.colorErrorTextHover,
      READABLE_TOKENS.colorErrorTextActive,
    ]) {
      expect(contrastRatio(red, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(appTheme({ themeColor: 'daybreak' }).token).toMatchObject({ colorError: '#cf1322' });
  });

  it("keeps antd's motions unless the system asks for less motion", () => {
    expect(appTheme({ themeColor: 'daybreak' }).token?.motion).toBe(true);
    expect(appTheme({ themeColor: 'daybreak' }, { reducedMotion: true }).token?.motion).toBe(false);
  });

  it.each(colours)('gives links and primary buttons a readable shade of %s', (themeColor) => {
    const { token } = appTheme({ themeColor });
    expect(token?.colorPrimary).toBe(primaryColorOf({ themeColor }));
    expect(contrastRatio(WHITE, token?.colorPrimary ?? '')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(token?.colorLink ?? '', LIGHT_LAYOUT_BG)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // A selected dropdown entry: the theme colour on its lightest tint.
    expect(contrastRatio(token?.colorPrimary ?? '', token?.colorPrimaryBg ?? '')).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });
});

describe('the layout theme', () => {
  describe.each(['side', 'top'] as const)('in the %s navigation mode', (layout) => {
    it.each(colours)('keeps the dark menu readable with %s', (themeColor) => {
      const theme = layoutTheme({ navTheme: 'dark', layout, themeColor });
      const menu = layout === 'top' ? theme.token.header : theme.token.sider;
      const background =
        layout === 'top' ? theme.token.header?.colorBgHeader : theme.token.sider?.colorMenuBackground;
      expect(background).toBe(DARK_MENU_BG);
      const pairs: [string | undefined, string | undefined][] = [
        [menu?.colorTextMenu, DARK_MENU_BG],
        [menu?.colorTextMenuSelected, menu?.colorBgMenuItemSelected],
        [menu?.colorTextMenuActive, DARK_MENU_BG],
        // The title of the group holding the current page, and the collapsed menu's pop-ups.
        [theme.menu.components?.Menu?.subMenuItemSelectedColor, DARK_MENU_BG],
        [menu?.colorTextMenu, theme.menu.components?.Menu?.popupBg],
      ];
      if (layout === 'top') {
        pairs.push([theme.token.header?.colorHeaderTitle, DARK_MENU_BG]);
        pairs.push([theme.headerActions.components?.Button?.textTextColor, DARK_MENU_BG]);
      }
      for (const [text, back] of pairs) {
        expect(contrastRatio(text ?? '', back ?? '')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    });

    it.each(colours)('keeps the light menu readable with %s', (themeColor) => {
      const theme = layoutTheme({ navTheme: 'light', layout, themeColor });
      const title = theme.menu.components?.Menu?.subMenuItemSelectedColor ?? '';
      expect(contrastRatio(title, LIGHT_LAYOUT_BG)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // The header stays light: its buttons keep antd's dark text.
      expect(theme.headerActions).toEqual({});
    });
  });
});
