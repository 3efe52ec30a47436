import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { color, tokens } from '../styles/theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.space.sm,
    border: '1px solid transparent',
    borderRadius: tokens.radius.md,
    fontFamily: 'inherit',
    fontWeight: 500,
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, border-color 120ms',
    selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
  },
  variants: {
    tone: {
      primary: { background: color.accent, color: color.accentText, selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.08)' } } },
      secondary: {
        background: color.surface,
        color: color.text,
        borderColor: color.border,
        selectors: { '&:hover:not(:disabled)': { background: color.background } },
      },
      ghost: { background: 'transparent', color: color.text, selectors: { '&:hover:not(:disabled)': { background: color.background } } },
      danger: { background: color.danger, color: '#fff' },
    },
    size: {
      sm: { height: '28px', padding: `0 ${tokens.space.sm}`, fontSize: tokens.fontSize.sm },
      md: { height: '36px', padding: `0 ${tokens.space.lg}`, fontSize: tokens.fontSize.md },
    },
  },
  defaultVariants: { tone: 'secondary', size: 'md' },
});

export type ButtonVariants = RecipeVariants<typeof button>;
