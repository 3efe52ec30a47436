/** The roles users can hold, and the permissions each grants (SPEC §6). */
import type { Role } from '@machines/company-admin/company-admin.types.ts';
import { Badge } from '../../ui/badge.tsx';
import { card, cardHeader, sectionTitle } from '../../ui/surface.css.ts';
import { perms, plainList, roleItem, roleName, roleText } from './company-admin.css.ts';

const PERMISSION_LABELS: Record<string, string> = {
  'projects.add_project': 'Create projects',
  'projects.edit-all-company-projects': 'Change all company projects',
  'projects.change_project': 'Change own and shared projects',
  'projects.fetch-MET-manually': 'Fetch weather data',
  'simulation_assets.add_configuration': 'Add scenarios',
  'simulation_assets.change_configuration': 'Change scenarios',
  'custom_auth.change_user': 'Manage users',
  'custom_auth.change_sharegroup': 'Manage share groups',
  'projects.add_insight': 'Write insights',
};

export function RolesCard({ roles }: { roles: Role[] }) {
  return (
    <section className={card} aria-labelledby="roles-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="roles-title">
          Roles
        </h2>
      </header>
      <ul className={plainList}>
        {roles.map((role) => (
          <li key={role.id} className={roleItem}>
            <h3 className={roleName}>{role.name}</h3>
            {role.description ? <p className={roleText}>{role.description}</p> : null}
            {role.permissions.length ? (
              <ul className={perms} aria-label={`${role.name} may`}>
                {role.permissions.map((p) => (
                  <li key={p}>
                    <Badge>{PERMISSION_LABELS[p] ?? p}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
