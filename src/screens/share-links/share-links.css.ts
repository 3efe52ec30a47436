import { style } from '@vanilla-extract/css';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: '8px', padding: '8px 0' });
export const row = style({ display: 'flex', gap: '6px', alignItems: 'flex-end', flexWrap: 'wrap' });
export const address = style({
  fontFamily: 'monospace',
  fontSize: '12px',
  wordBreak: 'break-all',
  background: '#eef1f5',
  padding: '4px 6px',
  borderRadius: '4px',
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
export const item = style({ display: 'flex', gap: '6px', alignItems: 'center', justifyContent: 'space-between', fontSize: '13px' });
export const muted = style({ color: '#5b6472', fontSize: '12px' });
export const page = style({ maxWidth: '900px', margin: '0 auto', padding: '24px 16px', display: 'flex', flexDirection: 'column', gap: '16px' });
export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: '4px' });
export const image = style({ maxWidth: '100%', border: '1px solid #d5d9e0', borderRadius: '4px', background: '#eef1f5' });
export const text = style({ whiteSpace: 'pre-wrap' });
export const scene = style({ display: 'flex', flexDirection: 'column', gap: '4px' });
export const sceneBar = style({ display: 'flex', gap: '8px', alignItems: 'baseline', flexWrap: 'wrap' });
export const sceneCanvas = style({ position: 'relative', height: '420px', border: '1px solid #d5d9e0', borderRadius: '4px', overflow: 'hidden' });
export const sceneChoices = style({ display: 'flex', gap: '6px', flexWrap: 'wrap' });
export const linkRow = style({ display: 'flex', flexDirection: 'column', gap: '4px' });
