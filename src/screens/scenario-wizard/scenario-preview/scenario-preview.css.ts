/** The scenario preview: the 3D view with its legend and the findings list beside it. */
import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../../styles/theme.css.ts';

export const preview = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 240px',
  gap: tokens.space.md,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.sm,
  '@media': { '(max-width: 720px)': { gridTemplateColumns: '1fr' } },
});
export const stage = style({
  position: 'relative',
  height: 320,
  borderRadius: tokens.radius.sm,
  overflow: 'hidden',
  outlineOffset: 2,
  selectors: { '&:focus-visible': { outline: `2px solid ${color.accent}` } },
});
export const side = style({ display: 'grid', alignContent: 'start', gap: tokens.space.sm, fontSize: tokens.fontSize.sm, minWidth: 0 });
export const title = style({ margin: 0, fontSize: tokens.fontSize.md });
export const muted = style({ color: color.textMuted, margin: 0, fontSize: tokens.fontSize.xs });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.xs });
export const legendRow = style({ display: 'flex', gap: tokens.space.xs, alignItems: 'baseline' });
export const swatch = style({ flex: 'none', display: 'inline-block', width: 12, height: 12, borderRadius: 3, border: `1px solid ${color.border}` });
export const lineSwatch = style({ flex: 'none', display: 'inline-block', width: 14, height: 0, borderTop: '3px solid', transform: 'translateY(-3px)' });
export const markerSwatch = style({ flex: 'none', display: 'inline-block', width: 10, height: 10, borderRadius: '50%', border: '3px solid' });
export const finding = style({
  font: 'inherit',
  textAlign: 'left',
  width: '100%',
  padding: tokens.space.xs,
  borderRadius: tokens.radius.sm,
  border: `1px solid ${color.border}`,
  background: 'none',
  color: color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: color.accent, fontWeight: 600 } },
});
export const dot = style({ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', marginRight: 6 });
