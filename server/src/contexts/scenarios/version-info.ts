/**
 * ml-version-info/, cfd-version-info/ and /api/ingestassets/project/{id}/mlmodel: the model (AI) or
 * solver (CFD) that produced a simulation's ingested results, read from the results' own
 * provenance (metadata.provenance.engine / .version, docs/results-format.md). Results Canopy
 * computed itself (engine 'canopy') are not a model; nothing recorded → `recorded: false` and nulls.
 * A simulation's results may have been ingested as a sibling simulation of the same analysis in the
 * same scenario (POST simulationresults creates one), so those count too.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { assets, configurations, simulations } from '../../db/schema/index.ts';
import type { MlModelList, VersionInfo } from '@canopy/contract/scenarios.ts';
import { requireSeeScenario, scenarioRow, simulationRow } from './access.ts';
import { engineOf } from './view.ts';

type Ids = { projectId: number; configurationId: number; simulationId: number };

interface Recorded {
  assetId: number;
  simulationId: number;
  provenance: Record<string, unknown>;
  createdAt: Date;
}

const externalProvenance = sql`${assets.metadata} -> 'provenance' ->> 'engine' is not null and ${assets.metadata} -> 'provenance' ->> 'engine' <> 'canopy'`;

async function latestRecorded(db: Db, simulationIds: readonly number[]): Promise<Recorded | null> {
  if (simulationIds.length === 0) return null;
  const [row] = await db
    .select({ assetId: assets.id, simulationId: assets.simulationId, metadata: assets.metadata, createdAt: assets.createdAt })
    .from(assets)
    .where(and(inArray(assets.simulationId, [...simulationIds]), externalProvenance))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(1);
  if (!row) return null;
  return {
    assetId: row.assetId,
    simulationId: row.simulationId,
    provenance: (row.metadata as { provenance?: Record<string, unknown> }).provenance ?? {},
    createdAt: row.createdAt,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

export async function versionInfo(db: Db, user: AuthUser, ids: Ids, kind: 'ml' | 'cfd'): Promise<VersionInfo> {
  await requireSeeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, ids.configurationId, ids.simulationId);
  const empty: VersionInfo = { simulation_id: sim.id, kind, recorded: false, name: null, version: null, details: {}, asset_id: null, ingested_at: null };
  if ((kind === 'ml') !== (engineOf(config) === 'AI')) return empty;
  const siblings = await db
    .select({ id: simulations.id })
    .from(simulations)
    .where(and(eq(simulations.configurationId, config.id), eq(simulations.category, sim.category)));
  const found = await latestRecorded(db, [sim.id, ...siblings.map((s) => s.id).filter((id) => id !== sim.id)]);
  if (!found) return empty;
  const { engine, version, ...details } = found.provenance;
  return { ...empty, recorded: true, name: text(engine), version: text(version), details, asset_id: found.assetId, ingested_at: found.createdAt.toISOString() };
}

export async function projectMlModels(db: Db, user: AuthUser, projectId: number): Promise<MlModelList> {
  await requireSeeScenario(db, user, projectId);
  const configs = await db.select().from(configurations).where(eq(configurations.projectId, projectId));
  const aiConfigs = configs.filter((c) => engineOf(c) === 'AI').map((c) => c.id);
  if (aiConfigs.length === 0) return { project_id: projectId, models: [] };
  const rows = await db
    .select({
      assetId: assets.id,
      simulationId: assets.simulationId,
      configurationId: simulations.configurationId,
      metadata: assets.metadata,
      createdAt: assets.createdAt,
    })
    .from(assets)
    .innerJoin(simulations, eq(simulations.id, assets.simulationId))
    .where(and(inArray(simulations.configurationId, aiConfigs), externalProvenance))
    .orderBy(desc(assets.createdAt), desc(assets.id));
  // One entry per simulation: its latest recorded model.
  const seen = new Set<number>();
  const models = rows.flatMap((r) => {
    if (seen.has(r.simulationId)) return [];
    seen.add(r.simulationId);
    const p = (r.metadata as { provenance?: Record<string, unknown> }).provenance ?? {};
    return [
      {
        simulation_id: r.simulationId,
        configuration_id: r.configurationId,
        name: text(p.engine),
        version: text(p.version),
        asset_id: r.assetId,
        ingested_at: r.createdAt.toISOString(),
      },
    ];
  });
  return { project_id: projectId, models };
}
