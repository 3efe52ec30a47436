import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const message = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  fontSize: tokens.fontSize.md,
  margin: 0,
  selectors: {
    '&[data-tone="success"]': { background: color.successSoft, color: color.text, borderLeft: `3px solid ${color.success}` },
    '&[data-tone="danger"]': { background: color.dangerSoft, color: color.text, borderLeft: `3px solid ${color.danger}` },
    '&[data-tone="info"]': { background: color.background, color: color.text, borderLeft: `3px solid ${color.border}` },
  },
});
export const text = style({ flex: 1 });
