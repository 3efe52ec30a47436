/** The colour scale's range form: Minimum and Maximum side by side, labels above equal inputs, aligned on one baseline with Apply. */
import { style } from '@vanilla-extract/css';

export const rangeForm = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: '8px', alignItems: 'end' });
export const rangeInput = style({ width: '100%', boxSizing: 'border-box' });
