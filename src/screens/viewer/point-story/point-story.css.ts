/** The point story's table: compact, and scrolled sideways inside the 340 px side panel rather than widening it. */
import { globalStyle, style } from '@vanilla-extract/css';
import { tokens } from '../../../styles/theme.css.ts';

export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ borderCollapse: 'collapse', fontSize: tokens.fontSize.xs, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
globalStyle(`${table} th, ${table} td`, { padding: '2px 6px 2px 0', textAlign: 'left' });
