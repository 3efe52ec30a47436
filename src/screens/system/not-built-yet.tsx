import { usePageTitle } from '../../app/page-title.ts';
import { centered, muted } from './system.css.ts';

/** Stands in for a screen whose capability has not landed yet; says so plainly. */
export function NotBuiltYet({ title, params }: { title: string; params?: Record<string, string> }) {
  usePageTitle(title);
  const detail = params && Object.keys(params).length ? Object.entries(params).map(([k, v]) => `${k} ${v}`).join(', ') : '';
  return (
    <main className={centered}>
      <h1>{title}</h1>
      <p className={muted}>
        This screen is not built yet{detail ? ` (${detail})` : ''}. It arrives with its own capability; the route and its
        sign-in rules already work.
      </p>
    </main>
  );
}
