/**
 * Who sees draft insights and reports, and who may change them (SPEC §6, docs/insights.md).
 *
 * Drafts: a superuser; or a holder of `projects.add_insight` who is a member of the project's company,
 * or a member of a consulting company (`is_rwdi`) whom the project is shared with (accepted).
 * Everyone else who sees the project sees only Published ones.
 * Change: the right to change the project, and being one of those who see drafts (new insights are
 * Draft, so someone who could not see drafts could not see what they wrote).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { companies, studies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { requireVisibleProject, type ProjectAccess } from '../../projects/index.ts';

export interface InsightScope {
  projectId: number;
  studyId: number;
  access: ProjectAccess;
  seesDrafts: boolean;
  canChange: boolean;
}

export interface DraftFacts {
  isSuperuser: boolean;
  holdsAddInsight: boolean;
  isCompanyMember: boolean;
  isConsultingCompany: boolean;
  acceptedShare: boolean;
}

/** The rule itself, pure, so docs and tests can enumerate it. */
export function decideSeesDrafts(f: DraftFacts): boolean {
  return f.isSuperuser || (f.holdsAddInsight && (f.isCompanyMember || (f.isConsultingCompany && f.acceptedShare)));
}

async function isConsulting(db: Db, companyId: number | null): Promise<boolean> {
  if (companyId === null) return false;
  const [row] = await db.select({ isRwdi: companies.isRwdi }).from(companies).where(eq(companies.id, companyId));
  return row?.isRwdi ?? false;
}

/** The study of a visible project (404 otherwise) and what the user may do with its insights. */
export async function insightScope(db: Db, user: AuthUser, projectId: number, studyId: number): Promise<InsightScope> {
  const access = await requireVisibleProject(db, user, projectId);
  const [study] = await db
    .select({ id: studies.id })
    .from(studies)
    .where(and(eq(studies.id, studyId), eq(studies.projectId, projectId)));
  if (!study) throw DomainError.notFound();
  const seesDrafts = decideSeesDrafts({
    isSuperuser: user.isSuperuser,
    holdsAddInsight: access.permissions.has('projects.add_insight'),
    isCompanyMember: access.isCompanyMember,
    isConsultingCompany: await isConsulting(db, user.companyId),
    acceptedShare: access.shareStatus === 'accepted',
  });
  return { projectId, studyId, access, seesDrafts, canChange: access.canChange && seesDrafts };
}

/** Like insightScope, then 403 unless the user may change the study's insights. */
export async function changeScope(db: Db, user: AuthUser, projectId: number, studyId: number): Promise<InsightScope> {
  const scope = await insightScope(db, user, projectId, studyId);
  if (!scope.canChange) throw DomainError.forbidden();
  return scope;
}

/** Whether an insight or report of this status is visible in the scope. */
export function visibleStatus(scope: InsightScope, status: 'Draft' | 'Published'): boolean {
  return status === 'Published' || scope.seesDrafts;
}

/**
 * The scope of a share link's reader (contexts/accounts/share-links/): nobody signed in, Published objects
 * only, no changes. The link has already been checked; this only drives the draft rule.
 */
export function publicScope(projectId: number, studyId: number): InsightScope {
  const access: ProjectAccess = {
    projectId,
    companyId: null,
    isDemo: false,
    canSee: true,
    canChange: false,
    isAdministrator: false,
    isCompanyMember: false,
    shareStatus: null,
    shareAccess: null,
    permissions: new Set(),
  };
  return { projectId, studyId, access, seesDrafts: false, canChange: false };
}
