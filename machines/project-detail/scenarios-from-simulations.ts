/**
 * A study's scenarios as its simulations tell them, until studies carry their scenarios themselves:
 * simulations are grouped by their configuration; a scenario's status is the least
 * advanced of its simulations' (a failure wins, then work under way, then completed), and its
 * outputs are the analysis types of its result assets with how many each has; its geometry layers
 * (study, surrounds, presentation plane — carried by every simulation) are named apart, once each,
 * as geometry rather than results. What the
 * configuration routes say (GET configuration/{cid}/: name, status, engine, hidden) wins over what
 * the simulations suggest, for every scenario that could be read.
 */
import type { Configuration } from '@canopy/contract/scenarios.ts';
import type { Simulation } from '@canopy/contract/viewer.ts';
import type { ScenarioSummary } from './project-detail.types.ts';

/** The parts of a configuration the scenario lists show (its simulations say who computes them). */
export type ConfigurationSummary = Pick<Configuration, 'id' | 'name' | 'status' | 'engine' | 'hidden'> & {
  simulations?: ReadonlyArray<Pick<Configuration['simulations'][number], 'computed_by_canopy'>>;
};

/** Who makes the results: all by Canopy, all from outside (AI or CFD), or both; unknown without simulations. */
function madeBy(configuration: ConfigurationSummary): ScenarioSummary['madeBy'] {
  const sims = configuration.simulations ?? [];
  if (sims.length === 0) return undefined;
  const own = sims.filter((s) => s.computed_by_canopy).length;
  return own === sims.length ? 'canopy' : own === 0 ? 'external' : 'both';
}

/** Status precedence: the first found among a scenario's simulations is the scenario's. */
const PRECEDENCE = [
  'failed',
  'cancelled',
  'running',
  'post_processing',
  'queued',
  'validating',
  'awaiting_approval',
  'awaiting_external_results',
  'draft',
  'completed',
];

function scenarioStatus(statuses: string[]): string {
  const normal = statuses.map((s) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  return PRECEDENCE.find((p) => normal.includes(p)) ?? statuses[0] ?? 'draft';
}

export function scenariosFromSimulations(simulations: Simulation[], configurations: readonly ConfigurationSummary[] = []): ScenarioSummary[] {
  const known = new Map(configurations.map((c) => [c.id, c]));
  const byConfiguration = new Map<number, Simulation[]>();
  for (const simulation of simulations) {
    const id = simulation.configuration.id;
    byConfiguration.set(id, [...(byConfiguration.get(id) ?? []), simulation]);
  }
  return [...byConfiguration.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, sims]) => {
      const counts = new Map<string, number>();
      const geometry = new Set<string>();
      for (const asset of sims.flatMap((s) => s.assets)) {
        if (asset.layer_type === 'geometry') geometry.add(asset.geometry_type ?? 'geometry');
        else counts.set(asset.analysis_type, (counts.get(asset.analysis_type) ?? 0) + 1);
      }
      const outputs = [...counts.entries()].map(([analysis_type, count]) => ({ analysis_type, count }));
      const layers = geometry.size > 0 ? { geometry: [...geometry] } : {};
      const configuration = known.get(id);
      if (!configuration) return { id, name: `Scenario ${id}`, status: scenarioStatus(sims.map((s) => s.status)), outputs, ...layers };
      const { name, status, engine, hidden } = configuration;
      return { id, name, status, engine, hidden, outputs, ...layers, madeBy: madeBy(configuration) };
    });
}
