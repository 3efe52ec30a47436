import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const inbox = style({ position: 'sticky', top: '72px', display: 'flex', flexDirection: 'column', gap: tokens.space.lg });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  selectors: { '& + &': { borderTop: `1px solid ${color.border}` } },
});
export const itemText = style({ margin: 0, fontSize: tokens.fontSize.sm, lineHeight: 1.45 });
export const itemMeta = style({ margin: 0, fontSize: tokens.fontSize.xs, color: color.textMuted });
export const itemActions = style({ display: 'flex', gap: tokens.space.xs, alignItems: 'center' });
export const row = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'flex-start' });
export const grow = style({ flex: 1, minWidth: 0 });
export const count = style({
  minWidth: '20px',
  height: '20px',
  padding: '0 6px',
  borderRadius: tokens.radius.pill,
  background: color.accent,
  color: color.accentText,
  fontSize: tokens.fontSize.xs,
  fontWeight: 600,
  display: 'inline-grid',
  placeItems: 'center',
});
export const quiet = style({ margin: 0, padding: `${tokens.space.md} ${tokens.space.lg}`, color: color.textMuted, fontSize: tokens.fontSize.sm });
export const error = style({ margin: 0, color: color.danger, fontSize: tokens.fontSize.xs });
