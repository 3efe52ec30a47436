import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.xl,
  alignItems: 'start',
  '@media': { '(min-width: 900px)': { gridTemplateColumns: '200px minmax(0, 1fr)' } },
});

export const nav = style({ display: 'flex', flexDirection: 'column', gap: '2px', position: 'sticky', top: '72px' });
export const navLink = style({
  display: 'block',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  color: color.textMuted,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: {
    '&:hover': { background: color.surface, color: color.text },
    '&[aria-current="page"]': { background: color.accentSoft, color: color.accent },
  },
});

export const panel = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 });
export const formCard = style({ padding: tokens.space.xl, display: 'flex', flexDirection: 'column', gap: tokens.space.lg, maxWidth: '720px' });
export const twoColumns = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.space.lg });
export const inlineForm = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' });
export const grow = style({ flex: '1 1 240px' });
export const readOnly = style({ color: color.textMuted, fontSize: tokens.fontSize.sm, margin: 0 });
export const code = style({
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSize.xs,
  color: color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '360px',
  display: 'block',
});
