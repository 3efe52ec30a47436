import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const screen = style({ display: 'grid', gridTemplateRows: 'auto 1fr', height: 'calc(100vh - 92px)', minHeight: '520px' });
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.md,
  alignItems: 'center',
  padding: `${tokens.space.xs} ${tokens.space.lg}`,
  borderBottom: `1px solid ${color.border}`,
  background: color.surface,
});
export const title = style({ margin: 0, fontSize: tokens.fontSize.lg });
export const body = style({ display: 'grid', gridTemplateColumns: '340px 1fr', minHeight: 0 });
export const sidebar = style({
  borderRight: `1px solid ${color.border}`,
  background: color.surface,
  overflowY: 'auto',
  padding: tokens.space.md,
  display: 'grid',
  alignContent: 'start',
  gap: tokens.space.md,
});
export const stage = style({ display: 'grid', gridTemplateRows: 'auto 1fr', minHeight: 0, minWidth: 0 });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'flex-end',
  padding: tokens.space.sm,
  borderBottom: `1px solid ${color.border}`,
});
export const panes = style({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', minHeight: 0 });
export const pane = style({
  position: 'relative',
  minHeight: '360px',
  minWidth: 0,
  outline: 'none',
  borderLeft: `1px solid ${color.border}`,
  selectors: { '&[data-active="true"]': { boxShadow: `inset 0 0 0 2px ${color.accent}` } },
});
export const paneBar = style({
  position: 'absolute',
  top: tokens.space.sm,
  left: tokens.space.sm,
  zIndex: 2,
  display: 'flex',
  gap: tokens.space.sm,
  alignItems: 'center',
  background: color.surface,
  borderRadius: tokens.radius.sm,
  padding: `2px ${tokens.space.sm}`,
  boxShadow: tokens.shadow.sm,
  fontSize: tokens.fontSize.sm,
});
export const canvasHost = style({ position: 'absolute', inset: 0 });
export const panelTabs = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs });
export const panelTab = style({
  padding: `2px ${tokens.space.sm}`,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.sm,
  background: 'transparent',
  color: color.text,
  cursor: 'pointer',
  fontSize: tokens.fontSize.sm,
  selectors: { '&[aria-pressed="true"]': { background: color.accentSoft, borderColor: color.accent } },
});
export const section = style({ display: 'grid', gap: tokens.space.sm });
export const sectionTitle = style({ margin: 0, fontSize: tokens.fontSize.md });
export const muted = style({ color: color.textMuted, margin: 0, fontSize: tokens.fontSize.sm });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.xs });
export const layerRow = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'center', fontSize: tokens.fontSize.sm });
export const grow = style({ flex: 1, minWidth: 0 });
export const dimension = style({ border: `1px solid ${color.border}`, borderRadius: tokens.radius.sm, padding: tokens.space.sm, margin: 0 });
export const legendTitle = style({ fontSize: tokens.fontSize.sm, fontWeight: 600, padding: `0 ${tokens.space.xs}` });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs });
export const option = style({
  padding: `1px ${tokens.space.sm}`,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.pill,
  background: 'transparent',
  color: color.text,
  fontSize: tokens.fontSize.xs,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: color.accent, color: color.accentText, borderColor: color.accent },
    '&:disabled': { textDecoration: 'line-through', opacity: 0.5, cursor: 'not-allowed' },
  },
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'flex-end' });
export const alert = style({
  margin: 0,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  background: color.dangerSoft,
  color: color.danger,
  fontSize: tokens.fontSize.sm,
});
export const legendBar = style({ height: '14px', borderRadius: tokens.radius.sm, border: `1px solid ${color.border}` });
export const legendScale = style({ display: 'flex', justifyContent: 'space-between', fontSize: tokens.fontSize.xs, color: color.textMuted });
export const swatch = style({ display: 'inline-block', width: '14px', height: '14px', borderRadius: '3px', border: `1px solid ${color.border}` });
export const chart = style({ width: '100%', height: 'auto', background: color.background, borderRadius: tokens.radius.sm });
export const axis = style({ stroke: color.textMuted, strokeWidth: 1 });
export const axisText = style({ fill: color.textMuted, fontSize: '10px' });
export const readout = style({ fontSize: tokens.fontSize.lg, fontWeight: 600, margin: 0 });
export const kbd = style({
  fontFamily: tokens.font.mono,
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.sm,
  padding: '0 4px',
  fontSize: tokens.fontSize.xs,
  background: color.background,
});
export const shortcutTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.sm });
export const modePanel = style({ display: 'grid', gap: tokens.space.md });
export const findingMessage = style({ margin: `${tokens.space.xs} 0` });

/** The colour legends over the 3D view (legend-overlay.tsx), one per shown data layer: bottom right, not in the pointer's way. */
export const legendStack = style({
  position: 'absolute',
  right: tokens.space.sm,
  bottom: tokens.space.sm,
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  pointerEvents: 'none',
});
export const legendOverlay = style({
  margin: 0,
  minWidth: '180px',
  maxWidth: '260px',
  padding: tokens.space.sm,
  background: color.surface,
  borderRadius: tokens.radius.sm,
  boxShadow: tokens.shadow.sm,
  fontSize: tokens.fontSize.xs,
  pointerEvents: 'none',
});
export const legendOverlayTitle = style({ fontWeight: 600, marginBottom: tokens.space.xs });
export const legendOverlayBar = style({ height: '10px', borderRadius: '2px', border: `1px solid ${color.border}` });
/** An arrow layer's scale arrow and what it stands for. */
export const legendArrow = style({ display: 'flex', alignItems: 'center', gap: '6px', margin: `${tokens.space.xs} 0 0` });
/** Round ticks under the bar, each at its value's place. */
export const legendTicks = style({ position: 'relative', height: '1.4em', margin: '2px 6px 0', fontVariantNumeric: 'tabular-nums' });
export const legendTick = style({ position: 'absolute', transform: 'translateX(-50%)', whiteSpace: 'nowrap' });
export const legendClasses = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const legendSwatch = style({
  display: 'inline-block',
  width: '10px',
  height: '10px',
  marginRight: '6px',
  verticalAlign: '-1px',
  border: `1px solid ${color.border}`,
});

/** A wide table (the zone scores) scrolls sideways inside the side panel rather than widening it. */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%', fontSize: tokens.fontSize.sm });
