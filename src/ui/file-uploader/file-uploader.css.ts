import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const uploader = style({ display: 'grid', gap: tokens.space.md });

export const dropZone = style({
  display: 'grid',
  justifyItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.xl,
  border: `2px dashed ${color.border}`,
  borderRadius: tokens.radius.lg,
  background: color.surface,
  color: color.textMuted,
  textAlign: 'center',
  transition: 'border-color 120ms, background 120ms',
  selectors: {
    '&[data-dragging="true"]': { borderColor: color.accent, background: color.accentSoft, color: color.text },
    '&:focus-within': { borderColor: color.focus },
  },
});

export const dropTitle = style({ margin: 0, fontSize: tokens.fontSize.lg, color: color.text, fontWeight: 600 });
export const hint = style({ margin: 0, fontSize: tokens.fontSize.sm });

/** The native input stays in the accessibility tree through its button; it is not shown. */
export const hiddenInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none' });

export const rejections = style({ display: 'grid', gap: tokens.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const rejection = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: color.dangerSoft,
  color: color.danger,
  fontSize: tokens.fontSize.sm,
});

export const list = style({ display: 'grid', gap: tokens.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  padding: tokens.space.md,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  background: color.surface,
});

export const rowName = style({ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: color.text });
export const rowMeta = style({ fontSize: tokens.fontSize.xs, color: color.textMuted });
export const rowActions = style({ display: 'flex', gap: tokens.space.xs, gridRow: 'span 2', alignSelf: 'center' });
export const rowError = style({ gridColumn: '1 / -1', fontSize: tokens.fontSize.sm, color: color.danger, margin: 0 });

export const track = style({
  height: '6px',
  borderRadius: tokens.radius.pill,
  background: color.border,
  overflow: 'hidden',
});

export const bar = style({
  height: '100%',
  background: color.accent,
  transition: 'width 300ms ease-out',
  selectors: { '[data-status="failed"] &': { background: color.danger }, '[data-status="cancelled"] &': { background: color.textMuted } },
});
