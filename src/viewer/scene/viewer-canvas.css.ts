import { style } from '@vanilla-extract/css';

export const root = style({ position: 'relative', width: '100%', height: '100%', minHeight: 240, overflow: 'hidden' });

export const northArrow = style({
  position: 'absolute',
  right: 12,
  top: 12,
  width: 44,
  height: 44,
  pointerEvents: 'none',
  transformOrigin: '50% 50%',
});

export const unavailable = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  minHeight: 240,
  background: '#dfe6ec',
  color: '#1b1f24',
});
