/** The operator's view of companies: all of them with their size, and creating one. */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { Config } from '../../../env.ts';
import { companies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { OperatorCompany, OperatorCompanyCreate } from '@canopy/contract/operator.ts';
import { grantStarterSubscriptions } from './starter.ts';

function selectCompanies(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      isRwdi: companies.isRwdi,
      createdAt: companies.createdAt,
      // Qualified by hand: drizzle writes a single-table query's columns unqualified, which inside a
      // subquery would bind to the subquery's own table.
      userCount: sql<number>`(select count(*) from users u where u.company_id = companies.id and u.is_active)`.mapWith(Number),
      subscriptionCount: sql<number>`(select count(*) from subscriptions s where s.company_id = companies.id)`.mapWith(Number),
    })
    .from(companies);
}

type Row = Awaited<ReturnType<typeof selectCompanies>>[number];

const represent = (r: Row): OperatorCompany => ({
  id: r.id,
  name: r.name,
  is_rwdi: r.isRwdi,
  user_count: r.userCount,
  subscription_count: r.subscriptionCount,
  created: r.createdAt.toISOString(),
});

export function listAllCompanies(db: Db): ListQuery<OperatorCompany> {
  return {
    count: async () => (await db.select({ n: count() }).from(companies))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (
        await selectCompanies(db)
          .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
          .limit(limit)
          .offset(offset)
      ).map(represent),
  };
}

export async function operatorCompany(db: Db, id: number): Promise<OperatorCompany> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id));
  if (!row) throw DomainError.notFound();
  return represent(row);
}

/** A company made by the operator, with no members yet: its starter subscriptions wait for a holder. */
export async function createCompany(
  db: Db,
  config: Pick<Config, 'starterSubscription' | 'STARTER_CREDITS'>,
  input: OperatorCompanyCreate,
): Promise<OperatorCompany> {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${input.name})`);
  if (taken) throw DomainError.field('name', 'A company with this name already exists.');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ name: input.name, isRwdi: input.is_rwdi ?? false })
      .returning({ id: companies.id });
    await grantStarterSubscriptions(tx, config, row!.id, null);
    return row!.id;
  });
  return operatorCompany(db, id);
}
