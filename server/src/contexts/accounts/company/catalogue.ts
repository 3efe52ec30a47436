/** Reference lists: roles, the two price tables, service lines. */
import { asc, count, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { rolePermissions, roles, serviceLines, simulationPrices, subscriptionTypePrices } from '../../../db/schema/index.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { Role } from '@canopy/contract/company.ts';
import type { SimulationPrice, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';
import type { ServiceLine } from '@canopy/contract/service-lines.ts';
import { PERMISSIONS } from '../roles.ts';

export function listRoles(db: Db): ListQuery<Role> {
  return {
    count: async () => (await db.select({ n: count() }).from(roles))[0]?.n ?? 0,
    async page(limit, offset) {
      const rows = await db.select().from(roles).orderBy(asc(roles.id)).limit(limit).offset(offset);
      const held = await db.select().from(rolePermissions);
      return rows.map((r) => {
        const mine = new Set(held.filter((h) => h.roleId === r.id).map((h) => h.permission));
        return { id: r.id, name: r.name, description: r.description, permissions: PERMISSIONS.filter((p) => mine.has(p)) };
      });
    },
  };
}

export function listSubscriptionTypePrices(db: Db): ListQuery<SubscriptionTypePrice> {
  return {
    count: async () => (await db.select({ n: count() }).from(subscriptionTypePrices))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await db.select().from(subscriptionTypePrices).orderBy(asc(subscriptionTypePrices.id)).limit(limit).offset(offset)).map((r) => ({
        id: r.id,
        plan: r.plan,
        credit_type: r.creditType,
        credits_per_period: r.creditsPerPeriod,
        period: r.period,
        price: r.priceCents / 100,
        price_cents: r.priceCents,
        currency: r.currency,
      })),
  };
}

export function listSimulationPrices(db: Db): ListQuery<SimulationPrice> {
  return {
    count: async () => (await db.select({ n: count() }).from(simulationPrices))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await db.select().from(simulationPrices).orderBy(asc(simulationPrices.id)).limit(limit).offset(offset)).map((r) => ({
        id: r.id,
        simulation_type: r.simulationType,
        credit_type: r.creditType,
        credits: r.credits,
        description: r.description,
      })),
  };
}

/** The user's company's service lines and those offered to every company; superusers see all. */
export function listServiceLines(db: Db, user: AuthUser): ListQuery<ServiceLine> {
  const where = user.isSuperuser
    ? undefined
    : or(isNull(serviceLines.companyId), user.companyId !== null ? eq(serviceLines.companyId, user.companyId) : undefined);
  return {
    count: async () => (await db.select({ n: count() }).from(serviceLines).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await db.select().from(serviceLines).where(where).orderBy(asc(serviceLines.sortOrder), asc(serviceLines.id)).limit(limit).offset(offset)).map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        offerings: r.offerings,
        company_id: r.companyId,
      })),
  };
}
