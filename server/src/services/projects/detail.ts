/** One project as GET /api/project/{id}/ answers it: summary fields, full studies, parameter sets, files. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { projectFavorites, projects, users } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { Project } from '../../contract/projects.ts';
import { optionalUserRef } from '../users/names.ts';
import { listParameterSets } from '../parameter-sets/parameter-sets.ts';
import { listProjectFiles } from '../project-files/project-files.ts';
import { metSourcesOf } from '../weather/met-sources.ts';
import { requireVisibleProject } from './access.ts';
import { representSummary, summaryColumns } from './list.ts';
import { studiesOf } from './studies.ts';
import { projectSurroundsSummary } from '../scenarios/site-geometry.ts';

/** Represents a project the caller has already been allowed to see. */
export async function representProject(db: Db, user: AuthUser, projectId: number, canChange: boolean): Promise<Project> {
  const [row] = await db
    .select({
      ...summaryColumns,
      createdBy: projects.createdBy,
      creatorUsername: users.username,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.createdBy))
    .where(eq(projects.id, projectId));
  if (!row) throw ApiError.notFound();
  const [favorite, studyList, parameterSetList, files, metSources, surrounds] = await Promise.all([
    db
      .select({ projectId: projectFavorites.projectId })
      .from(projectFavorites)
      .where(and(eq(projectFavorites.projectId, projectId), eq(projectFavorites.userId, user.id))),
    studiesOf(db, { id: row.id, companyId: row.companyId, createdBy: row.createdBy }),
    listParameterSets(db, projectId),
    listProjectFiles(db, projectId),
    metSourcesOf(db, projectId),
    projectSurroundsSummary(db, projectId),
  ]);
  return {
    ...representSummary(row, favorite.length > 0, studyList),
    met_sources: metSources,
    parameter_sets: parameterSetList,
    project_files: files,
    surrounds: surrounds ? { building_count: surrounds.buildingCount, created_at: surrounds.createdAt.toISOString() } : null,
    created_by: optionalUserRef({ id: row.createdBy, username: row.creatorUsername, firstName: row.creatorFirstName, lastName: row.creatorLastName }),
    can_change: canChange,
  };
}

export async function projectDetail(db: Db, user: AuthUser, projectId: number): Promise<Project> {
  const access = await requireVisibleProject(db, user, projectId);
  return representProject(db, user, projectId, access.canChange);
}
