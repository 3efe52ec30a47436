import { globalStyle, style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const picker = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });
export const searchRow = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'flex-end' });
export const searchField = style({ flex: '1 1 auto' });
export const results = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  background: color.surface,
  maxHeight: '180px',
  overflowY: 'auto',
});
export const result = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  border: 'none',
  borderBottom: `1px solid ${color.border}`,
  background: 'transparent',
  color: color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&:hover, &:focus-visible': { background: color.accentSoft, outline: 'none' } },
});
export const resultKind = style({ color: color.textMuted, fontSize: '12px', marginLeft: tokens.space.sm });
export const small = style({ color: color.textMuted, fontSize: '12px', margin: 0 });
export const mapBox = style({
  position: 'relative',
  height: '260px',
  borderRadius: tokens.radius.md,
  overflow: 'hidden',
  border: `1px solid ${color.border}`,
  selectors: { '&:focus-visible': { outline: `3px solid ${color.focus}`, outlineOffset: '2px' } },
});
export const mapCanvas = style({ height: '100%', width: '100%' });
export const degraded = style({
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px dashed ${color.border}`,
  color: color.textMuted,
  fontSize: '13px',
  margin: 0,
});
export const pin = style({});
globalStyle(`${pin} > span`, {
  display: 'block',
  width: '18px',
  height: '18px',
  borderRadius: '50% 50% 50% 0',
  transform: 'rotate(-45deg)',
  background: color.accent,
  border: '2px solid #ffffff',
  boxShadow: '0 1px 4px rgba(0,0,0,0.4)',
});
