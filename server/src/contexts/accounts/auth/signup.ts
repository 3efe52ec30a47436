/**
 * POST /authusers/ (djoser's user create) and PATCH /authusers/me/. A sign-up that names a company
 * creates that company with the new user as its Org Admin: e-mail addresses are not verified at
 * sign-up, so joining an existing company is left to that company's administrators (invitations)
 * and to single sign-on, where the provider vouches for the address. A sign-up carrying an
 * `invite_token` (contexts/accounts/sharing/invites.ts) joins the inviting company with the invite's role.
 * While the installation has no superuser, the sign-up becomes its operator (operator-seat.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { companies, roles, users } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../crypto/passwords.ts';
import { DomainError, type FieldErrors } from '../../../kernel/domain-errors.ts';
import { isCountry, normalizeProvince } from '../../projects/index.ts';
import { passwordProblems } from './password-policy.ts';
import { representUser, type UserRepresentation } from './accounts.ts';
import { acceptInvite, checkInvite } from '../sharing/invites.ts';
import { claimOperatorSeat } from '../operator/operator-seat.ts';
import { runInBackground } from '../../../jobs/background.ts';
import { grantStarterSubscriptions } from '../operator/starter.ts';

export const USERNAME_TAKEN = 'A user with that username already exists.';
export const EMAIL_TAKEN = 'user with this email address already exists.';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
  company?: string;
  country?: string;
  province?: string;
  invite_token?: string;
}

export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  country?: string;
  province?: string;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Country and province checked together; both stored upper-case ISO codes. */
function placeErrors(country: string, province: string, errors: FieldErrors): { country: string; province: string } {
  const c = country.trim().toUpperCase();
  if (c && !isCountry(c)) (errors.country ??= []).push(`"${country}" is not a valid choice.`);
  const p = c ? normalizeProvince(c, province) : province.trim();
  if (p === null) (errors.province ??= []).push(`"${province}" is not a province of ${c}.`);
  return { country: c, province: p ?? '' };
}

export async function signUp(db: Db, deps: AppDeps, input: SignUpInput): Promise<UserRepresentation> {
  const errors: FieldErrors = {};
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (byName) (errors.username ??= []).push(USERNAME_TAKEN);
  // A taken e-mail address is not refused: saying so told anyone which addresses have accounts.
  // Everything that goes by address (codes, resets, SSO, shares) picks the oldest
  // active account, so a newer one cannot take the address over; its owner is told by mail.
  const [byEmail] = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .orderBy(asc(users.id))
    .limit(1);
  const place = placeErrors(input.country ?? '', input.province ?? '', errors);
  const problems = passwordProblems(input.password, {
    username: input.username,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
  });
  if (problems.length > 0) errors.password = problems;
  const now = deps.clock.now();
  const invited = input.invite_token ? await checkInvite(db, input.invite_token, input.email, now) : null;
  if (invited && 'error' in invited) errors.invite_token = [invited.error];
  const invite = invited && 'invite' in invited ? invited.invite : null;
  if (Object.keys(errors).length > 0) throw DomainError.fields(errors);

  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      let companyId: number | null = null;
      let roleId: number | null = null;
      const companyName = input.company?.trim();
      if (invite) {
        companyId = invite.companyId;
        roleId = invite.roleId;
      } else if (companyName) {
        const [company] = await tx.insert(companies).values({ name: companyName }).returning({ id: companies.id });
        companyId = company!.id;
        const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Org Admin'));
        roleId = admin?.id ?? null;
      }
      const operator = await claimOperatorSeat(tx);
      const [row] = await tx
        .insert(users)
        .values({
          isSuperuser: operator,
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.first_name?.trim() ?? '',
          lastName: input.last_name?.trim() ?? '',
          companyId,
          roleId,
          country: place.country,
          province: place.province,
        })
        .returning({ id: users.id });
      if (invite) await acceptInvite(tx, invite, row!.id, input.username, now);
      // A company made by this sign-up starts with its starter subscriptions (STARTER_SUBSCRIPTION).
      else if (companyId !== null) await grantStarterSubscriptions(tx, deps.config, companyId, row!.id);
      return row!.id;
    });
  } catch (error) {
    // Two sign-ups with one username at the same instant: the unique index decides.
    if (isUniqueViolation(error)) throw DomainError.field('username', USERNAME_TAKEN);
    throw error;
  }
  if (byEmail) tellAddressOwner(deps, input.email, input.username);
  return (await representUser(db, userId))!;
}

function tellAddressOwner(deps: AppDeps, email: string, newUsername: string): void {
  runInBackground(deps, 'duplicate address notice', () =>
    deps.mailer.send({
      to: email,
      subject: 'Another Canopy account uses your e-mail address',
      text: [
        `A new Canopy account "${newUsername}" was just created with this e-mail address.`,
        'Your existing account is unchanged: sign-in codes, password resets and shares sent to this address still reach it.',
        'If you did not create the new account, you need do nothing.',
      ].join('\n'),
    }),
  );
}

export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<UserRepresentation> {
  const [current] = await db.select({ country: users.country, province: users.province }).from(users).where(eq(users.id, userId));
  if (!current) throw DomainError.notFound();
  const errors: FieldErrors = {};
  const countryChanged = input.country !== undefined;
  const place = placeErrors(input.country ?? current.country, input.province ?? (countryChanged ? '' : current.province), errors);
  if (Object.keys(errors).length > 0) throw DomainError.fields(errors);
  await db
    .update(users)
    .set({
      ...(input.first_name !== undefined ? { firstName: input.first_name.trim() } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name.trim() } : {}),
      country: place.country,
      province: place.province,
    })
    .where(eq(users.id, userId));
  return (await representUser(db, userId))!;
}
