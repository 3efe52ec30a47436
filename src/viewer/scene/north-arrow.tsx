/** North arrow overlay: points to site +Y (true north) as the camera currently shows it. */
import { forwardRef, memo } from 'react';
import * as styles from './viewer-canvas.css.ts';

// Memoised: the canvas re-renders on every prop change (a colour scale, a layer toggle), the arrow
// only when the background turns dark or light (its rotation is set on the element directly).
export const NorthArrow = memo(
  forwardRef<SVGSVGElement, { dark: boolean }>(function NorthArrow({ dark }, ref) {
    const ink = dark ? '#e8edf2' : '#1b1f24';
    return (
      <svg ref={ref} className={styles.northArrow} viewBox="-22 -22 44 44" role="img" aria-label="North arrow" data-testid="north-arrow">
        <circle r="20" fill={dark ? 'rgba(0,0,0,0.45)' : 'rgba(255,255,255,0.75)'} stroke={ink} strokeWidth="1" />
        <path d="M0,-15 L6,4 L0,0 L-6,4 Z" fill="#d7191c" />
        <text y="15" textAnchor="middle" fontSize="9" fontFamily="sans-serif" fill={ink}>
          N
        </text>
      </svg>
    );
  }),
);
