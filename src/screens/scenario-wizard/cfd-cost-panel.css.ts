/** The cost step's CFD part (cfd-cost-panel.tsx): two choice rows and the estimate. */
import { globalStyle, style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const choices = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm, marginBottom: tokens.space.md });
export const group = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.space.md });
export const groupLabel = style({ fontSize: tokens.fontSize.sm, fontWeight: 600, minWidth: '9rem' });
export const option = style({ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs });
export const estimate = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: tokens.space.md,
  rowGap: tokens.space.xs,
  margin: 0,
  fontSize: tokens.fontSize.sm,
});
globalStyle(`${facts} dt`, { color: color.textMuted });
globalStyle(`${facts} dd`, { margin: 0 });
export const note = style({ margin: 0, fontSize: tokens.fontSize.xs, color: color.textMuted });
