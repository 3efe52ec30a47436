/**
 * Demo reference data for the projects capability (seeded with the demo account, idempotent):
 * the two price tables, the demo company's service lines, and a default subscription held by the
 * demo user. Prices are the operator's to set; these are sample figures for a fresh install.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { serviceLines, simulationPrices, subscriptionTypePrices, subscriptions, users } from './schema/index.ts';

export const SUBSCRIPTION_TYPE_PRICES = [
  { plan: 'Starter', creditType: 'AI', creditsPerPeriod: 100, period: 'month', priceCents: 49_000, currency: 'USD' },
  { plan: 'Professional', creditType: 'AI', creditsPerPeriod: 500, period: 'month', priceCents: 199_000, currency: 'USD' },
  { plan: 'Enterprise', creditType: 'AI', creditsPerPeriod: 2000, period: 'month', priceCents: 690_000, currency: 'USD' },
  { plan: 'CFD Standard', creditType: 'CFD', creditsPerPeriod: 10, period: 'month', priceCents: 290_000, currency: 'USD' },
  { plan: 'CFD Plus', creditType: 'CFD', creditsPerPeriod: 40, period: 'month', priceCents: 990_000, currency: 'USD' },
] as const;

export const SIMULATION_PRICES = [
  { simulationType: 'pedestrian_wind_comfort', creditType: 'AI', credits: 10, description: 'Machine-learning wind comfort, all directions' },
  {
    simulationType: 'pedestrian_wind_comfort',
    creditType: 'CFD',
    credits: 2,
    description: "Canopy's CFD wind comfort: per unit of the grid's work, all directions and seasons",
  },
  // Solar and thermal comfort are Canopy's physics, offered at the CFD level only (contexts/scenarios/capabilities.ts);
  // their AI-level prices remain for scenarios made when they were offered there.
  { simulationType: 'thermal_comfort', creditType: 'AI', credits: 15, description: 'UTCI / SPMV* maps for the chosen seasons' },
  {
    simulationType: 'thermal_comfort',
    creditType: 'CFD',
    credits: 3,
    description: 'UTCI / SET* maps per season, with sun and shade (and the CFD wind field when the scenario computes one)',
  },
  { simulationType: 'solar', creditType: 'AI', credits: 5, description: 'Sun hours and sun-lit share' },
  { simulationType: 'solar', creditType: 'CFD', credits: 1, description: 'Sun hours and sun-lit share per season, by ray casting over the geometry' },
  { simulationType: 'directional_wind', creditType: 'AI', credits: 8, description: 'Speed-up ratios per wind direction' },
  {
    simulationType: 'directional_wind',
    creditType: 'CFD',
    credits: 2,
    description: "Canopy's CFD speed-up ratios: per unit of the grid's work, all directions",
  },
  { simulationType: 'pressure', creditType: 'CFD', credits: 3, description: 'Façade pressure coefficients' },
  { simulationType: 'structural_loading', creditType: 'CFD', credits: 4, description: 'Base shear and moments per direction' },
] as const;

export const DEMO_SERVICE_LINES = [
  {
    name: 'Pedestrian wind comfort',
    description: 'Comfort and safety maps for the ground plane, terraces and balconies.',
    offerings: ['AI wind comfort in minutes', 'CFD wind comfort for planning submissions', 'Lawson, Davenport and NEN 8100 criteria', 'Mitigation testing'],
  },
  {
    name: 'Thermal comfort',
    description: 'Outdoor thermal comfort combining wind, sun, temperature and humidity.',
    offerings: ['UTCI and SPMV* maps', 'Seasonal and time-of-day windows', 'Shade and landscaping studies'],
  },
  {
    name: 'Solar access',
    description: 'Sun and shadow on the site and its neighbours.',
    offerings: ['Sun hours on a chosen day', 'Sun-lit share per season', 'Shadow impact on public spaces'],
  },
  {
    name: 'Wind loads',
    description: 'Directional wind, façade pressures and structural loading.',
    offerings: ['Speed-up ratios per direction', 'Cladding pressures', 'Base shear and overturning moments'],
  },
] as const;

export async function seedPriceTables(db: Db): Promise<void> {
  await db
    .insert(subscriptionTypePrices)
    .values([...SUBSCRIPTION_TYPE_PRICES])
    .onConflictDoNothing();
  await db
    .insert(simulationPrices)
    .values([...SIMULATION_PRICES])
    .onConflictDoNothing();
}

/** Prices always; service lines and a subscription for the demo user's company when it has none yet. */
export async function seedDemoCatalogue(db: Db, demoUsername: string): Promise<void> {
  await seedPriceTables(db);
  const [demo] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${demoUsername})`);
  if (!demo || demo.companyId === null) return;
  const companyId = demo.companyId;
  const [line] = await db.select({ id: serviceLines.id }).from(serviceLines).where(eq(serviceLines.companyId, companyId)).limit(1);
  if (!line) {
    await db
      .insert(serviceLines)
      .values(DEMO_SERVICE_LINES.map((l, i) => ({ companyId, name: l.name, description: l.description, offerings: [...l.offerings], sortOrder: i })));
  }
  const [subscription] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  if (!subscription) {
    // CFD credits: Canopy offers everything it computes at the CFD level (contexts/scenarios/capabilities.ts).
    await db.insert(subscriptions).values({ companyId, plan: 'Demo', creditType: 'CFD', creditsPerPeriod: 100, refillDay: 1, userId: demo.id });
  }
}
