/**
 * Which simulation the viewer opens on when the address names none: the first
 * one with results to show — a layer other than the scenario's geometry — so a scenario whose first
 * simulation still waits (or failed) opens on the solar map that is there; else the first one.
 */
interface SimulationLike {
  id: number;
  assets: ReadonlyArray<{ layer_type: string }>;
  layer_sets?: ReadonlyArray<unknown>;
}

const GEOMETRY_LAYERS = new Set(['geometry', 'geometry-superseded']);

export function hasResults(simulation: SimulationLike): boolean {
  return simulation.assets.some((a) => !GEOMETRY_LAYERS.has(a.layer_type)) || (simulation.layer_sets?.length ?? 0) > 0;
}

export function defaultSimulationId(simulations: readonly SimulationLike[]): number | undefined {
  return (simulations.find(hasResults) ?? simulations[0])?.id;
}
