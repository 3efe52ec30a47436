import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const shell = style({ display: 'grid', gridTemplateRows: 'auto auto 1fr', minHeight: '100vh' });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.lg,
  height: '52px',
  padding: `0 ${tokens.space.lg}`,
  background: color.surface,
  borderBottom: `1px solid ${color.border}`,
  position: 'sticky',
  top: 0,
  zIndex: tokens.z.header,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  fontWeight: 700,
  fontSize: tokens.fontSize.lg,
  color: color.text,
  textDecoration: 'none',
});

export const breadcrumb = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  color: color.textMuted,
  fontSize: tokens.fontSize.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flex: 1,
  minWidth: 0,
});

export const crumb = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

export const nav = style({ display: 'flex', gap: tokens.space.xs });

export const navLink = style({
  padding: `${tokens.space.xs} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  color: color.textMuted,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: { '&[aria-current="page"]': { color: color.text, background: color.accentSoft } },
});

export const detailBar = style({
  display: 'flex',
  gap: tokens.space.xs,
  padding: `0 ${tokens.space.lg}`,
  background: color.surface,
  borderBottom: `1px solid ${color.border}`,
});

export const detailLink = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  color: color.textMuted,
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  selectors: { '&[aria-current="page"]': { color: color.text, borderBottomColor: color.accent } },
});

export const main = style({ minWidth: 0 });

export const avatar = style({
  width: '32px',
  height: '32px',
  borderRadius: tokens.radius.pill,
  background: color.accentSoft,
  color: color.accent,
  border: 'none',
  fontWeight: 600,
  cursor: 'pointer',
});
