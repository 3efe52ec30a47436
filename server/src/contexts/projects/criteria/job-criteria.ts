/**
 * The criteria a wind-comfort job classifies with: built-in ones by id; a company's
 * table (company-<pk>) from the copy the job carries (submit-postprocessing/ and a scenario's
 * approval put it there), else — a job queued before approvals copied tables — from the project's
 * company's tables as they are when the job runs.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { projects } from '../../../db/schema/index.ts';
import { PermanentJobError } from '../../../jobs/worker.ts';
import { CRITERIA, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { resolveCriteria } from './company-criteria.ts';

export async function jobCriteria(
  db: Db,
  projectId: number,
  settings: { criteria: readonly string[]; tables?: readonly Criterion[] | undefined },
): Promise<Criterion[]> {
  const carried = new Map([...CRITERIA, ...(settings.tables ?? [])].map((c) => [c.id, c]));
  const missing = settings.criteria.filter((id) => !carried.has(id));
  if (missing.length) {
    const [project] = await db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
    const { criteria, unknown } = await resolveCriteria(db, missing, [project?.companyId ?? null]);
    // Retrying cannot bring a deleted table back.
    if (unknown.length)
      throw new PermanentJobError(`criterion table ${unknown.join(', ')} no longer exists in the project's company (deleted, or never its own)`);
    for (const c of criteria) carried.set(c.id, c);
  }
  return settings.criteria.map((id) => carried.get(id)!);
}
