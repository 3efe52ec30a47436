/** The scenario wizard modal: a wider dialog with a step rail, and the findings and cost tables. */
import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';
import { dialogContent } from '../../ui/overlay.css.ts';

export const wizardContent = style([dialogContent, { width: 'min(820px, calc(100vw - 32px))' }]);

export const rail = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs, listStyle: 'none', padding: 0, margin: `0 0 ${tokens.space.lg}` });
export const railItem = style({
  fontSize: tokens.fontSize.xs,
  padding: `2px ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  color: color.textMuted,
  border: `1px solid ${color.border}`,
  selectors: { '&[aria-current="step"]': { color: color.text, borderColor: color.accent, fontWeight: 600 } },
});
/** A chip the user can click to go back to its step. */
export const railButton = style({
  font: 'inherit',
  color: color.accent,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: 2,
});

export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.space.md });
export const fieldset = style({ border: `1px solid ${color.border}`, borderRadius: tokens.radius.md, padding: tokens.space.md, margin: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, fontSize: tokens.fontSize.sm, padding: `0 ${tokens.space.xs}` });
export const flags = style({ margin: 0, paddingLeft: tokens.space.lg, color: color.danger, fontSize: tokens.fontSize.sm });
export const footer = style({ display: 'flex', justifyContent: 'space-between', gap: tokens.space.sm, marginTop: tokens.space.xl });
export const footerRight = style({ display: 'flex', gap: tokens.space.sm });
export const fileList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${tokens.space.sm} 0 0`,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
});
export const fileRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.space.sm, fontSize: tokens.fontSize.sm });
export const severity = style({ textTransform: 'capitalize', fontWeight: 600 });
export const total = style({ fontWeight: 700 });
export const liveNote = style({ fontSize: tokens.fontSize.xs, color: color.textMuted });
export const statusStack = style({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.space.xs });
