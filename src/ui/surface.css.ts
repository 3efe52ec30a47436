/** Surfaces the screens share: page frame, cards, section headings, data tables, badges. */
import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { color, tokens } from '../styles/theme.css.ts';

export const page = style({ padding: `${tokens.space.xl} ${tokens.space.xl} ${tokens.space.xxl}`, maxWidth: '1440px', margin: '0 auto' });

export const pageHeader = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: tokens.space.lg,
  flexWrap: 'wrap',
  marginBottom: tokens.space.lg,
});

export const pageTitle = style({ fontSize: tokens.fontSize.xxl, lineHeight: 1.15, letterSpacing: '-0.01em' });
export const pageSubtitle = style({ color: color.textMuted, margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.md });

export const card = style({
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.lg,
  boxShadow: tokens.shadow.sm,
});

export const cardBody = style({ padding: tokens.space.lg });

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  borderBottom: `1px solid ${color.border}`,
});

export const sectionTitle = style({ fontSize: tokens.fontSize.md, fontWeight: 600, margin: 0 });
export const eyebrow = style({
  fontSize: tokens.fontSize.xs,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: color.textMuted,
  margin: 0,
});
export const muted = style({ color: color.textMuted });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.md });
export const th = style({
  textAlign: 'left',
  fontWeight: 600,
  fontSize: tokens.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: color.textMuted,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderBottom: `1px solid ${color.border}`,
  whiteSpace: 'nowrap',
  background: color.background,
});
export const td = style({ padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${color.border}`, verticalAlign: 'middle' });
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const rowFlagged = style({ background: color.dangerSoft });

export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: tokens.space.md, flexWrap: 'wrap' });
export const actions = style({ display: 'flex', gap: tokens.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });
export const formGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.space.md });

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    height: '20px',
    padding: '0 8px',
    borderRadius: tokens.radius.pill,
    fontSize: tokens.fontSize.xs,
    fontWeight: 600,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: { background: color.background, color: color.textMuted, border: `1px solid ${color.border}` },
      accent: { background: color.accentSoft, color: color.accent },
      success: { background: color.successSoft, color: color.success },
      warning: { background: '#fdf3dc', color: '#8a5a00' },
      danger: { background: color.dangerSoft, color: color.danger },
      info: { background: '#e6eefb', color: '#2f5fb3' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariants = RecipeVariants<typeof badge>;

/** The button row at the foot of a dialog. */
export const dialogActions = style([actions, { marginTop: tokens.space.xl }]);
