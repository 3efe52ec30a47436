/**
 * Creating and changing projects. Creation needs projects.add_project; the project belongs to the
 * creator's company, gets its first study, and is shared with the company's default share group —
 * all in one transaction, so a failure leaves no half-made project behind.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projects, studies } from '../../db/schema/index.ts';
import { DomainError, type FieldErrors } from '../../kernel/domain-errors.ts';
import type { Project, ProjectCreate, ProjectUpdate } from '@canopy/contract/projects.ts';
import { requirePermission, shareWithDefaultGroup } from '../accounts/index.ts';
import { requireChangeableProject } from './access.ts';
import { representProject } from './detail.ts';
import { fetchMetAfterCreate, surroundsFromOverpassAfterCreate } from './site-data-on-create.ts';

export const FIRST_STUDY_NAME = 'Study 1';
const PAIR = 'Latitude and longitude go together: give both, or clear both.';

/** A location is a point or nothing: one coordinate alone would put the project nowhere. */
function checkCoordinates(latitude: number | null, longitude: number | null): void {
  if ((latitude === null) === (longitude === null)) return;
  const errors: FieldErrors = {};
  errors[latitude === null ? 'latitude' : 'longitude'] = [PAIR];
  throw DomainError.fields(errors);
}

export async function createProject(deps: AppDeps, db: Db, user: AuthUser, input: ProjectCreate): Promise<Project> {
  await requirePermission(db, user, 'projects.add_project');
  const latitude = input.latitude ?? null;
  const longitude = input.longitude ?? null;
  checkCoordinates(latitude, longitude);
  const projectId = await db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({
        name: input.name,
        location: input.location ?? '',
        latitude,
        longitude,
        referenceId: input.reference_id ?? '',
        fetchMet: input.fetch_met ?? false,
        generateSurrounds: input.generateSurrounds ?? false,
        companyId: user.companyId,
        createdBy: user.id,
      })
      .returning({ id: projects.id, name: projects.name, companyId: projects.companyId });
    await tx.insert(studies).values({ projectId: project!.id, name: FIRST_STUDY_NAME });
    await shareWithDefaultGroup(tx, project!, user.id);
    return project!.id;
  });
  if (input.fetch_met && latitude !== null) fetchMetAfterCreate(deps, db, projectId, user.id);
  if (input.generateSurrounds && input.surrounds_radius_m !== undefined && latitude !== null) {
    surroundsFromOverpassAfterCreate(deps, db, projectId, user.id, input.surrounds_radius_m);
  }
  return representProject(db, user, projectId, true);
}

export async function updateProject(db: Db, user: AuthUser, projectId: number, input: ProjectUpdate): Promise<Project> {
  await requireChangeableProject(db, user, projectId);
  const [current] = await db.select({ latitude: projects.latitude, longitude: projects.longitude }).from(projects).where(eq(projects.id, projectId));
  if (!current) throw DomainError.notFound();
  const latitude = input.latitude !== undefined ? input.latitude : current.latitude;
  const longitude = input.longitude !== undefined ? input.longitude : current.longitude;
  checkCoordinates(latitude, longitude);
  await db
    .update(projects)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      ...(input.reference_id !== undefined ? { referenceId: input.reference_id } : {}),
      ...(input.fetch_met !== undefined ? { fetchMet: input.fetch_met } : {}),
      latitude,
      longitude,
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, projectId));
  return representProject(db, user, projectId, true);
}
