/**
 * Starter subscriptions: with STARTER_SUBSCRIPTION on (the embedded default), every new company gets
 * one subscription per job level at which Canopy offers what it computes (capabilities.ts),
 * STARTER_CREDITS a month each, so a self-hosted team can run studies without waiting for the
 * operator. Canopy offers all of it at one level (CFD), so the founder (the user whose sign-up made
 * the company) holds a subscription that covers every analysis Canopy computes; the operator changes
 * the default (STARTER_SUBSCRIPTION, STARTER_CREDITS) and any company's credits (Operator screen).
 */
import type { Db } from '../../../db/database.ts';
import type { Config } from '../../../env.ts';
import { subscriptions } from '../../../db/schema/index.ts';
import { levelsCanopyRuns } from '../../scenarios/index.ts';

export const STARTER_PLAN = 'Starter';

/** Creates the starter subscriptions of a new company (inside its creating transaction); returns their ids. */
export async function grantStarterSubscriptions(
  tx: Db,
  config: Pick<Config, 'starterSubscription' | 'STARTER_CREDITS'>,
  companyId: number,
  founderId: number | null,
): Promise<number[]> {
  if (!config.starterSubscription) return [];
  const ids: number[] = [];
  for (const [i, level] of levelsCanopyRuns().entries()) {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        companyId,
        plan: `${STARTER_PLAN} (${level})`,
        creditType: level,
        creditsPerPeriod: config.STARTER_CREDITS,
        refillDay: 1,
        userId: i === 0 ? founderId : null,
      })
      .returning({ id: subscriptions.id });
    ids.push(row!.id);
  }
  return ids;
}
