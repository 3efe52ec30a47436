import { style } from '@vanilla-extract/css';
import { color, tokens } from '../../styles/theme.css.ts';

export const agreementBody = style({
  maxHeight: '50vh',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  border: `1px solid ${color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  marginBottom: tokens.space.lg,
  fontSize: tokens.fontSize.sm,
});

export const agreementActions = style({ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm, marginTop: tokens.space.lg });
