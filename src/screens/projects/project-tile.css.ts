import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  height: '100%',
  padding: tokens.space.lg,
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: tokens.shadow.sm,
  transition: 'border-color 120ms, box-shadow 120ms',
  selectors: { '&:hover, &:focus-within': { borderColor: color.accent, boxShadow: tokens.shadow.md } },
});

export const head = style({ display: 'flex', alignItems: 'flex-start', gap: tokens.space.sm });
export const titleBlock = style({ flex: 1, minWidth: 0 });
export const name = style({ fontSize: tokens.fontSize.lg, fontWeight: 600, margin: 0, lineHeight: 1.3 });
export const nameLink = style({
  color: color.text,
  textDecoration: 'none',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  selectors: { '&:hover': { color: color.accent } },
});
export const location = style({ color: color.textMuted, fontSize: tokens.fontSize.sm, margin: '2px 0 0', display: 'flex', alignItems: 'center', gap: '4px' });

export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: tokens.space.md,
  rowGap: '4px',
  margin: 0,
  fontSize: tokens.fontSize.sm,
});
export const metaTerm = style({ color: color.textMuted });
export const metaValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const foot = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  marginTop: 'auto',
  paddingTop: tokens.space.md,
  borderTop: `1px solid ${color.border}`,
});
export const badges = style({ display: 'flex', gap: tokens.space.xs, flexWrap: 'wrap', marginTop: tokens.space.sm });
export const buttons = style({ display: 'flex', gap: tokens.space.xs, flex: 1 });

export const star = style({
  flex: 'none',
  width: '32px',
  height: '32px',
  display: 'grid',
  placeItems: 'center',
  border: '1px solid transparent',
  borderRadius: tokens.radius.md,
  background: 'transparent',
  color: color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: color.background, color: color.text },
    '&[aria-pressed="true"]': { color: '#d79a00' },
    '&:disabled': { cursor: 'progress' },
  },
});

/** Why the project's weather could not be had, under its badge. */
export const weatherNote = style({ color: color.danger, fontSize: tokens.fontSize.xs, margin: `${tokens.space.xs} 0 0` });
