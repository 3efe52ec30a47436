import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xxl} ${tokens.space.xl}`,
  border: `1px dashed ${color.border}`,
  borderRadius: tokens.radius.lg,
  background: color.surface,
});
export const compact = style({ padding: tokens.space.xl });
export const icon = style({
  width: '44px',
  height: '44px',
  borderRadius: tokens.radius.pill,
  display: 'grid',
  placeItems: 'center',
  background: color.accentSoft,
  color: color.accent,
  marginBottom: tokens.space.xs,
});
export const title = style({ fontSize: tokens.fontSize.lg, fontWeight: 600, margin: 0 });
export const description = style({ color: color.textMuted, margin: 0, maxWidth: '46ch' });
export const action = style({ marginTop: tokens.space.sm, display: 'flex', gap: tokens.space.sm });
