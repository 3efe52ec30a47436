import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const screen = style({ display: 'grid', gap: tokens.space.xl, minWidth: 0 });
export const section = style({ display: 'grid', gap: tokens.space.lg });
export const sectionTitle = style({ margin: 0, fontSize: tokens.fontSize.xl });
export const subTitle = style({ margin: 0, fontSize: tokens.fontSize.lg });
export const columns = style({ display: 'grid', gap: tokens.space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))', alignItems: 'start' });
export const card = style({
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.lg,
  display: 'grid',
  gap: tokens.space.md,
});
export const muted = style({ color: color.textMuted, margin: 0, fontSize: tokens.fontSize.sm });
export const busy = style({ color: color.accent, margin: 0, fontSize: tokens.fontSize.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'flex-end' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.sm });
export const station = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gap: tokens.space.sm,
  alignItems: 'start',
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  border: `1px solid ${color.border}`,
});
export const stationName = style({ fontWeight: 600 });
export const stationMeta = style({ color: color.textMuted, fontSize: tokens.fontSize.sm });
export const alert = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.sm,
  background: color.dangerSoft,
  color: color.danger,
  display: 'grid',
  gap: tokens.space.xs,
});
export const reason = style({ fontSize: tokens.fontSize.sm, margin: 0 });
export const warnings = style({ margin: 0, paddingLeft: tokens.space.lg, color: color.textMuted, fontSize: tokens.fontSize.sm });
export const mapFrame = style({ border: `1px solid ${color.border}`, borderRadius: tokens.radius.md, background: '#f8faf9', overflow: 'hidden' });
export const map = style({ width: '100%', height: 'auto', display: 'block', cursor: 'crosshair' });
export const mapRadius = style({ fill: 'none', stroke: color.accent, strokeDasharray: '6 4', strokeWidth: 1.5 });
export const mapGround = style({ fill: '#eef3f0' });
export const mapBuilding = style({ stroke: '#1e293b', strokeWidth: 0.6 });
export const mapOrigin = style({ stroke: color.danger, strokeWidth: 2, fill: 'none' });
export const mapPending = style({ stroke: color.focus, strokeWidth: 2, fill: 'none', strokeDasharray: '3 2' });
export const mapStation = style({ fill: color.focus, stroke: '#ffffff', strokeWidth: 1.5 });
export const mapLabel = style({ fontSize: '11px', fill: color.text, fontFamily: tokens.font.body, paintOrder: 'stroke', stroke: '#f8faf9', strokeWidth: 3 });
export const mapScale = style({ stroke: color.text, strokeWidth: 2 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm });
export const cell = style({ textAlign: 'left', padding: `${tokens.space.xs} ${tokens.space.sm}`, borderBottom: `1px solid ${color.border}` });
export const headCell = style([cell, { color: color.textMuted, fontWeight: 500 }]);
/** "No weather near here": a finding, not an error, so it is drawn in the neutral accent, not in red. */
export const notice = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.sm,
  background: color.accentSoft,
  border: `1px solid ${color.border}`,
  display: 'grid',
  gap: tokens.space.xs,
});
export const noticeTitle = style({ margin: 0, fontSize: tokens.fontSize.md });
export const noticeList = style({ margin: 0, paddingLeft: tokens.space.lg, fontSize: tokens.fontSize.sm });
