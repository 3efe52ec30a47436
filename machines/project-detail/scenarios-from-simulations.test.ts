/** Scenarios read from a study's simulations: grouped by configuration, status and outputs. */
import { describe, expect, it } from 'vitest';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { scenariosFromSimulations } from './scenarios-from-simulations.ts';

function simulation(id: number, configuration: number, status: string, analyses: string[]): Simulation {
  return {
    id,
    configuration: { id: configuration },
    category: 'wind',
    status,
    cfd_parameters: null,
    met_source_id: null,
    layer_sets: [],
    assets: analyses.map((analysis_type, i) => ({ id: id * 100 + i, simulation_id: id, analysis_type }) as Simulation['assets'][number]),
  };
}

describe('scenarios from simulations', () => {
  it('groups by configuration, counts outputs per analysis, and takes the least advanced status', () => {
    const scenarios = scenariosFromSimulations([
      simulation(1, 9, 'completed', ['pedestrian_wind_comfort', 'pedestrian_wind_comfort']),
      simulation(2, 9, 'running', ['solar']),
      simulation(3, 4, 'completed', []),
      simulation(4, 4, 'Failed', []),
    ]);
    expect(scenarios).toEqual([
      { id: 4, name: 'Scenario 4', status: 'failed', outputs: [] },
      {
        id: 9,
        name: 'Scenario 9',
        status: 'running',
        outputs: [
          { analysis_type: 'pedestrian_wind_comfort', count: 2 },
          { analysis_type: 'solar', count: 1 },
        ],
      },
    ]);
  });

  it('names geometry layers apart from results, once per role however many simulations carry them', () => {
    const geometry = (id: number, simulation: number, geometry_type: string) =>
      ({ id, simulation_id: simulation, layer_type: 'geometry', analysis_type: '', geometry_type }) as Simulation['assets'][number];
    const sims = [simulation(1, 9, 'completed', ['solar']), simulation(2, 9, 'completed', ['thermal_comfort'])];
    for (const sim of sims)
      sim.assets.push(
        geometry(sim.id * 10 + 1, sim.id, 'study'),
        geometry(sim.id * 10 + 2, sim.id, 'surrounds'),
        geometry(sim.id * 10 + 3, sim.id, 'presentation_plane'),
      );
    const [scenario] = scenariosFromSimulations(sims);
    expect(scenario!.outputs).toEqual([
      { analysis_type: 'solar', count: 1 },
      { analysis_type: 'thermal_comfort', count: 1 },
    ]);
    expect(scenario!.geometry).toEqual(['study', 'surrounds', 'presentation_plane']);
  });

  it('reads statuses written with spaces; keeps an unknown one as it came', () => {
    expect(scenariosFromSimulations([simulation(1, 2, 'Awaiting external results', [])])[0]!.status).toBe('awaiting_external_results');
    expect(scenariosFromSimulations([simulation(1, 2, 'Paused', [])])[0]!.status).toBe('Paused');
  });

  it("says who computes a scenario's results from its simulations: Canopy, outside, or both", () => {
    const sims = [simulation(1, 9, 'completed', ['solar']), simulation(2, 8, 'completed', []), simulation(3, 7, 'completed', [])];
    const own = { computed_by_canopy: true };
    const external = { computed_by_canopy: false };
    const scenarios = scenariosFromSimulations(sims, [
      { id: 9, name: 'Sun', status: 'completed', engine: 'AI', hidden: false, simulations: [own, own] },
      { id: 8, name: 'Wind', status: 'completed', engine: 'AI', hidden: false, simulations: [external] },
      { id: 7, name: 'Both', status: 'completed', engine: 'CFD', hidden: false, simulations: [own, external] },
    ]);
    expect(scenarios.map((s) => [s.name, s.madeBy])).toEqual([
      ['Both', 'both'],
      ['Wind', 'external'],
      ['Sun', 'canopy'],
    ]);
  });

  it('takes name, status, engine and the hidden flag from the configuration routes when a scenario was read', () => {
    const scenarios = scenariosFromSimulations(
      [simulation(1, 9, 'completed', ['solar']), simulation(3, 4, 'running', [])],
      [{ id: 9, name: 'Proposed massing', status: 'completed', engine: 'CFD', hidden: true }],
    );
    expect(scenarios).toEqual([
      { id: 4, name: 'Scenario 4', status: 'running', outputs: [] },
      { id: 9, name: 'Proposed massing', status: 'completed', engine: 'CFD', hidden: true, outputs: [{ analysis_type: 'solar', count: 1 }] },
    ]);
  });
});
