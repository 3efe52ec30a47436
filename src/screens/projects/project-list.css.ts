import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.xl,
  alignItems: 'start',
  '@media': { '(min-width: 1180px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px' } },
});

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  flexWrap: 'wrap',
  marginBottom: tokens.space.lg,
});

export const tabs = style({
  display: 'inline-flex',
  padding: '3px',
  gap: '2px',
  background: color.surface,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
});

export const tab = style({
  border: 'none',
  background: 'transparent',
  color: color.textMuted,
  fontFamily: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: 500,
  padding: `6px ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: color.text },
    '&[aria-selected="true"]': { background: color.accentSoft, color: color.accent },
  },
});

export const filters = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const search = style({ width: '260px' });
export const sort = style({ width: '170px' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: tokens.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const more = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  gap: tokens.space.md,
  marginTop: tokens.space.xl,
  color: color.textMuted,
  fontSize: tokens.fontSize.sm,
});

export const skeleton = style({
  height: '196px',
  borderRadius: tokens.radius.lg,
  border: `1px solid ${color.border}`,
  background: `linear-gradient(90deg, ${color.surface} 0%, ${color.background} 50%, ${color.surface} 100%)`,
  backgroundSize: '200% 100%',
});

export const notice = style({ marginBottom: tokens.space.lg });

/** The header's buttons (Import project, New project) and the import's progress beside them. */
export const headerActions = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' });
