/**
 * The Images sidebar: everything stays inside the sidebar's width — long insight
 * titles, image names and captions wrap, fields take the full width, buttons wrap their label.
 */
import { globalStyle, style } from '@vanilla-extract/css';

export const imagesPanel = style({ width: '100%', minWidth: 0, maxWidth: '100%', boxSizing: 'border-box', overflowWrap: 'anywhere' });
export const captureRow = style({ display: 'flex', gap: '6px', alignItems: 'flex-end', minWidth: 0 });
/** A field as wide as the sidebar (or the rest of its row), its control too. */
export const fullField = style({ flex: '1 1 auto', minWidth: 0, width: '100%' });
globalStyle(`${fullField} input, ${fullField} select`, { width: '100%', minWidth: 0, maxWidth: '100%', boxSizing: 'border-box', textOverflow: 'ellipsis' });
export const imageItem = style({ minWidth: 0 });
/** "Add to <insight title>": the label wraps inside the card instead of widening it. */
export const wrapButton = style({});
globalStyle(`button${wrapButton}`, {
  whiteSpace: 'normal',
  height: 'auto',
  minHeight: '28px',
  textAlign: 'left',
  justifyContent: 'flex-start',
  maxWidth: '100%',
  lineHeight: 1.3,
  paddingBlock: '4px',
});
export const viewRow = style({ display: 'flex', gap: '6px', alignItems: 'center', justifyContent: 'space-between', minWidth: 0 });
export const caption = style({ minWidth: 0, flex: '1 1 auto' });
export const actions = style({ display: 'flex', gap: '4px', flex: 'none' });
export const noShrink = style({ flex: 'none' });
