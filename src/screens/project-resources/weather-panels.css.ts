import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const panels = style({ display: 'grid', gap: tokens.space.lg });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.md, alignItems: 'flex-end' });
export const grid = style({
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  alignItems: 'start',
});
export const card = style({
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  display: 'grid',
  gap: tokens.space.sm,
});
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSize.md, fontWeight: 600 });
export const figure = style({ margin: 0, display: 'grid', gap: tokens.space.sm });
export const rose = style({ width: '100%', maxWidth: '340px', justifySelf: 'center', height: 'auto' });
export const chart = style({ width: '100%', height: 'auto' });
export const coverage = style({ width: '100%', height: 'auto' });
export const gridLine = style({ fill: 'none', stroke: color.border, strokeWidth: 1 });
export const zeroLine = style({ stroke: color.textMuted, strokeWidth: 1 });
export const axisLabel = style({ fill: color.textMuted, fontSize: '10px', fontFamily: tokens.font.body });
export const compass = style({ fill: color.text, fontSize: '12px', fontWeight: 600, fontFamily: tokens.font.body });
export const wedge = style({ stroke: color.surface, strokeWidth: 0.5 });
export const calm = style({ fill: color.surface, stroke: color.textMuted, strokeWidth: 1 });
export const calmLabel = style({ fill: color.text, fontSize: '9px', fontFamily: tokens.font.body });
export const maxDot = style({ fill: color.text });
export const arrow = style({ fill: color.textMuted });
export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  fontSize: tokens.fontSize.xs,
  color: color.textMuted,
});
export const legendTitle = style({ fontWeight: 600, color: color.text });
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs });
export const swatch = style({ width: '10px', height: '10px', borderRadius: '2px', display: 'inline-block' });
export const muted = style({ color: color.textMuted, margin: 0, fontSize: tokens.fontSize.sm });
export const alert = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.sm,
  background: color.dangerSoft,
  color: color.danger,
  display: 'grid',
  gap: tokens.space.xs,
});
