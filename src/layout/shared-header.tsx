/** The shared header of every signed-in screen: brand, breadcrumb, main menu and the user menu. */
import { useContext } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthContext } from '../app/contexts.ts';
import { matchRoute } from '../app/route-table.ts';
import { DropdownMenu } from '../ui/dropdown-menu.tsx';
import { BreadcrumbContext } from './breadcrumb-context.ts';
import { Menu } from './menu.tsx';
import { PermissionsContext } from '../app/permissions-context.ts';
import { selectInitials, selectIsOperator, selectUserName } from '@machines/permissions/permissions.selectors.ts';
import { avatar, brand, breadcrumb, crumb, header } from './layout.css.ts';

export function SharedHeader() {
  const [location, navigate] = useLocation();
  const auth = AuthContext.useActorRef();
  const { names } = useContext(BreadcrumbContext);
  const operator = PermissionsContext.useSelector(selectIsOperator);
  const initials = PermissionsContext.useSelector(selectInitials);
  const userName = PermissionsContext.useSelector(selectUserName);
  const params = matchRoute(location)?.params ?? {};
  const crumbs: Array<{ label: string; href?: string }> = [];
  if (params.id) {
    crumbs.push({ label: 'Projects', href: '/projects/' });
    // Names, never the route's ids: until a name is read the crumb says what it is.
    crumbs.push({ label: names.project ?? 'Project', href: `/projects/${params.id}` });
    if (params.study) crumbs.push({ label: names.study ?? 'Study' });
    if (params.configuration) crumbs.push({ label: names.scenario ?? 'Scenario' });
  }
  return (
    <header className={header}>
      <Link href="/projects/" className={brand} aria-label="Canopy home">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
          <path d="M12 2C7 6 4 9.5 4 13a8 8 0 0 0 16 0c0-3.5-3-7-8-11Z" fill="currentColor" opacity=".85" />
          <path d="M12 7v15" stroke="#fff" strokeWidth="1.6" />
        </svg>
        Canopy
      </Link>
      <Menu />
      <nav aria-label="Breadcrumb" style={{ flex: 1, minWidth: 0 }}>
        <ol className={breadcrumb}>
          {crumbs.map((c, i) => (
            <li key={i} className={crumb}>
              {i > 0 ? <span aria-hidden>› </span> : null}
              {c.href && i < crumbs.length - 1 ? (
                <Link href={c.href}>{c.label}</Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <DropdownMenu
        label="User menu"
        trigger={
          <button type="button" className={avatar} aria-label="User menu" title={userName || undefined}>
            <span aria-hidden>{initials || '·'}</span>
          </button>
        }
        items={[
          { label: 'Profile', onSelect: () => navigate('/company/admin') },
          // The installation's operator only.
          ...(operator ? [{ label: 'Operator', onSelect: () => navigate('/operator') }] : []),
          { label: 'Sign out', onSelect: () => auth.send({ type: 'logout' }) },
        ]}
      />
    </header>
  );
}
