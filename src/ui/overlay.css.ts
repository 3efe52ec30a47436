/** Shared surfaces for dialogs, menus, tooltips and toasts. */
import { style } from '@vanilla-extract/css';
import { color, tokens } from '../styles/theme.css.ts';

export const backdrop = style({ position: 'fixed', inset: 0, background: 'rgb(0 0 0 / 0.4)', zIndex: tokens.z.overlay });

export const dialogContent = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 64px)',
  overflow: 'auto',
  background: color.surfaceRaised,
  color: color.text,
  borderRadius: tokens.radius.lg,
  boxShadow: tokens.shadow.lg,
  padding: tokens.space.xl,
  zIndex: tokens.z.overlay,
});

export const dialogTitle = style({ fontSize: tokens.fontSize.xl, marginBottom: tokens.space.md });
export const dialogDescription = style({ color: color.textMuted, marginTop: 0 });

export const menuContent = style({
  minWidth: '200px',
  background: color.surfaceRaised,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: tokens.shadow.md,
  padding: tokens.space.xs,
  zIndex: tokens.z.overlay,
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: color.accentSoft } },
});

export const tooltipContent = style({
  background: color.text,
  color: color.background,
  fontSize: tokens.fontSize.xs,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  zIndex: tokens.z.toast,
});

export const tabsList = style({ display: 'flex', gap: tokens.space.xs, borderBottom: `1px solid ${color.border}` });
export const tabsTrigger = style({
  background: 'none',
  border: 'none',
  borderBottom: '2px solid transparent',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  color: color.textMuted,
  cursor: 'pointer',
  fontFamily: 'inherit',
  fontSize: tokens.fontSize.md,
  selectors: { '&[data-state="active"]': { color: color.text, borderBottomColor: color.accent } },
});

// Top right: a dialog's primary button sits at its bottom right, where a toast would cover it for
// seconds just when the user reaches for it (the wizard's "See the cost" after validation passed).
export const toastViewport = style({
  position: 'fixed',
  top: tokens.space.sm,
  right: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  width: '360px',
  maxWidth: 'calc(100vw - 32px)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  zIndex: tokens.z.toast,
});

export const toastRoot = style({
  background: color.surfaceRaised,
  border: `1px solid ${color.border}`,
  borderLeft: `4px solid ${color.accent}`,
  borderRadius: tokens.radius.md,
  boxShadow: tokens.shadow.md,
  padding: tokens.space.md,
  display: 'flex',
  alignItems: 'start',
  gap: tokens.space.md,
  selectors: {
    '&[data-tone="danger"]': { borderLeftColor: color.danger },
    '&[data-tone="success"]': { borderLeftColor: color.success },
  },
});
