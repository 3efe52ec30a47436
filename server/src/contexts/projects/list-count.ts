/**
 * The project list's total: how many projects the caller may see in the tab and search asked for.
 *
 * For the everyday page (the "all" tab, no search, not a superuser) the total is added up from
 * counts the database keeps as projects change (migration 0023): the projects of the user's company,
 * those the user created in any other company or in none, and the few others the rule lets them see
 * (demos, projects they administer or accepted a share of) outside those two, looked up one by one.
 * A count over every visible project was a quarter of the list's statement on the embedded
 * database with 1,000 projects, and grows with them; this grows with the few others only. It is the
 * same rule as `visibleProjects` (access.ts), split into parts that do not overlap:
 * project-pages-kept.test.ts checks it against a count of what the rule lets through, for every
 * role, through every change a project can go through.
 *
 * Any other list (a tab, a search, a superuser's) counts what its condition lets through.
 */
import { sql, type SQL } from 'drizzle-orm';
import { companyProjectCounts, creatorProjectCounts, demoProjects, projectAdministrators, projects, projectShares } from '../../db/schema/index.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { ProjectTab } from '@canopy/contract/projects.ts';
import type { Param } from './access.ts';

/** The company placeholder's value for a user in no company: no company has it, and creator counts use 0 for "none". */
export const NO_COMPANY = -1;

export function listTotal(
  user: AuthUser,
  tab: ProjectTab | undefined,
  searching: boolean,
  where: SQL | undefined,
  bind: { userId: Param; companyId: Param },
): SQL<number> {
  if (user.isSuperuser || searching || (tab !== undefined && tab !== 'all')) {
    return sql<number>`(select count(*) from ${projects} where ${where ?? sql`true`})`;
  }
  const { userId, companyId } = bind;
  // The others, each once (union), outside the user's company and not created by them: each looked
  // up by its id (a subquery per row), as a join would be planned as a pass over every project.
  const others = sql`select ${demoProjects.projectId} from ${demoProjects}
    union select ${projectAdministrators.projectId} from ${projectAdministrators} where ${projectAdministrators.userId} = ${userId}
    union select ${projectShares.projectId} from ${projectShares} where ${projectShares.userId} = ${userId} and ${projectShares.shareStatus} = 'accepted'`;
  return sql<number>`(coalesce((select ${companyProjectCounts.projects} from ${companyProjectCounts} where ${companyProjectCounts.companyId} = ${companyId}), 0)
    + coalesce((select sum(${creatorProjectCounts.projects}) from ${creatorProjectCounts} where ${creatorProjectCounts.createdBy} = ${userId} and ${creatorProjectCounts.companyId} <> ${companyId}), 0)
    + (select count(*) from (${others}) as others (id)
       where (select listed.company_id is distinct from ${companyId} and listed.created_by is distinct from ${userId} from ${projects} as listed where listed.id = others.id)))`;
}
