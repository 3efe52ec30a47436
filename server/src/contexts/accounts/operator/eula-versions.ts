/**
 * The end-user agreement, operator side: its versions with how many users agreed, and
 * publishing a new one. The newest published version is current (contexts/accounts/auth/eula.ts), so
 * publishing asks every user to agree again at their next sign-in.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { eulas } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { EulaPublish, EulaVersion } from '@canopy/contract/operator.ts';

function selectVersions(db: Db) {
  return db
    .select({
      id: eulas.id,
      version: eulas.version,
      title: eulas.title,
      body: eulas.body,
      publishedAt: eulas.publishedAt,
      // Qualified by hand (drizzle leaves a single-table query's columns unqualified).
      agreed: sql<number>`(select count(*) from eula_agreements a where a.eula_id = eulas.id)`.mapWith(Number),
    })
    .from(eulas);
}

const represent = (r: Awaited<ReturnType<typeof selectVersions>>[number]): EulaVersion => ({
  id: r.id,
  version: r.version,
  title: r.title,
  body: r.body,
  published_at: r.publishedAt.toISOString(),
  agreed_count: r.agreed,
});

export function listEulaVersions(db: Db): ListQuery<EulaVersion> {
  return {
    count: async () => (await db.select({ n: count() }).from(eulas))[0]?.n ?? 0,
    page: async (limit, offset) => (await selectVersions(db).orderBy(desc(eulas.publishedAt), desc(eulas.id)).limit(limit).offset(offset)).map(represent),
  };
}

export async function publishEula(db: Db, input: EulaPublish, now: Date): Promise<EulaVersion> {
  const [taken] = await db.select({ id: eulas.id }).from(eulas).where(eq(eulas.version, input.version));
  if (taken) throw DomainError.field('version', `Version "${input.version}" is already published; give the new text a new version.`);
  let id: number;
  try {
    const [row] = await db.insert(eulas).values({ version: input.version, title: input.title, body: input.body, publishedAt: now }).returning({ id: eulas.id });
    id = row!.id;
  } catch (error) {
    // Two operators publishing one version at once: the unique index decides.
    if (isUniqueViolation(error)) throw DomainError.field('version', `Version "${input.version}" is already published; give the new text a new version.`);
    throw error;
  }
  const [fresh] = await selectVersions(db).where(eq(eulas.id, id));
  return represent(fresh!);
}
