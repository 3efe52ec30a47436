/**
 * The detail navigation bar under the header on project screens: the project's navigator
 * (overview, details, settings) and, inside the viewer, the viewer modes.
 */
import { Link, useLocation } from 'wouter';
import { matchRoute, VIEWER_MODES } from '../app/route-table.ts';
import { detailBar, detailLink } from './layout.css.ts';

export function DetailNavigationBar() {
  const [location] = useLocation();
  const match = matchRoute(location);
  const params = match?.params ?? {};
  if (!params.id) return null;
  const base = `/projects/${params.id}`;
  const links =
    match?.route.name === 'viewerTab'
      ? VIEWER_MODES.map((mode) => ({
          href: `${base}/viewer/${params.study}/configuration/${params.configuration}/${mode}`,
          label: mode,
          current: params.tabName === mode,
        }))
      : [
          { href: `${base}/wheel/overview`, label: 'Overview', current: /\/wheel(\/overview)?\/?$/.test(location) || location === base },
          { href: `${base}/wheel/details`, label: 'Details', current: location.endsWith('/wheel/details') },
          { href: `${base}/details`, label: 'Settings', current: match?.route.name === 'projectTab' },
        ];
  return (
    <nav aria-label="Project" className={detailBar}>
      {links.map((l) => (
        <Link key={l.href} href={l.href} className={detailLink} aria-current={l.current ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
