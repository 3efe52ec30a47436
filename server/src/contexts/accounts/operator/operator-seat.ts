/**
 * The installation's operator (superuser): self-hosting means whoever sets Canopy up
 * runs it, so the first account that signs up while no superuser exists becomes one (the seeded
 * demo account is never a superuser, so it does not count). `npm run admin -- create-superuser`
 * makes one from the command line (contexts/accounts/operator/create-superuser.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { serverSettings, users } from '../../../db/schema/index.ts';

/** The settings row that serialises claims of the seat; its value is informational only. */
const SEAT_KEY = 'operator-seat';

/**
 * Inside the sign-up transaction: whether the new account takes the operator seat. Two first
 * sign-ups at the same instant queue on one locked settings row, so only the first finds no
 * superuser (the second re-reads after the first commits).
 */
export async function claimOperatorSeat(tx: Db): Promise<boolean> {
  await tx.insert(serverSettings).values({ key: SEAT_KEY, value: 'first sign-up becomes the operator' }).onConflictDoNothing();
  await tx.select({ key: serverSettings.key }).from(serverSettings).where(eq(serverSettings.key, SEAT_KEY)).for('update');
  const [operator] = await tx.select({ id: users.id }).from(users).where(eq(users.isSuperuser, true)).limit(1);
  return operator === undefined;
}
