/** The simulation details table: a running row's progress fits its column, so the dialog does not overflow. */
import { globalStyle, style } from '@vanilla-extract/css';

/** Narrower than the badges' progress (run-progress.css.ts asks 12rem): the words wrap under the bar. */
export const rowProgress = style({});
globalStyle(`span${rowProgress}`, { minWidth: '7rem', maxWidth: '100%' });
/** The row's buttons stack instead of pushing the table past the dialog's edge. */
export const actions = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4px' });
