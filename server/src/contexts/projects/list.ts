/**
 * The project list (GET /api/project/): the projects the user may see (the same rule as
 * `projectAccess`, in SQL), narrowed by tab and search, in a stable order (ties broken by id so
 * pages never overlap or skip).
 */
import { and, asc, desc, eq, exists, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectFavorites, projects } from '../../db/schema/index.ts';
import type { JsonListQuery } from '../../kernel/list-query.ts';
import type { ProjectOrdering, ProjectTab } from '@canopy/contract/projects.ts';
import { acceptedBy, visibleProjects, type Param } from './access.ts';
import { prepared } from '../../db/prepared.ts';
import { listTotal, NO_COMPANY } from './list-count.ts';

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

/**
 * The page statement for one shape of request (who asks, tab, ordering, whether there is a search),
 * prepared once per shape with the values as placeholders: the list runs on every visit to the
 * projects page.
 *
 * One statement and one row, whatever the page holds (one round trip matters most on PGlite): the
 * page's projects as the answer's JSON text, how many there are, and the total. Each project's JSON
 * is kept by the database beside the project (`summary_head` and `summary_tail`, rebuilt by
 * migration 0023's triggers when the project or one of its studies changes), so a read only joins
 * the texts around the caller's favourite mark: building it on every read (the timestamps' format,
 * the studies looked up for each listed project, the objects) was half of the list's statement on
 * the embedded database, and the server then parsed it and wrote it again. The text is passed
 * through to the answer as it is (`pageJson`). The page is read in the order's index and stops after
 * it (migration 0015) instead of sorting every visible project; the total comes from kept counts
 * where it can (list-count.ts).
 */
function pageStatement(db: Db, user: AuthUser, filter: ProjectListFilter, search: { id: number | null } | null) {
  const shape = [
    user.isSuperuser ? 'su' : user.companyId === null ? 'nc' : 'c',
    filter.tab ?? 'all',
    (filter.ordering ?? 'default').replace('-', 'desc'),
    search ? (search.id !== null ? 'sid' : 's') : '-',
  ].join('_');
  return prepared(db, `project_list_v4_${shape.replace(/[^a-z_]/gi, '')}`, (d, name) => {
    const userId = sql.placeholder('userId');
    const companyId = sql.placeholder('companyId');
    const where = and(
      visibleProjects(user, { userId, companyId }),
      tabCondition(userId, filter.tab),
      searchCondition(search ? { pattern: sql.placeholder('pattern'), id: search.id !== null ? sql.placeholder('searchId') : null } : null),
    );
    const page = d.$with('page').as(
      d
        .select({
          id: projects.id,
          name: projects.name,
          createdAt: projects.createdAt,
          // Kept by the database, not in the table's drizzle definition (schema/projects.ts).
          summaryHead: sql<string>`"projects"."summary_head"`.as('summary_head'),
          summaryTail: sql<string>`"projects"."summary_tail"`.as('summary_tail'),
        })
        .from(projects)
        .where(where)
        .orderBy(...orderOf(filter.ordering))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    return d
      .with(page)
      .select({
        total: listTotal(user, filter.tab, search !== null, where, { userId, companyId }).mapWith(Number),
        rows: sql<number>`count(*)`.mapWith(Number),
        results: sql<string>`coalesce('[' || string_agg(${page.summaryHead} || (${favoriteOf(userId, page.id)})::text || ${page.summaryTail}, ',' order by ${sql.join(orderOf(filter.ordering, page), sql`, `)}) || ']', '[]')`,
      })
      .from(page)
      .prepare(name);
  });
}

export function listProjects(db: Db, user: AuthUser, filter: ProjectListFilter): JsonListQuery {
  const search = searchOf(filter.search);
  const values = { userId: user.id, companyId: user.companyId ?? NO_COMPANY, pattern: search?.pattern ?? '', searchId: search?.id ?? 0 };
  const pageJson = async (limit: number, offset: number) => {
    const [row] = await pageStatement(db, user, filter, search).execute({ ...values, limit, offset });
    return { count: row?.total ?? 0, length: row?.rows ?? 0, json: row?.results ?? '[]' };
  };
  return { pageJson };
}
