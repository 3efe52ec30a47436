/**
 * The authorization world: one user per role of the matrix (API.md), a project owned by company A,
 * and signed access tokens for each. Features extend `buildWorld` with the objects their routes
 * need (shares, administrators, scenarios...).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { companies, eulas, projectAdministrators, projectShares, projects, roles, studies, users } from '../src/db/schema/index.ts';
import { signToken } from '../src/crypto/jwt.ts';
import type { AppDeps } from '../src/deps.ts';
import { buildProjectsWorld, type ProjectsWorld } from './world-projects.ts';
import { buildWorldUploads, type WorldUploads } from './world-uploads.ts';
import { buildWorldWeather, type WorldWeather } from './world-weather.ts';
import { buildWorldAnalyses, type WorldAnalyses } from './world-analyses.ts';
import { buildWorldViewer, type WorldViewer } from './world-viewer.ts';
import { buildWorldScenarios, type WorldScenarios } from './world-scenarios.ts';
import { buildWorldInsights, type WorldInsights } from './world-insights.ts';
import { buildWorldCriteria, type WorldCriteria } from './world-criteria.ts';
import { buildWorldShareLinks, type WorldShareLinks } from './world-share-links.ts';

export const ROLES_OF_MATRIX = [
  'anonymous',
  'otherCompany',
  'colleague',
  'colleagueWithPermission',
  'projectAdmin',
  'acceptedShare',
  /** An accepted share at the view-only level: sees what acceptedShare sees, changes nothing. */
  'viewShare',
  'pendingShare',
  'superuser',
] as const;
export type MatrixRole = (typeof ROLES_OF_MATRIX)[number];

export interface World {
  companyId: number;
  otherCompanyId: number;
  ownerId: number;
  projectId: number;
  studyId: number;
  /** The seeded current end-user agreement. */
  eulaId: number;
  userIds: Record<Exclude<MatrixRole, 'anonymous'>, number>;
  tokens: Record<MatrixRole, string | undefined>;
  /** A live upload URL and a stored upload of the project. */
  uploads: WorldUploads;
  /** An uploaded EPW, a linked station, and per-role objects to delete. */
  weather: WorldWeather;
  /** Objects for the projects and company routes (world-projects.ts). */
  projects: ProjectsWorld;
  /** A wind scenario with speed-up ratio assets, and a job of the project. */
  analyses: WorldAnalyses;
  /** A stored result asset, an uploaded result GLB, camera positions and chosen layers. */
  viewer: WorldViewer;
  /** STL uploads, a draft scenario and scenarios to delete. */
  scenarios: WorldScenarios;
  /** Published and Draft insights with their children, reports, and objects to delete per role. */
  insights: WorldInsights;
  /** A criterion table of company A and per role one to delete. */
  criteria: WorldCriteria;
  /** A live link to the Published insight, and per role a link to revoke. */
  shareLinks: WorldShareLinks;
}

async function roleId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!row) throw new Error(`role ${name} is not seeded`);
  return row.id;
}

export async function createUser(
  db: Db,
  values: { username: string; companyId: number | null; role?: string; isSuperuser?: boolean; email?: string; passwordHash?: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      email: values.email ?? `${values.username}@example.test`,
      companyId: values.companyId,
      roleId: values.role ? await roleId(db, values.role) : null,
      isSuperuser: values.isSuperuser ?? false,
      passwordHash: values.passwordHash ?? '',
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function accessToken(deps: AppDeps, userId: number): Promise<string> {
  return (await signToken(deps.secretKey, 'access', userId, deps.config.ACCESS_TOKEN_LIFETIME, deps.clock.now())).token;
}

export async function buildWorld(deps: AppDeps): Promise<World> {
  const db = deps.database.db;
  const [a] = await db.insert(companies).values({ name: 'Acme Engineering' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Partner Consulting', isRwdi: true }).returning({ id: companies.id });
  const [c] = await db.insert(companies).values({ name: 'Elsewhere Ltd' }).returning({ id: companies.id });
  const ownerId = await createUser(db, { username: 'owner', companyId: a!.id, role: 'Project Manager' });
  const userIds = {
    otherCompany: await createUser(db, { username: 'stranger', companyId: c!.id, role: 'Org Admin' }),
    colleague: await createUser(db, { username: 'colleague', companyId: a!.id, role: 'Viewer' }),
    colleagueWithPermission: await createUser(db, { username: 'orgadmin', companyId: a!.id, role: 'Org Admin' }),
    projectAdmin: await createUser(db, { username: 'projadmin', companyId: a!.id, role: 'Engineer' }),
    acceptedShare: await createUser(db, { username: 'sharee', companyId: b!.id, role: 'Engineer' }),
    viewShare: await createUser(db, { username: 'reader', companyId: b!.id, role: 'Engineer' }),
    pendingShare: await createUser(db, { username: 'invitee', companyId: b!.id, role: 'Engineer' }),
    superuser: await createUser(db, { username: 'root', companyId: null, isSuperuser: true }),
  };
  const [project] = await db
    .insert(projects)
    .values({ name: 'Harbour Towers', location: 'Toronto', latitude: 43.64, longitude: -79.38, companyId: a!.id, createdBy: ownerId })
    .returning({ id: projects.id });
  const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'Study 1' }).returning({ id: studies.id });
  await db.insert(projectAdministrators).values({ projectId: project!.id, userId: userIds.projectAdmin, addedBy: ownerId });
  await db.insert(projectShares).values([
    { projectId: project!.id, userId: userIds.acceptedShare, sharedBy: ownerId, shareStatus: 'accepted', accessLevel: 'edit' },
    { projectId: project!.id, userId: userIds.viewShare, sharedBy: ownerId, shareStatus: 'accepted', accessLevel: 'view' },
    { projectId: project!.id, userId: userIds.pendingShare, sharedBy: ownerId, shareStatus: 'pending' },
  ]);
  const [eula] = await db.select({ id: eulas.id }).from(eulas).orderBy(desc(eulas.publishedAt)).limit(1);
  if (!eula) throw new Error('no end-user agreement is seeded');
  const tokens = { anonymous: undefined } as Record<MatrixRole, string | undefined>;
  for (const [role, id] of Object.entries(userIds)) tokens[role as MatrixRole] = await accessToken(deps, id);
  const world: Omit<World, 'viewer' | 'scenarios' | 'insights' | 'criteria' | 'shareLinks'> = {
    companyId: a!.id,
    otherCompanyId: c!.id,
    ownerId,
    projectId: project!.id,
    studyId: study!.id,
    eulaId: eula.id,
    userIds,
    tokens,
    uploads: await buildWorldUploads(deps, project!.id, ownerId),
    weather: await buildWorldWeather(deps, project!.id, ownerId),
    projects: await buildProjectsWorld(db, { companyId: a!.id, otherCompanyId: c!.id, ownerId, projectId: project!.id, userIds }),
    analyses: await buildWorldAnalyses(deps, project!.id, study!.id),
  };
  const viewer = await buildWorldViewer(deps, { projectId: project!.id, studyId: study!.id, ownerId, analyses: world.analyses, userIds });
  const scenarios = await buildWorldScenarios(deps, project!.id, ownerId, ROLES_OF_MATRIX);
  const insights = await buildWorldInsights(deps, { studyId: study!.id, simulationId: world.analyses.simulationId, roles: ROLES_OF_MATRIX });
  const criteria = await buildWorldCriteria(db, a!.id, ROLES_OF_MATRIX);
  const shareLinks = await buildWorldShareLinks(db, {
    projectId: project!.id,
    studyId: study!.id,
    insightId: insights.publishedInsightId,
    ownerId,
    roles: ROLES_OF_MATRIX,
  });
  return { ...world, viewer, scenarios, insights, criteria, shareLinks };
}
