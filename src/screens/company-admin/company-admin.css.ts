import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const tabPanel = style({ paddingTop: tokens.space.lg, display: 'flex', flexDirection: 'column', gap: tokens.space.lg });
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.lg,
  alignItems: 'start',
  '@media': { '(min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr) 340px' } },
});
export const halves = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.lg,
  alignItems: 'start',
  '@media': { '(min-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const person = style({ display: 'flex', flexDirection: 'column', lineHeight: 1.3 });
export const personName = style({ fontWeight: 500 });
export const personMeta = style({ color: color.textMuted, fontSize: tokens.fontSize.sm });
export const cellSelect = style({ minWidth: '150px' });
export const roleItem = style({ padding: `${tokens.space.md} ${tokens.space.lg}`, selectors: { '& + &': { borderTop: `1px solid ${color.border}` } } });
export const roleName = style({ fontWeight: 600, margin: 0, fontSize: tokens.fontSize.md });
export const roleText = style({ color: color.textMuted, margin: '2px 0 6px', fontSize: tokens.fontSize.sm });
export const perms = style({ display: 'flex', flexWrap: 'wrap', gap: '4px', listStyle: 'none', margin: 0, padding: 0 });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const sortButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  selectors: { '&:hover': { color: color.text } },
});
export const groupRow = style({ cursor: 'pointer', selectors: { '&[aria-selected="true"]': { background: color.accentSoft } } });
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  color: color.text,
  fontWeight: 500,
  cursor: 'pointer',
  textAlign: 'left',
  selectors: { '&:hover': { color: color.accent } },
});
export const meterCell = style({ minWidth: '160px' });
export const meter = style({
  height: '6px',
  borderRadius: tokens.radius.pill,
  background: color.background,
  border: `1px solid ${color.border}`,
  overflow: 'hidden',
  marginTop: '4px',
});
export const meterFill = style({ height: '100%', background: color.accent });
export const headerStats = style({ display: 'flex', gap: tokens.space.md, color: color.textMuted, fontSize: tokens.fontSize.sm, flexWrap: 'wrap' });
export const stackColumn = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 });
export const padded = style({ padding: tokens.space.lg });
export const paddedX = style({ padding: `0 ${tokens.space.lg}` });
