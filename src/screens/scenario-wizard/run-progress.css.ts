/** A running simulation's progress bar with its words (run-progress.tsx). */
import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const progress = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '12rem', maxWidth: '28rem' });
export const track = style({ height: '6px', borderRadius: tokens.radius.pill, background: color.border, overflow: 'hidden' });
export const bar = style({ height: '100%', background: color.accent, transition: 'width 600ms ease-out' });
export const words = style({ fontSize: tokens.fontSize.xs, color: color.textMuted });
