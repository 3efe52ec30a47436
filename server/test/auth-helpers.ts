/**
 * Helpers for the sign-in tests: users with a known password (hashed once per file — scrypt at
 * OWASP's cost takes ~0.3 s), signing in, and reading a token's claims.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/crypto/passwords.ts';
import { users } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/database.ts';
import type { TestContext } from './harness.ts';
import { createUser } from './world.ts';

export const PASSWORD = 'correct horse battery staple';

let hash: Promise<string> | undefined;
/** The hash of PASSWORD, computed once per test file. */
export function passwordHash(): Promise<string> {
  return (hash ??= hashPassword(PASSWORD));
}

export async function createUserWithPassword(
  db: Db,
  values: { username: string; email?: string; companyId?: number | null; role?: string; isActive?: boolean; isSuperuser?: boolean },
): Promise<number> {
  const id = await createUser(db, {
    username: values.username,
    email: values.email,
    companyId: values.companyId ?? null,
    role: values.role,
    isSuperuser: values.isSuperuser,
    passwordHash: await passwordHash(),
  });
  if (values.isActive === false) await db.update(users).set({ isActive: false }).where(eq(users.id, id));
  return id;
}

export interface Pair {
  access: string;
  refresh: string;
}

export async function login(t: TestContext, username: string, password = PASSWORD): Promise<Pair> {
  const res = await t.request('/authjwt/create/', { method: 'POST', json: { username, password } });
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Pair;
}

export function decodeSegment(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
