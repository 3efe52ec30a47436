/**
 * The end-user agreement: the newest published version is current; a user who has not agreed to
 * it gets it from GET /api/eula/, one who has gets an empty object (the client's "empty means
 * accepted", SPEC §4). Publishing a new version makes everybody agree again.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { eulaAgreements, eulas } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

export interface EulaRepresentation {
  id: number;
  version: string;
  title: string;
  body: string;
  published_at: string;
}

export async function pendingEula(db: Db, userId: number, now: Date): Promise<EulaRepresentation | Record<string, never>> {
  const [current] = await db.select().from(eulas).where(lte(eulas.publishedAt, now)).orderBy(desc(eulas.publishedAt), desc(eulas.id)).limit(1);
  if (!current) return {};
  const [agreed] = await db
    .select({ at: eulaAgreements.agreedAt })
    .from(eulaAgreements)
    .where(and(eq(eulaAgreements.userId, userId), eq(eulaAgreements.eulaId, current.id)));
  if (agreed) return {};
  return {
    id: current.id,
    version: current.version,
    title: current.title,
    body: current.body,
    published_at: current.publishedAt.toISOString(),
  };
}

export async function agreeToEula(db: Db, userId: number, eulaId: number, now: Date): Promise<{ eula_id: number; agreed_at: string }> {
  const [eula] = await db.select({ id: eulas.id }).from(eulas).where(eq(eulas.id, eulaId));
  if (!eula) throw DomainError.notFound();
  await db.insert(eulaAgreements).values({ userId, eulaId, agreedAt: now }).onConflictDoNothing();
  const [row] = await db
    .select({ agreedAt: eulaAgreements.agreedAt })
    .from(eulaAgreements)
    .where(and(eq(eulaAgreements.userId, userId), eq(eulaAgreements.eulaId, eulaId)));
  return { eula_id: eulaId, agreed_at: row!.agreedAt.toISOString() };
}
