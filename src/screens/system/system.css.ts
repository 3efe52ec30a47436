import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const centered = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.lg,
  textAlign: 'center',
  padding: tokens.space.xl,
});

export const big = style({ fontSize: '64px', fontWeight: 700, color: color.accent, lineHeight: 1 });
export const muted = style({ color: color.textMuted, maxWidth: '40rem', margin: 0 });
