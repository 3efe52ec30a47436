import { style } from '@vanilla-extract/css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: '10px', padding: '8px 0' });
export const row = style({ display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' });
export const item = style({
  border: '1px solid #d5d9e0',
  borderRadius: '6px',
  padding: '6px 8px',
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  background: '#fff',
});
export const selected = style({ borderColor: '#1b6ef3', boxShadow: '0 0 0 1px #1b6ef3' });
export const title = style({ fontWeight: 600, flex: 1, minWidth: 0 });
export const muted = style({ color: '#5b6472', fontSize: '12px' });
export const thumb = style({ width: '100%', maxHeight: '140px', objectFit: 'contain', background: '#eef1f5', borderRadius: '4px' });
export const loadingScreen = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 20, 30, 0.55)',
  color: '#fff',
  display: 'grid',
  placeItems: 'center',
  fontSize: '20px',
  zIndex: 50,
});
export const dragHandle = style({
  all: 'unset',
  cursor: 'grab',
  padding: '0 4px',
  color: '#5b6472',
  touchAction: 'none',
  userSelect: 'none',
  borderRadius: '3px',
  selectors: { '&:focus-visible': { outline: '2px solid #1b6ef3' } },
});
export const dragging = style({ opacity: 0.55 });
export const dropBefore = style({ boxShadow: 'inset 0 3px 0 #1b6ef3' });
export const dropAfter = style({ boxShadow: 'inset 0 -3px 0 #1b6ef3' });
