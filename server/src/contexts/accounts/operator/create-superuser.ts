/**
 * `npm run admin -- create-superuser`: an operator account made from the command line,
 * for installations where the first sign-up is not the operator (or before anyone signs up). The
 * same rules as sign-up: a valid, unused username and e-mail address, and a password that passes
 * the password policy. Returns field errors instead of throwing, for the command to print.
 */
import { sql } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../crypto/passwords.ts';
import { CompanyUserCreateSchema } from '@canopy/contract/company.ts';
import type { FieldErrors } from '../../../kernel/domain-errors.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN } from '../auth/signup.ts';
import { passwordProblems } from '../auth/password-policy.ts';

const SuperuserInput = CompanyUserCreateSchema.pick({ username: true, email: true }).extend({
  password: z.string({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
});

export type CreateSuperuserResult = { ok: true; id: number; username: string } | { ok: false; errors: FieldErrors };

export async function createSuperuser(db: Db, raw: { username?: string; email?: string; password?: string }): Promise<CreateSuperuserResult> {
  const parsed = SuperuserInput.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'non_field_errors')] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  const input = parsed.data;
  const errors: FieldErrors = {};
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (byName) errors.username = [USERNAME_TAKEN];
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (byEmail) errors.email = [EMAIL_TAKEN];
  const problems = passwordProblems(input.password, { username: input.username, email: input.email });
  if (problems.length > 0) errors.password = problems;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const [row] = await db
    .insert(users)
    .values({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password), isSuperuser: true })
    .returning({ id: users.id });
  return { ok: true, id: row!.id, username: input.username };
}
