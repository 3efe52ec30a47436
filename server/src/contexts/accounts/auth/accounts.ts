/** Looking users up for sign-in, and the user as /authusers/me/ shows it. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { questionnaireAnswers, roles, subscriptions, users } from '../../../db/schema/index.ts';

export interface SignInCandidate {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isActive: boolean;
  lastLogin: Date | null;
}

const candidateColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
};

/** Usernames are unique case-insensitively (users_username_lower), so sign-in ignores case too. */
export async function findByUsername(db: Db, username: string): Promise<SignInCandidate | undefined> {
  const [row] = await db
    .select(candidateColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/** Sign-up keeps e-mail addresses unique, but older rows may share one: the oldest account wins. */
export async function findByEmail(db: Db, email: string): Promise<SignInCandidate | undefined> {
  const normalized = email.trim();
  if (!normalized) return undefined;
  const [row] = await db
    .select(candidateColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${normalized})`)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

export async function findById(db: Db, id: number): Promise<SignInCandidate | undefined> {
  const [row] = await db.select(candidateColumns).from(users).where(eq(users.id, id));
  return row;
}

/** The signed-in user (SPEC §3: subscription, company_id, is_superuser) plus profile fields. */
export interface UserRepresentation {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  company_id: number | null;
  /** The id of the company subscription the user holds (at most one), or null. */
  subscription: number | null;
  is_superuser: boolean;
  role: string | null;
  country: string;
  province: string;
  date_joined: string;
  /** False until the onboarding questionnaire is answered: the client shows it after sign-in. */
  questionnaire_answered: boolean;
}

export async function representUser(db: Db, userId: number): Promise<UserRepresentation | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: users.companyId,
      isSuperuser: users.isSuperuser,
      role: roles.name,
      country: users.country,
      province: users.province,
      dateJoined: users.dateJoined,
      answeredAt: questionnaireAnswers.answeredAt,
      subscriptionId: subscriptions.id,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(questionnaireAnswers, eq(questionnaireAnswers.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_id: row.companyId,
    subscription: row.subscriptionId,
    is_superuser: row.isSuperuser,
    role: row.role ?? null,
    country: row.country,
    province: row.province,
    date_joined: row.dateJoined.toISOString(),
    questionnaire_answered: row.answeredAt !== null,
  };
}
