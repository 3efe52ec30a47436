/**
 * The viewer's objects hang off a study or a configuration of a project; a path naming a study of
 * another project is as unknown as a missing one (404), checked after the project's access.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { configurations, simulations, studies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { prepared } from '../../../db/prepared.ts';
import { requireChangeableProject, requireVisibleProject } from '../../projects/index.ts';

export type Need = 'see' | 'change';

async function requireProject(db: Db, user: AuthUser, projectId: number, need: Need): Promise<void> {
  await (need === 'change' ? requireChangeableProject(db, user, projectId) : requireVisibleProject(db, user, projectId));
}

export async function requireStudy(db: Db, user: AuthUser, projectId: number, studyId: number, need: Need): Promise<void> {
  await requireProject(db, user, projectId, need);
  const [row] = await db
    .select({ id: studies.id })
    .from(studies)
    .where(and(eq(studies.id, studyId), eq(studies.projectId, projectId)));
  if (!row) throw DomainError.notFound();
}

/** A simulation of one of the study's configurations. */
export async function requireStudySimulation(db: Db, user: AuthUser, projectId: number, studyId: number, simulationId: number, need: Need): Promise<void> {
  await requireStudy(db, user, projectId, studyId, need);
  const [row] = await db
    .select({ id: simulations.id })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(simulations.id, simulationId), eq(configurations.studyId, studyId), eq(configurations.projectId, projectId)));
  if (!row) throw DomainError.notFound();
}

/** A simulation of the project's configuration `configurationId`. */
export async function requireConfigurationSimulation(
  db: Db,
  user: AuthUser,
  projectId: number,
  configurationId: number,
  simulationId: number,
  need: Need,
): Promise<void> {
  await requireProject(db, user, projectId, need);
  const [row] = await configurationSimulationStatement(db).execute({ simulationId, configurationId, projectId });
  if (!row) throw DomainError.notFound();
}

/** Run before every result download and layer set: prepared (db/prepared.ts). */
function configurationSimulationStatement(db: Db) {
  return prepared(db, 'configuration_simulation_v1', (d, name) =>
    d
      .select({ id: simulations.id })
      .from(simulations)
      .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
      .where(
        and(
          eq(simulations.id, sql.placeholder('simulationId')),
          eq(configurations.id, sql.placeholder('configurationId')),
          eq(configurations.projectId, sql.placeholder('projectId')),
        ),
      )
      .prepare(name),
  );
}
