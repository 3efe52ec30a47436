/**
 * A company's own wind comfort criterion tables. Members of the company read them (in
 * GET /api/criteria/ beside the built-in ones, and under /api/company/criteria/); an Org Admin
 * (custom_auth.change_user, held by that role alone) creates, changes and deletes them. Tables of
 * another company are 404 — never a hint that they exist.
 *
 * Wherever a criterion id goes (scenario metrics, post-processing, legends, layer keys) a table is
 * `company-<pk>` (contract/src/criteria.ts), so it cannot be taken for a built-in one, and it passes
 * through the engine exactly as a built-in criterion does: the engine functions take the table.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { companyCriteria } from '../../../db/schema/index.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { DomainError, zodToFieldErrors } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import { CRITERIA, criterionSchema, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { comfortLegend, safetyLegend, type Legend } from '@canopy/engine/analyses/legends.ts';
import { companyCriterionId, companyCriterionPk, NAME_TAKEN, type CompanyCriterion, type CompanyCriterionInput } from '@canopy/contract/criteria.ts';
import { ownCompanyId, requireCompanyMember, requireCompanyPermission, requirePermission } from '../../accounts/index.ts';

type Row = typeof companyCriteria.$inferSelect;

/** The permission that writes criterion tables: Org Admin's own. */
const WRITE = 'custom_auth.change_user';

/** A table as the engine takes it. */
export function asCriterion(row: Row): Criterion {
  return {
    id: companyCriterionId(row.id),
    name: row.name,
    speedType: row.speedType as Criterion['speedType'],
    exceedanceComparison: row.exceedanceComparison as Criterion['exceedanceComparison'],
    classes: row.classes as Criterion['classes'],
    safety: row.safety as Criterion['safety'],
  };
}

function represent(row: Row): CompanyCriterion {
  return {
    ...asCriterion(row),
    pk: row.id,
    origin: 'company',
    ...(row.description ? { description: row.description } : {}),
    revision: row.revision,
    created: row.createdAt.toISOString(),
    modified: row.updatedAt.toISOString(),
  };
}

/**
 * The body the contract accepted, as the engine's table. The engine's own schema checks it once
 * more (the contract is the stricter of the two; this keeps them from drifting apart unnoticed).
 */
function checked(input: CompanyCriterionInput) {
  const candidate = {
    id: companyCriterionId(1),
    name: input.name,
    speedType: input.speedType,
    exceedanceComparison: input.exceedanceComparison ?? 'atMost',
    classes: input.classes.map(({ description, ...c }) => ({ ...c, ...(description ? { description } : {}) })),
    safety: (input.safety ?? []).map(({ description, ...s }) => ({ ...s, ...(description ? { description } : {}) })),
  };
  const parsed = criterionSchema.safeParse(candidate);
  if (!parsed.success) throw DomainError.fields(zodToFieldErrors(parsed.error));
  return {
    name: input.name,
    description: input.description ?? '',
    speedType: parsed.data.speedType,
    exceedanceComparison: parsed.data.exceedanceComparison,
    classes: parsed.data.classes,
    safety: parsed.data.safety,
  };
}

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'company_criteria_company_name')) throw DomainError.field('name', NAME_TAKEN);
    throw error;
  }
}

async function rowOf(db: Db, pk: number): Promise<Row> {
  const [row] = await db.select().from(companyCriteria).where(eq(companyCriteria.id, pk));
  if (!row) throw DomainError.notFound();
  return row;
}

export function listCompanyCriteria(db: Db, user: AuthUser): ListQuery<CompanyCriterion> {
  const where = eq(companyCriteria.companyId, ownCompanyId(user));
  return {
    count: async () => (await db.select({ n: count() }).from(companyCriteria).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (
        await db
          .select()
          .from(companyCriteria)
          .where(where)
          .orderBy(asc(sql`lower(${companyCriteria.name})`), asc(companyCriteria.id))
          .limit(limit)
          .offset(offset)
      ).map(represent),
  };
}

export async function getCompanyCriterion(db: Db, user: AuthUser, pk: number): Promise<CompanyCriterion> {
  const row = await rowOf(db, pk);
  requireCompanyMember(user, row.companyId);
  return represent(row);
}

export async function createCompanyCriterion(db: Db, user: AuthUser, input: CompanyCriterionInput): Promise<CompanyCriterion> {
  const companyId = ownCompanyId(user);
  await requirePermission(db, user, WRITE);
  const values = checked(input);
  const [row] = await nameTaken(() =>
    db
      .insert(companyCriteria)
      .values({ ...values, companyId, createdBy: user.id })
      .returning(),
  );
  return represent(row!);
}

export async function updateCompanyCriterion(db: Db, user: AuthUser, pk: number, input: CompanyCriterionInput): Promise<CompanyCriterion> {
  const row = await rowOf(db, pk);
  await requireCompanyPermission(db, user, row.companyId, WRITE);
  const values = checked(input);
  const [updated] = await nameTaken(() =>
    db
      .update(companyCriteria)
      .set({ ...values, revision: sql`${companyCriteria.revision} + 1`, updatedAt: new Date() })
      .where(eq(companyCriteria.id, pk))
      .returning(),
  );
  if (!updated) throw DomainError.notFound();
  return represent(updated);
}

export async function deleteCompanyCriterion(db: Db, user: AuthUser, pk: number): Promise<void> {
  const row = await rowOf(db, pk);
  await requireCompanyPermission(db, user, row.companyId, WRITE);
  await db.delete(companyCriteria).where(eq(companyCriteria.id, pk));
}

/** The tables of these companies, as the engine takes them (name order). */
export async function companyCriteriaOf(
  db: Db,
  companyIds: ReadonlyArray<number | null>,
): Promise<Array<Criterion & { description?: string; origin: 'company' }>> {
  const ids = [...new Set(companyIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(companyCriteria)
    .where(inArray(companyCriteria.companyId, ids))
    .orderBy(asc(sql`lower(${companyCriteria.name})`), asc(companyCriteria.id));
  return rows.map((row) => ({ ...asCriterion(row), origin: 'company' as const, ...(row.description ? { description: row.description } : {}) }));
}

/** GET /api/criteria/: every built-in criterion, then the caller's company's own tables. */
export async function criteriaForUser(db: Db, user: AuthUser) {
  return [...CRITERIA.map((c) => ({ ...c, origin: 'builtin' as const })), ...(await companyCriteriaOf(db, [user.companyId]))];
}

/**
 * Criterion ids → tables: a built-in id, or `company-<pk>` of one of `companyIds`. `unknown` lists
 * the ids that are neither (another company's table reads as unknown, as it does not exist).
 */
export async function resolveCriteria(
  db: Db,
  ids: readonly string[],
  companyIds: ReadonlyArray<number | null>,
): Promise<{ criteria: Criterion[]; unknown: string[] }> {
  const pks = ids.map(companyCriterionPk).filter((pk): pk is number => pk !== null);
  const owners = companyIds.filter((id): id is number => id !== null);
  const rows =
    pks.length && owners.length
      ? await db
          .select()
          .from(companyCriteria)
          .where(and(inArray(companyCriteria.id, pks), inArray(companyCriteria.companyId, owners)))
      : [];
  const tables = new Map(rows.map((row) => [companyCriterionId(row.id), asCriterion(row)]));
  const criteria: Criterion[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const found = CRITERIA.find((c) => c.id === id) ?? tables.get(id);
    if (found) criteria.push(found);
    else unknown.push(id);
  }
  return { criteria, unknown };
}

/** One criterion the user may use: built-in, or a table of their company; 404 otherwise. */
export async function criterionForUser(db: Db, user: AuthUser, id: string): Promise<Criterion> {
  const { criteria } = await resolveCriteria(db, [id], [user.companyId]);
  if (!criteria[0]) throw DomainError.notFound();
  return criteria[0];
}

const LEGEND_NAME = /^wind-(comfort|safety)-(company-\d+)$/;

/**
 * The colour legend of a company table's comfort classes or safety levels
 * (wind-comfort-company-<pk>, wind-safety-company-<pk>), for members of its company; null for any
 * other name (the built-in legends are looked up apart).
 */
export async function companyLegend(db: Db, user: AuthUser, name: string): Promise<Legend | null> {
  const match = LEGEND_NAME.exec(name);
  if (!match) return null;
  const { criteria } = await resolveCriteria(db, [match[2]!], [user.companyId]);
  const criterion = criteria[0];
  if (!criterion) throw DomainError.notFound();
  if (match[1] === 'safety') {
    if (criterion.safety.length === 0) throw DomainError.notFound();
    return safetyLegend(criterion);
  }
  return comfortLegend(criterion);
}
