/**
 * The project list (GET /api/project/): the projects the user may see (the same rule as
 * `projectAccess`, in SQL), narrowed by tab and search, in a stable order (ties broken by id so
 * pages never overlap or skip).
 */
import { and, asc, count, desc, eq, exists, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectFavorites, projects, studies } from '../../db/schema/index.ts';
import type { ListQuery } from '../../kernel/list-query.ts';
import type { ProjectOrdering, ProjectSummary, ProjectTab } from '@canopy/contract/projects.ts';
import { acceptedBy, visibleProjects, type Param } from './access.ts';
import { prepared } from '../../db/prepared.ts';

export interface ProjectListFilter {
  search?: string;
  tab?: ProjectTab;
  ordering?: ProjectOrdering;
}

/** Whether `userId` marked the project as a favourite; `projectId`: the project's id in the statement (the table's, or the page's). */
function favoriteOf(userId: Param, projectId: AnyColumn | SQL.Aliased = projects.id): SQL {
  return exists(sql`(select 1 from ${projectFavorites} where ${projectFavorites.projectId} = ${projectId} and ${projectFavorites.userId} = ${userId})`);
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

/** The columns an ordering reads: the table's inside the page, the page's outside it. */
interface OrderColumns {
  id: AnyColumn | SQL.Aliased | SQL;
  name: AnyColumn | SQL.Aliased | SQL;
  createdAt: AnyColumn | SQL.Aliased | SQL;
}

function orderOf(ordering: ProjectOrdering | undefined, c: OrderColumns = projects): SQL[] {
  switch (ordering) {
    case 'name':
      return [asc(sql`lower(${c.name})`), asc(c.id)];
    case '-name':
      return [desc(sql`lower(${c.name})`), desc(c.id)];
    case 'created':
      return [asc(c.createdAt), asc(c.id)];
    default:
      return [desc(c.createdAt), desc(c.id)];
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
  surroundsError: projects.surroundsError,
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
    surrounds_error: row.surroundsError,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    studies: studyList,
  };
}

/** A timestamp as JavaScript's `toISOString` writes it (UTC, milliseconds), in SQL. */
function isoTimestamp(column: unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The page statement for one shape of request (who asks, tab, ordering, whether there is a search),
 * prepared once per shape with the values as placeholders: the list runs on every visit to the
 * projects page.
 *
 * One statement and one row, whatever the page holds (one round trip matters most on PGlite): the
 * page's projects in the answer's own JSON shape, and the total. A profile under 50 connections on
 * PostgreSQL showed the time going, after the database, to mapping rows field by field (a fifth of
 * the server's time in drizzle's row mapper); built in SQL, the page costs the server one
 * `JSON.parse`. The page is read in the order's index and stops after it (migration 0015) instead of
 * sorting every visible project; the favourite mark and the studies are read for the page's rows
 * alone, through their indexes (per row, which measured ~12 % less database time than one grouped
 * pass over the studies); the total is a count beside it.
 */
function pageStatement(db: Db, user: AuthUser, filter: ProjectListFilter, search: { id: number | null } | null) {
  const shape = [
    user.isSuperuser ? 'su' : user.companyId === null ? 'nc' : 'c',
    filter.tab ?? 'all',
    (filter.ordering ?? 'default').replace('-', 'desc'),
    search ? (search.id !== null ? 'sid' : 's') : '-',
  ].join('_');
  return prepared(db, `project_list_v3_${shape.replace(/[^a-z_]/gi, '')}`, (d, name) => {
    const userId = sql.placeholder('userId');
    const where = and(
      visibleProjects(user, { userId, companyId: sql.placeholder('companyId') }),
      tabCondition(userId, filter.tab),
      searchCondition(search ? { pattern: sql.placeholder('pattern'), id: search.id !== null ? sql.placeholder('searchId') : null } : null),
    );
    const page = d.$with('page').as(
      d
        .select(summaryColumns)
        .from(projects)
        .where(where)
        .orderBy(...orderOf(filter.ordering))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    // The keys and their order are ProjectSummary's, as `representSummary` writes them.
    const summary = sql<ProjectSummary>`json_build_object(
      'id', ${page.id}, 'name', ${page.name}, 'location', ${page.location}, 'latitude', ${page.latitude}, 'longitude', ${page.longitude},
      'reference_id', ${page.referenceId}, 'company_id', ${page.companyId}, 'is_demo', ${page.isDemo},
      'is_favorite', ${favoriteOf(userId, page.id)},
      'fetch_met', ${page.fetchMet}, 'met_error', ${page.metError}, 'generate_surrounds', ${page.generateSurrounds},
      'surrounds_error', ${page.surroundsError},
      'created', ${isoTimestamp(page.createdAt)}, 'updated', ${isoTimestamp(page.updatedAt)},
      'studies', (select coalesce(json_agg(json_build_object('id', ${studies.id}, 'name', ${studies.name}) order by ${studies.id}), '[]'::json) from ${studies} where ${studies.projectId} = ${page.id}))`;
    return d
      .with(page)
      .select({
        total: sql<number>`(select count(*) from ${projects} where ${where ?? sql`true`})`.mapWith(Number),
        results: sql<ProjectSummary[]>`coalesce(json_agg(${summary} order by ${sql.join(orderOf(filter.ordering, page), sql`, `)}), '[]'::json)`,
      })
      .from(page)
      .prepare(name);
  });
}

export function listProjects(db: Db, user: AuthUser, filter: ProjectListFilter): ListQuery<ProjectSummary> {
  const search = searchOf(filter.search);
  const values = { userId: user.id, companyId: user.companyId ?? 0, pattern: search?.pattern ?? '', searchId: search?.id ?? 0 };
  const select = async (limit: number, offset: number) => {
    const [row] = await pageStatement(db, user, filter, search).execute({ ...values, limit, offset });
    return { count: row?.total ?? 0, results: row?.results ?? [] };
  };
  const where = and(visibleProjects(user), tabCondition(user.id, filter.tab), searchCondition(search));
  return {
    count: async () => (await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0,
    page: async (limit, offset) => (await select(limit, offset)).results,
    pageWithCount: select,
  };
}
