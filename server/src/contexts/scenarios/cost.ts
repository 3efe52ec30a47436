/**
 * What a scenario costs (docs/scenarios.md "Cost"): for each simulation, the price of its analysis
 * for the scenario's credit type (simulation_prices) × the seasons chosen × a direction factor
 * (ceil(wind directions / 16) for analyses that are computed per wind direction, else 1). The price
 * covers up to 16 directions and one season; Canopy's CFD wind is priced by the grid it builds instead
 * (⌈lattice updates / 10¹¹⌉ units, contexts/compute/cfd/cfd-plan.ts), once whatever the seasons: the solver
 * runs once per direction, and the seasons only weigh its fields by the weather (charge for what runs). The acting user's assigned subscription pays:
 * analyses Canopy computes are debited at approval; analyses whose results come from an external
 * provider are reserved then, and debited only when their results are ingested.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { simulationPrices, simulations, subscriptions, scenarioApprovals } from '../../db/schema/index.ts';
import type { CostBreakdown, CostLine, Engine, ScenarioForm } from '@canopy/contract/scenarios.ts';
import { creditsReserved, creditsUsed } from '../accounts/index.ts';
import type { ConfigurationRow } from './access.ts';
import { WIND_DEPENDENT } from './analyses.ts';
import { canopyJobType, computedByCanopy } from './capabilities.ts';
import { CFD_WIND_JOB, type CfdEstimate } from '../compute/index.ts';
import type { Capability } from '@canopy/contract/capabilities.ts';
import { engineOf } from './view.ts';
import { asStatus } from './status.ts';

export const DIRECTIONS_PER_PRICE = 16;

export function directionFactor(analysisType: string, windDirections: number): number {
  return WIND_DEPENDENT.includes(analysisType) ? Math.ceil(windDirections / DIRECTIONS_PER_PRICE) : 1;
}

/** The price units of a CFD run estimated for the form's tier and directions, or null when none is. */
export function cfdComputeFactor(parameters: unknown, form: ScenarioForm): number | null {
  const estimate = (parameters as { estimate?: CfdEstimate } | null)?.estimate;
  if (!estimate || estimate.tier !== (form.cfd_tier ?? 'rapid') || estimate.wind_directions !== (form.wind_directions ?? DIRECTIONS_PER_PRICE)) return null;
  return estimate.compute_factor;
}

export interface Cost {
  creditType: Engine;
  lines: CostLine[];
  total: number;
  /** Debited at approval: the analyses Canopy computes. */
  now: number;
  /** Reserved at approval, debited when the external results arrive. */
  reserved: number;
  /** Analyses without a price for the credit type. */
  unpriced: string[];
  /** Analyses not offered at this job level on this installation (any more). */
  unoffered: string[];
}

export async function scenarioCost(db: Db, config: ConfigurationRow, offer: readonly Capability[]): Promise<Cost> {
  const form = config.form as ScenarioForm;
  const creditType = engineOf(config);
  const sims = await db
    .select({ id: simulations.id, category: simulations.category, cfdParameters: simulations.cfdParameters })
    .from(simulations)
    .where(eq(simulations.configurationId, config.id))
    .orderBy(asc(simulations.id));
  const prices = await db.select().from(simulationPrices).where(eq(simulationPrices.creditType, creditType));
  const byType = new Map(prices.map((p) => [p.simulationType, p]));
  const seasons = Math.max(1, form.seasons?.length ?? 1);
  const windDirections = form.wind_directions ?? DIRECTIONS_PER_PRICE;
  const unpriced: string[] = [];
  const unoffered: string[] = [];
  const lines = sims.map((s): CostLine => {
    const price = byType.get(s.category);
    if (!price) unpriced.push(s.category);
    const capability = offer.find((c) => c.analysis_type === s.category && c.engine === creditType);
    if (!capability) unoffered.push(s.category);
    // Canopy's CFD is priced by the grid it builds (cells × steps × directions, contexts/compute/cfd/cfd-plan.ts),
    // as estimated when the geometry was validated for this tier and direction count.
    const cfdWind = canopyJobType(s.category, creditType) === CFD_WIND_JOB;
    const cfd = cfdWind ? cfdComputeFactor(s.cfdParameters, form) : null;
    const factor = cfd ?? directionFactor(s.category, windDirections);
    const unit = price?.credits ?? 0;
    // The seasons the price counts: one run of Canopy's CFD serves them all.
    const priced = cfdWind ? 1 : seasons;
    return {
      simulation_id: s.id,
      analysis_type: s.category,
      unit_credits: unit,
      wind_directions: windDirections,
      direction_factor: factor,
      seasons: priced,
      credits: unit * factor * priced,
      description: price?.description ?? '',
      computed_by: capability?.computed_by ?? 'external',
      provider: capability?.provider ?? '',
    };
  });
  const sum = (ls: CostLine[]) => ls.reduce((total, l) => total + l.credits, 0);
  const own = lines.filter((l) => computedByCanopy(l.analysis_type, creditType));
  const external = lines.filter((l) => !computedByCanopy(l.analysis_type, creditType));
  return { creditType, lines, total: sum(lines), now: sum(own), reserved: sum(external), unpriced, unoffered };
}

export interface HeldSubscription {
  id: number;
  companyId: number;
  plan: string;
  creditType: Engine;
  creditsLeft: number;
  expired: boolean;
}

/** The subscription assigned to the user with its credits left now (pass a transaction and `lock` to hold it while debiting). */
export async function heldSubscription(db: Db, userId: number, now: Date, lock = false): Promise<HeldSubscription | null> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [sub] = lock ? await query.for('update') : await query;
  if (!sub) return null;
  const used = (await creditsUsed(db, [sub], now)).get(sub.id) ?? 0;
  const reserved = (await creditsReserved(db, [sub.id])).get(sub.id) ?? 0;
  return {
    id: sub.id,
    companyId: sub.companyId,
    plan: sub.plan,
    creditType: sub.creditType,
    creditsLeft: sub.creditsPerPeriod - used - reserved,
    expired: sub.expiresAt !== null && sub.expiresAt <= now,
  };
}

/** Where a user's subscription is assigned: the company's administrators do it on this page. */
const ASSIGN_HINT = 'A company administrator assigns subscriptions under Company administration → Users.';

/** Why approving now would be refused, or null. Shared by the breakdown and the approval itself; each reason says what fixes it. */
export function blockedReason(config: ConfigurationRow, cost: Cost, sub: HeldSubscription | null): string | null {
  const status = asStatus(config.status);
  if (status !== 'awaiting_approval') {
    return status === 'draft' || status === 'validating' || status === 'failed'
      ? 'Validate the scenario’s geometry first: approval needs a passed geometry validation.'
      : `The scenario is ${status.replaceAll('_', ' ')}; it cannot be approved again.`;
  }
  if (cost.unoffered.length)
    return `Not offered with the ${cost.creditType} engine on this installation: ${cost.unoffered.join(', ')}. Edit the scenario to remove it or choose another job level.`;
  if (cost.unpriced.length) return `No ${cost.creditType} price is set for ${cost.unpriced.join(', ')}: the operator of this installation sets prices.`;
  if (!sub) return `You have no subscription: approving needs one with ${cost.creditType} credits. ${ASSIGN_HINT}`;
  if (sub.creditType !== cost.creditType)
    return `Your subscription (${sub.plan}) holds ${sub.creditType} credits; this scenario uses ${cost.creditType} credits. ${ASSIGN_HINT}`;
  if (sub.expired) return `Your subscription (${sub.plan}) has expired: the operator of this installation can extend it.`;
  if (sub.creditsLeft < cost.total)
    return `Not enough credits: this scenario needs ${cost.total} ${cost.creditType} credits and your subscription (${sub.plan}) has ${sub.creditsLeft} left. The operator of this installation can raise its credits.`;
  return null;
}

export async function costBreakdown(db: Db, user: AuthUser, config: ConfigurationRow, now: Date, offer: readonly Capability[]): Promise<CostBreakdown> {
  const cost = await scenarioCost(db, config, offer);
  const sub = await heldSubscription(db, user.id, now);
  const [approval] = await db
    .select({ id: scenarioApprovals.id })
    .from(scenarioApprovals)
    .where(and(eq(scenarioApprovals.configurationId, config.id)));
  const reason = approval ? null : blockedReason(config, cost, sub);
  return {
    configuration_id: config.id,
    credit_type: cost.creditType,
    lines: cost.lines,
    total_credits: cost.total,
    credits_now: cost.now,
    credits_reserved: cost.reserved,
    subscription: sub ? { id: sub.id, plan: sub.plan, credit_type: sub.creditType, credits_left: sub.creditsLeft } : null,
    sufficient: sub !== null && sub.creditType === cost.creditType && !sub.expired && sub.creditsLeft >= cost.total,
    blocked_reason: reason,
    already_approved: Boolean(approval),
  };
}
