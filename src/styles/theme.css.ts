/**
 * Design tokens and the app's light and dark themes (vanilla-extract: zero runtime, typed vars).
 * Viewer themes (SPEC §3) are separate: they live with the viewer.
 */
import { createGlobalTheme, createTheme, createThemeContract } from '@vanilla-extract/css';

export const tokens = createGlobalTheme(':root', {
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' },
  radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  font: {
    body: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, monospace',
  },
  fontSize: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '28px' },
  shadow: {
    sm: '0 1px 2px rgb(0 0 0 / 0.08)',
    md: '0 4px 16px rgb(0 0 0 / 0.12)',
    lg: '0 12px 40px rgb(0 0 0 / 0.18)',
  },
  z: { header: '10', overlay: '50', toast: '100' },
});

export const color = createThemeContract({
  background: null,
  surface: null,
  surfaceRaised: null,
  border: null,
  text: null,
  textMuted: null,
  accent: null,
  accentText: null,
  accentSoft: null,
  danger: null,
  dangerSoft: null,
  success: null,
  successSoft: null,
  focus: null,
});

const lightValues = {
  background: '#f4f6f5',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  border: '#d8dfdc',
  text: '#17211d',
  textMuted: '#5a6762',
  accent: '#1f7a57',
  accentText: '#ffffff',
  accentSoft: '#e3f2eb',
  danger: '#b3261e',
  dangerSoft: '#fbe9e7',
  success: '#1f7a57',
  successSoft: '#e3f2eb',
  focus: '#2f6fd6',
};

/**
 * Light is the default on :root, so portalled overlays (dialogs, menus, toasts — rendered outside
 * the app root) get the theme too; the classes scope a theme to a subtree.
 */
createGlobalTheme(':root', color, lightValues);
export const lightTheme = createTheme(color, lightValues);
