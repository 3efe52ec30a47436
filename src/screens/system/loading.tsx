import { centered, muted } from './system.css.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={centered} role="status" aria-live="polite">
      <p className={muted}>{label}</p>
    </div>
  );
}
