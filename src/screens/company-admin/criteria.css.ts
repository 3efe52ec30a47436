import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

/** Number inputs of a class row: wide enough for "0.022". */
export const rowInput = style({ maxWidth: '9rem' });
export const colourInput = style({ maxWidth: '4.5rem' });
/** A class's colour in the lists. */
export const swatch = style({
  display: 'inline-block',
  width: '0.9rem',
  height: '0.9rem',
  borderRadius: '3px',
  border: `1px solid ${color.border}`,
  verticalAlign: 'middle',
  marginRight: tokens.space.xs,
});
export const classList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  fontSize: tokens.fontSize.sm,
});
