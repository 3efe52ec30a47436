/**
 * One project as GET /api/project/{id}/ answers it: summary fields, full studies, parameter sets, files.
 *
 * One statement for the project page (ADR 17): the project itself, its creator, the favourite mark, its studies with their
 * simulations, the consulting reviewer, the surroundings, and the parameter sets, files and weather
 * sources (as JSON their own services turn into their answers) come from one prepared statement
 * (they were fourteen).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectFavorites, projects, projectSurrounds, users } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import type { Project } from '@canopy/contract/projects.ts';
import { optionalUserRef } from '../accounts/index.ts';
import { parameterSetsFromJson, parameterSetsJson } from './parameter-sets/parameter-sets.ts';
import { projectFilesFromJson, projectFilesJson } from './project-files/project-files.ts';
import { metSourcesFromJson, metSourcesJson } from './weather/met-sources.ts';
import { accessColumns, accessFrom, accessValues } from './access.ts';
import { representSummary, summaryColumns } from './list.ts';
import { consulting, ownerConsulting, representStudies, sharedReviewerJson, studiesJson } from './studies.ts';
import { prepared } from '../../db/prepared.ts';

function detailStatement(db: Db) {
  return prepared(db, 'project_detail_v4', (d, name) =>
    d
      .select({
        ...summaryColumns,
        createdBy: projects.createdBy,
        creatorUsername: users.username,
        creatorFirstName: users.firstName,
        creatorLastName: users.lastName,
        isFavorite:
          sql<boolean>`exists (select 1 from ${projectFavorites} where ${projectFavorites.projectId} = ${projects.id} and ${projectFavorites.userId} = ${sql.placeholder('userId')})`.mapWith(
            Boolean,
          ),
        studies: studiesJson,
        sharedReviewer: sharedReviewerJson,
        ownerConsulting,
        surrounds: sql<{
          building_count: number;
          created_at: string;
        } | null>`(select json_build_object('building_count', ${projectSurrounds.buildingCount}, 'created_at', ${projectSurrounds.createdAt}) from ${projectSurrounds} where ${projectSurrounds.projectId} = ${projects.id} limit 1)`,
        parameterSets: parameterSetsJson(projects.id),
        files: projectFilesJson(projects.id),
        metSources: metSourcesJson(projects.id),
        // Access, decided in the same round trip (projectDetail); representProject ignores them.
        ...accessColumns,
      })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .where(eq(projects.id, sql.placeholder('projectId')))
      .prepare(name),
  );
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof detailStatement>['execute']>>[number];

/** Represents a project the caller has already been allowed to see. */
export async function representProject(db: Db, user: AuthUser, projectId: number, canChange: boolean): Promise<Project> {
  const [row] = await detailStatement(db).execute({ projectId, ...accessValues(user) });
  if (!row) throw DomainError.notFound();
  return represent(row, canChange);
}

function represent(row: DetailRow, canChange: boolean): Project {
  const creator =
    row.createdBy !== null && row.creatorUsername !== null
      ? { username: row.creatorUsername, firstName: row.creatorFirstName ?? '', lastName: row.creatorLastName ?? '' }
      : null;
  const rwdi = consulting({ sharedReviewer: row.sharedReviewer, ownerConsulting: row.companyId !== null && row.ownerConsulting, creator });
  return {
    ...representSummary(row, row.isFavorite, representStudies(row.studies, rwdi)),
    met_sources: metSourcesFromJson(row.metSources),
    parameter_sets: parameterSetsFromJson(row.parameterSets),
    project_files: projectFilesFromJson(row.files),
    surrounds: row.surrounds ? { building_count: row.surrounds.building_count, created_at: new Date(row.surrounds.created_at).toISOString() } : null,
    created_by: optionalUserRef({ id: row.createdBy, username: row.creatorUsername, firstName: row.creatorFirstName, lastName: row.creatorLastName }),
    can_change: canChange,
  };
}

/**
 * GET /api/project/{id}/: access and the project in one statement (they were two), then 404 unless
 * the user may see it, as `requireVisibleProject` decides. On the embedded database a statement's
 * round trip to its thread costs about as much as the access statement itself.
 */
export async function projectDetail(db: Db, user: AuthUser, projectId: number): Promise<Project> {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) throw DomainError.notFound();
  const [row] = await detailStatement(db).execute({ projectId, ...accessValues(user) });
  const access = row ? accessFrom(user, row) : null;
  if (!row || !access?.canSee) throw DomainError.notFound();
  return represent(row, access.canChange);
}
