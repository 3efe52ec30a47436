import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const pagination = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.sm} 0`,
  fontSize: tokens.fontSize.sm,
  color: color.textMuted,
});
export const controls = style({ display: 'flex', gap: tokens.space.xs, alignItems: 'center' });
