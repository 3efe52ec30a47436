import { globalStyle } from '@vanilla-extract/css';
import { color, tokens } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body, #root', { height: '100%', margin: 0 });
globalStyle('body', {
  fontFamily: tokens.font.body,
  fontSize: tokens.fontSize.md,
  lineHeight: 1.45,
  background: color.background,
  color: color.text,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('a', { color: color.accent });
globalStyle(':focus-visible', { outline: `2px solid ${color.focus}`, outlineOffset: '2px' });
globalStyle('h1, h2, h3', { margin: 0, fontWeight: 600 });
