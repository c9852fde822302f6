import { describe, expect, it } from 'vitest';
import {
  accessiblePrimary,
  contrastWithWhite,
  DEFAULT_LAYOUT_SETTINGS,
  parseLayoutSettings,
  PRIMARY_CONTRAST,
  THEME_COLORS,
} from './layout-settings.ts';

describe('layout settings kept in the browser', () => {
  it('start from the template defaults: dark menu, side navigation, daybreak blue', () => {
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(DEFAULT_LAYOUT_SETTINGS).toMatchObject({
      navTheme: 'dark',
      layout: 'side',
      themeColor: 'daybreak',
    });
  });

  it('keep each valid choice and drop what is unknown or malformed', () => {
    const saved = JSON.stringify({
      themeColor: 'purple',
      layout: 'top',
      fixedHeader: true,
      navTheme: 'pink',
      x: 1,
    });
    expect(parseLayoutSettings(saved)).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      themeColor: 'purple',
      layout: 'top',
      fixedHeader: true,
    });
    expect(parseLayoutSettings('{not json')).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('[1,2]')).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('offer the eight template colours', () => {
    expect(THEME_COLORS.map((theme) => `${theme.key} ${theme.color}`)).toEqual([
      'daybreak #1890FF',
      'dust #F5222D',
      'volcano #FA541C',
      'sunset #FAAD14',
      'cyan #13C2C2',
      'green #52C41A',
      'geekblue #2F54EB',
      'purple #722ED1',
    ]);
  });

  it.each(THEME_COLORS.map((theme) => theme.color))(
    'give antd a shade of %s that white text can sit on (WCAG AA)',
    (color) => {
      const shade = accessiblePrimary(color);
      expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(PRIMARY_CONTRAST);
      expect(PRIMARY_CONTRAST).toBeGreaterThan(4.5);
      if (contrastWithWhite(color) >= PRIMARY_CONTRAST) expect(shade).toBe(color.toLowerCase());
    },
  );

  it('keeps colours that already pass as they are', () => {
    expect(accessiblePrimary('#722ED1')).toBe('#722ed1');
    expect(accessiblePrimary('#2F54EB')).toBe('#2f54eb');
  });
});
