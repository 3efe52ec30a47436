import { Link } from 'wouter';
import { usePageTitle } from '../../app/page-title.ts';
import { big, centered, muted } from './system.css.ts';

export function ContentNotFound() {
  usePageTitle('Page not found');
  return (
    <main className={centered}>
      <div className={big} aria-hidden>
        404
      </div>
      <h1>Page not found</h1>
      <p className={muted}>There is nothing at this address, or you do not have access to it.</p>
      <Link href="/projects/">Go to your projects</Link>
    </main>
  );
}
