import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: tokens.space.xl,
  background: `radial-gradient(1200px 600px at 20% 0%, ${color.accentSoft}, transparent), ${color.background}`,
});

export const card = style({
  width: 'min(420px, 100%)',
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: tokens.shadow.md,
  padding: tokens.space.xxl,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });
export const label = style({ fontWeight: 500, fontSize: tokens.fontSize.sm });
export const input = style({
  height: '38px',
  padding: `0 ${tokens.space.md}`,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  background: color.background,
  color: color.text,
  fontSize: tokens.fontSize.md,
  fontFamily: 'inherit',
  selectors: { '&[aria-invalid="true"]': { borderColor: color.danger } },
});
export const fieldError = style({ color: color.danger, fontSize: tokens.fontSize.sm, margin: 0 });
export const formError = style({
  color: color.danger,
  background: color.dangerSoft,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  margin: 0,
});
export const links = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: tokens.space.sm, fontSize: tokens.fontSize.sm });
export const title = style({ fontSize: tokens.fontSize.xxl });

export const wideCard = style([card, { width: 'min(560px, 100%)' }]);
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: tokens.space.lg,
});
export const notice = style({
  color: color.text,
  background: color.successSoft,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  margin: 0,
});
export const subtitle = style({ color: color.textMuted, margin: 0 });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  color: color.textMuted,
  fontSize: tokens.fontSize.sm,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${color.border}` } },
});
export const actions = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });
