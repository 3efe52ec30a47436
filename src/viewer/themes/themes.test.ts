import { describe, expect, it } from 'vitest';
import type { ThemeName } from '../contracts.ts';
import { THEME_NAMES, THEME_ROLES, THEMES, themeFor } from './themes.ts';

const HEX = /^#[0-9a-f]{6}$/i;

describe('viewer themes', () => {
  it('has the six themes of SPEC §3, only the computer-film one hidden', () => {
    expect(THEME_NAMES.sort()).toEqual(['dark', 'default', 'geometry', 'light', 'translucent', 'tron']);
    expect(THEME_NAMES.filter((n) => THEMES[n].hidden)).toEqual(['tron']);
  });

  it.each(THEME_NAMES)('%s defines background and every role with valid colours and opacities, and an icon', (name) => {
    const theme = THEMES[name];
    expect(theme.icon).toMatch(/\S/);
    expect(theme.background.fill).toMatch(HEX);
    expect(Object.keys(theme.roles).sort()).toEqual([...THEME_ROLES].sort());
    expect(THEME_ROLES).toHaveLength(13);
    for (const role of THEME_ROLES) {
      const style = theme.roles[role];
      expect(style.fill, `${name}.${role}.fill`).toMatch(HEX);
      if (style.stroke !== null) expect(style.stroke).toMatch(HEX);
      for (const opacity of [style.fillOpacity, style.strokeOpacity]) {
        expect(opacity).toBeGreaterThanOrEqual(0);
        expect(opacity).toBeLessThanOrEqual(1);
      }
    }
  });

  it('tron is black with glowing cyan edges', () => {
    expect(THEMES.tron.background.fill).toBe('#000000');
    expect(THEMES.tron.glowEdges).toBe(true);
    expect(THEMES.tron.roles.study_proposed.stroke).toBe('#00e5ff');
  });

  it('translucent makes buildings see-through; unknown names fall back to default', () => {
    expect(THEMES.translucent.roles.study_proposed.fillOpacity).toBeLessThan(0.5);
    expect(themeFor('nope' as ThemeName).name).toBe('default');
  });
});
