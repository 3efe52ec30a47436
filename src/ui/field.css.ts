/** Form fields: label above, input, hint and the server's messages underneath. */
import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '6px', minWidth: 0 });
export const label = style({ fontWeight: 500, fontSize: tokens.fontSize.sm, color: color.text });
export const hint = style({ color: color.textMuted, fontSize: tokens.fontSize.xs, margin: 0 });
export const fieldError = style({ color: color.danger, fontSize: tokens.fontSize.sm, margin: 0 });

export const input = style({
  height: '34px',
  width: '100%',
  padding: `0 ${tokens.space.md}`,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  background: color.surface,
  color: color.text,
  fontSize: tokens.fontSize.md,
  fontFamily: 'inherit',
  transition: 'border-color 120ms, box-shadow 120ms',
  selectors: {
    '&:hover': { borderColor: color.textMuted },
    '&:focus-visible': { outline: 'none', borderColor: color.focus, boxShadow: `0 0 0 3px color-mix(in srgb, ${color.focus} 25%, transparent)` },
    '&[aria-invalid="true"]': { borderColor: color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const textarea = style([
  input,
  {
    height: 'auto',
    minHeight: '140px',
    padding: tokens.space.md,
    fontFamily: tokens.font.mono,
    fontSize: tokens.fontSize.sm,
    lineHeight: 1.5,
    resize: 'vertical',
  },
]);

export const checkboxRow = style({ display: 'flex', alignItems: 'flex-start', gap: tokens.space.sm, fontSize: tokens.fontSize.md, cursor: 'pointer' });
export const checkbox = style({ width: '16px', height: '16px', marginTop: '2px', accentColor: color.accent });
export const hintBlock = style([hint, { display: 'block' }]);
