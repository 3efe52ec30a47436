/** The main menu: the app's top-level areas. */
import { Link, useLocation } from 'wouter';
import { nav, navLink } from './layout.css.ts';

const ITEMS = [
  { href: '/projects/', label: 'Projects', match: (p: string) => p.startsWith('/projects') },
  { href: '/company/admin', label: 'Company', match: (p: string) => p.startsWith('/company') },
];

export function Menu() {
  const [location] = useLocation();
  return (
    <nav aria-label="Main" className={nav}>
      {ITEMS.map((item) => (
        <Link key={item.href} href={item.href} className={navLink} aria-current={item.match(location) ? 'page' : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
