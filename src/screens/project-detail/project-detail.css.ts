import { globalStyle, style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: tokens.space.lg,
  flexWrap: 'wrap',
  marginBottom: tokens.space.lg,
});
export const headerMeta = style({
  display: 'flex',
  gap: tokens.space.md,
  flexWrap: 'wrap',
  color: color.textMuted,
  fontSize: tokens.fontSize.sm,
  marginTop: tokens.space.xs,
});

export const overview = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.lg,
  alignItems: 'start',
  '@media': { '(min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px' } },
});
export const mainColumn = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 });
export const sideColumn = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });

export const wheelCard = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 340px) minmax(0, 1fr)',
  gap: tokens.space.xl,
  alignItems: 'center',
  padding: tokens.space.lg,
  '@media': { '(max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const wheelSvg = style({ width: '100%', height: 'auto', maxWidth: '340px', display: 'block' });
export const segment = style({
  cursor: 'pointer',
  transition: 'opacity 120ms',
  outline: 'none',
  selectors: { '&:hover': { opacity: 0.82 } },
});
globalStyle(`${segment}:focus-visible path`, { stroke: color.focus, strokeWidth: 3 });
export const studySegment = style([segment, {}]);

export const studyList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.space.xs });
export const studyButton = style({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  background: color.surface,
  color: color.text,
  fontFamily: 'inherit',
  fontSize: tokens.fontSize.md,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: color.textMuted },
    '&[aria-pressed="true"]': { borderColor: color.accent, background: color.accentSoft },
  },
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  margin: `${tokens.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
  fontSize: tokens.fontSize.xs,
  color: color.textMuted,
});
export const swatch = style({ display: 'inline-block', width: '10px', height: '10px', borderRadius: '3px', marginRight: '6px', verticalAlign: '-1px' });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: tokens.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const outputCard = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm, padding: tokens.space.lg, height: '100%' });
export const outputList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  fontSize: tokens.fontSize.sm,
});
export const outputRow = style({ display: 'flex', justifyContent: 'space-between', gap: tokens.space.sm });

export const meter = style({
  height: '8px',
  borderRadius: tokens.radius.pill,
  background: color.background,
  border: `1px solid ${color.border}`,
  overflow: 'hidden',
});
export const meterFill = style({ height: '100%', background: color.accent });
export const bigNumber = style({ fontSize: tokens.fontSize.xl, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });
export const levelRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.space.sm });

export const serviceLine = style({ padding: `${tokens.space.md} ${tokens.space.lg}`, selectors: { '& + &': { borderTop: `1px solid ${color.border}` } } });
export const serviceName = style({ fontSize: tokens.fontSize.md, fontWeight: 600, margin: 0 });
export const serviceText = style({ fontSize: tokens.fontSize.sm, color: color.textMuted, margin: '4px 0 8px' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: '4px', listStyle: 'none', margin: 0, padding: 0 });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${tokens.space.sm} ${tokens.space.xl}`,
  margin: 0,
  fontSize: tokens.fontSize.md,
});
export const term = style({ color: color.textMuted });
export const definition = style({ margin: 0 });
export const note = style({ color: color.textMuted, margin: `${tokens.space.lg} 0 0`, fontSize: tokens.fontSize.sm });
export const flush = style({ margin: 0 });
export const pushDown = style({ marginTop: 'auto' });
/** The output card's actions, pushed to its foot, spaced and wrapping in a narrow card. */
export const cardActions = style([pushDown, { display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm }]);
/** The output card's name and status: the badge wraps under a long name rather than leaving the card. */
export const outputHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: tokens.space.xs,
  minWidth: 0,
});
export const outputName = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const levelNumbers = style([levelRow, { margin: `${tokens.space.md} 0 ${tokens.space.sm}` }]);
export const smallNote = style({ color: color.textMuted, fontSize: tokens.fontSize.xs, margin: `${tokens.space.sm} 0 0` });
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const chip = style({
  display: 'inline-block',
  padding: '2px 8px',
  borderRadius: tokens.radius.pill,
  background: color.background,
  border: `1px solid ${color.border}`,
  fontSize: tokens.fontSize.xs,
  color: color.text,
  lineHeight: 1.5,
});
export const settingsPane = style({ paddingTop: tokens.space.lg, maxWidth: '420px' });
export const settingsLinks = style({ marginTop: tokens.space.xl });
