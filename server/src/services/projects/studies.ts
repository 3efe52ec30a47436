/**
 * Studies as the project detail shows them. `simulation_labels` are the study's simulations (id,
 * category) so the client can group them; `IsRWDIProject` and `reviewed_by` come from consulting
 * companies (is_rwdi): the project's owner, or a company whose user accepted a share of it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { companies, configurations, projectShares, simulations, studies, users } from '../../db/schema/index.ts';
import type { SimulationLabel, Study } from '../../contract/projects.ts';
import { displayName } from '../users/names.ts';

interface ProjectRef {
  id: number;
  companyId: number | null;
  createdBy: number | null;
}

async function simulationLabels(db: Db, projectId: number): Promise<Map<number, SimulationLabel[]>> {
  const rows = await db
    .select({ id: simulations.id, category: simulations.category, studyId: configurations.studyId })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(eq(configurations.projectId, projectId))
    .orderBy(asc(simulations.id));
  const byStudy = new Map<number, SimulationLabel[]>();
  for (const row of rows) {
    const list = byStudy.get(row.studyId) ?? [];
    list.push({ id: row.id, category: row.category });
    byStudy.set(row.studyId, list);
  }
  return byStudy;
}

/** The consulting reviewer: the first consulting-company user who accepted a share, else the creator of a consulting company's project. */
async function consulting(db: Db, project: ProjectRef): Promise<{ isConsulting: boolean; reviewer: string | null }> {
  const [sharedReviewer] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(projectShares)
    .innerJoin(users, eq(users.id, projectShares.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(projectShares.projectId, project.id), eq(projectShares.shareStatus, 'accepted'), eq(companies.isRwdi, true)))
    .orderBy(asc(projectShares.createdAt), asc(projectShares.id))
    .limit(1);
  if (sharedReviewer) return { isConsulting: true, reviewer: displayName(sharedReviewer) };
  if (project.companyId === null) return { isConsulting: false, reviewer: null };
  const [owner] = await db.select({ isRwdi: companies.isRwdi }).from(companies).where(eq(companies.id, project.companyId));
  if (!owner?.isRwdi) return { isConsulting: false, reviewer: null };
  if (project.createdBy === null) return { isConsulting: true, reviewer: null };
  const [creator] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, project.createdBy));
  return { isConsulting: true, reviewer: creator ? displayName(creator) : null };
}

export async function studiesOf(db: Db, project: ProjectRef): Promise<Study[]> {
  const [rows, labels, rwdi] = await Promise.all([
    db
      .select({ id: studies.id, name: studies.name, createdAt: studies.createdAt })
      .from(studies)
      .where(eq(studies.projectId, project.id))
      .orderBy(asc(studies.id)),
    simulationLabels(db, project.id),
    consulting(db, project),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created: row.createdAt.toISOString(),
    insights: [],
    study_images: [],
    reports: [],
    simulation_labels: labels.get(row.id) ?? [],
    IsRWDIProject: rwdi.isConsulting,
    reviewed_by: rwdi.reviewer,
  }));
}
