import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const panel = style({ display: 'grid', gap: tokens.space.xl, minWidth: 0 });
export const sectionTitle = style({ margin: `0 0 ${tokens.space.sm}`, fontSize: tokens.fontSize.lg });
export const muted = style({ color: color.textMuted, margin: 0 });
export const error = style({ color: color.danger, margin: 0 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSize.md });
export const cell = style({ textAlign: 'left', padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${color.border}` });
export const headCell = style([cell, { color: color.textMuted, fontWeight: 500, fontSize: tokens.fontSize.sm }]);
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
