/**
 * Who may do what with a scenario: seeing it is seeing its project; creating one needs the right to
 * change the project and `simulation_assets.add_configuration`; changing one (edit, validate,
 * approve, delete, remesh…) needs `simulation_assets.change_configuration`. Unseen → 404,
 * seen but not allowed → 403 (contexts/projects/access.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { configurations, simulations } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import { requireChangeableProject, requireVisibleProject, type ProjectAccess } from '../projects/index.ts';
import type { Permission } from '../accounts/index.ts';

export type ConfigurationRow = typeof configurations.$inferSelect;

export async function requireScenarioPermission(db: Db, user: AuthUser, projectId: number, permission: Permission): Promise<ProjectAccess> {
  const access = await requireChangeableProject(db, user, projectId);
  if (!user.isSuperuser && !access.permissions.has(permission)) throw DomainError.forbidden();
  return access;
}

export const requireAddScenario = (db: Db, user: AuthUser, projectId: number) =>
  requireScenarioPermission(db, user, projectId, 'simulation_assets.add_configuration');
export const requireChangeScenario = (db: Db, user: AuthUser, projectId: number) =>
  requireScenarioPermission(db, user, projectId, 'simulation_assets.change_configuration');
export const requireSeeScenario = (db: Db, user: AuthUser, projectId: number) => requireVisibleProject(db, user, projectId);

/** The configuration `cid` of project `projectId`, or 404. Check access first. */
export async function scenarioRow(db: Db, projectId: number, cid: number): Promise<ConfigurationRow> {
  const [row] = await db
    .select()
    .from(configurations)
    .where(and(eq(configurations.id, cid), eq(configurations.projectId, projectId)));
  if (!row) throw DomainError.notFound();
  return row;
}

/** The simulation `sid` of that configuration, or 404. */
export async function simulationRow(db: Db, cid: number, sid: number): Promise<typeof simulations.$inferSelect> {
  const [row] = await db
    .select()
    .from(simulations)
    .where(and(eq(simulations.id, sid), eq(simulations.configurationId, cid)));
  if (!row) throw DomainError.notFound();
  return row;
}
