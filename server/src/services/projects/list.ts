/**
 * The project list (GET /api/project/): the projects the user may see (the same rule as
 * `projectAccess`, in SQL), narrowed by tab and search, in a stable order (ties broken by id so
 * pages never overlap or skip).
 */
import { and, asc, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { projectFavorites, projects, studies } from '../../db/schema/index.ts';
import type { ListQuery } from '../../http/pagination.ts';
import type { ProjectOrdering, ProjectSummary, ProjectTab, StudySummary } from '@canopy/contract/projects.ts';
import { acceptedBy, visibleProjects, type Param } from './access.ts';
import { prepared } from '../../db/prepared.ts';

export interface ProjectListFilter {
  search?: string;
  tab?: ProjectTab;
  ordering?: ProjectOrdering;
}

function favoriteOf(userId: Param): SQL {
  return exists(sql`(select 1 from ${projectFavorites} where ${projectFavorites.projectId} = ${projects.id} and ${projectFavorites.userId} = ${userId})`);
}

function tabCondition(userId: Param, tab: ProjectTab | undefined): SQL | undefined {
  switch (tab) {
    case 'favorites':
      return favoriteOf(userId);
    case 'demos':
      return eq(projects.isDemo, true);
    case 'shared':
      return acceptedBy(userId);
    default:
      return undefined;
  }
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The search as the statement's parameters: a contains-pattern, and an id when the text is a number. */
function searchOf(search: string | undefined): { pattern: string; id: number | null } | null {
  const text = search?.trim();
  if (!text) return null;
  return { pattern: containsPattern(text), id: /^\d{1,9}$/.test(text) ? Number(text) : null };
}

function searchCondition(search: { pattern: Param | string; id: Param | number | null } | null): SQL | undefined {
  if (!search) return undefined;
  const pattern = search.pattern as string;
  return or(
    ilike(projects.name, pattern),
    ilike(projects.location, pattern),
    ilike(projects.referenceId, pattern),
    search.id !== null ? eq(projects.id, search.id as number) : undefined,
  );
}

function orderOf(ordering: ProjectOrdering | undefined): SQL[] {
  switch (ordering) {
    case 'name':
      return [asc(sql`lower(${projects.name})`), asc(projects.id)];
    case '-name':
      return [desc(sql`lower(${projects.name})`), desc(projects.id)];
    case 'created':
      return [asc(projects.createdAt), asc(projects.id)];
    default:
      return [desc(projects.createdAt), desc(projects.id)];
  }
}

export const summaryColumns = {
  id: projects.id,
  name: projects.name,
  location: projects.location,
  latitude: projects.latitude,
  longitude: projects.longitude,
  referenceId: projects.referenceId,
  companyId: projects.companyId,
  isDemo: projects.isDemo,
  fetchMet: projects.fetchMet,
  metError: projects.metError,
  generateSurrounds: projects.generateSurrounds,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

export type SummaryRow = Pick<typeof projects.$inferSelect, keyof typeof summaryColumns>;

export function representSummary<S>(row: SummaryRow, isFavorite: boolean, studyList: S[]) {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    reference_id: row.referenceId,
    company_id: row.companyId,
    is_demo: row.isDemo,
    is_favorite: isFavorite,
    fetch_met: row.fetchMet,
    met_error: row.metError,
    generate_surrounds: row.generateSurrounds,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    studies: studyList,
  };
}

/** The studies of each listed project, in the same statement (one statement per page matters on PGlite). */
const studySummaries = sql<
  StudySummary[]
>`(select coalesce(json_agg(json_build_object('id', ${studies.id}, 'name', ${studies.name}) order by ${studies.id}), '[]'::json) from ${studies} where ${studies.projectId} = ${projects.id})`;

/**
 * The page statement for one shape of request (who asks, tab, ordering, whether there is a search),
 * prepared once per shape with the values as placeholders: the list runs on every visit to the
 * projects page, and building its SQL was most of its cost on the event loop (issue 17 item 13).
 */
function pageStatement(db: Db, user: AuthUser, filter: ProjectListFilter, search: { id: number | null } | null) {
  const shape = [
    user.isSuperuser ? 'su' : user.companyId === null ? 'nc' : 'c',
    filter.tab ?? 'all',
    (filter.ordering ?? 'default').replace('-', 'desc'),
    search ? (search.id !== null ? 'sid' : 's') : '-',
  ].join('_');
  return prepared(db, `project_list_v1_${shape.replace(/[^a-z_]/gi, '')}`, (d, name) => {
    const userId = sql.placeholder('userId');
    const where = and(
      visibleProjects(user, { userId, companyId: sql.placeholder('companyId') }),
      tabCondition(userId, filter.tab),
      searchCondition(search ? { pattern: sql.placeholder('pattern'), id: search.id !== null ? sql.placeholder('searchId') : null } : null),
    );
    const order = orderOf(filter.ordering);
    // The window count and the sort run over ids only; the per-row subqueries (favorite, studies) run
    // for the page's rows alone — in the same statement, which is what the embedded database rewards.
    const page = d.$with('page').as(
      d
        .select({ id: projects.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
        .from(projects)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    return d
      .with(page)
      .select({ ...summaryColumns, isFavorite: favoriteOf(userId).mapWith(Boolean), studies: studySummaries, total: page.total })
      .from(page)
      .innerJoin(projects, eq(projects.id, page.id))
      .orderBy(...order)
      .prepare(name);
  });
}

export function listProjects(db: Db, user: AuthUser, filter: ProjectListFilter): ListQuery<ProjectSummary> {
  const search = searchOf(filter.search);
  const values = { userId: user.id, companyId: user.companyId ?? 0, pattern: search?.pattern ?? '', searchId: search?.id ?? 0 };
  const select = (limit: number, offset: number) => pageStatement(db, user, filter, search).execute({ ...values, limit, offset });
  const represent = (rows: Awaited<ReturnType<typeof select>>) => rows.map((row) => representSummary(row, row.isFavorite, row.studies));
  const where = and(visibleProjects(user), tabCondition(user.id, filter.tab), searchCondition(search));
  return {
    count: async () => (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0,
    page: async (limit, offset) => represent(await select(limit, offset)),
    async pageWithCount(limit, offset) {
      const rows = await select(limit, offset);
      return { count: rows[0]?.total ?? 0, results: represent(rows) };
    },
  };
}
