/**
 * Companies as users see them. GET company/id/{id} answers for the user's own company and for any
 * company owning a project the user can see (the client reads `is_rwdi` of a project's company);
 * every other company is 404, so ids reveal nothing.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { companies, projects, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Company, OwnCompany } from '@canopy/contract/company.ts';
import { visibleProjects } from '../../projects/index.ts';
import { ownCompanyId } from './guards.ts';

export async function companyById(db: Db, user: AuthUser, companyId: number): Promise<Company> {
  const mayLook =
    user.isSuperuser ||
    user.companyId === companyId ||
    (
      await db
        .select({ one: sql`1` })
        .from(projects)
        .where(and(eq(projects.companyId, companyId), visibleProjects(user)))
        .limit(1)
    ).length > 0;
  if (!mayLook) throw DomainError.notFound();
  const [row] = await db.select({ id: companies.id, name: companies.name, isRwdi: companies.isRwdi }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw DomainError.notFound();
  return { id: row.id, name: row.name, is_rwdi: row.isRwdi };
}

export async function ownCompany(db: Db, user: AuthUser): Promise<OwnCompany> {
  const companyId = ownCompanyId(user);
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      isRwdi: companies.isRwdi,
      domain: companies.domain,
      allowSso: companies.allowSso,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw DomainError.notFound();
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isActive, true)));
  return { id: row.id, name: row.name, is_rwdi: row.isRwdi, domain: row.domain, allow_sso: row.allowSso, user_count: members?.n ?? 0 };
}
