/**
 * The QA report's CFD lines name the method truthfully (a lattice Boltzmann solver with a RANS
 * one-equation k–ℓ closure that transports k, not an LES), say which quantities are only indicative and why, and state
 * the resolution at pedestrian height.
 */
import { describe, expect, it } from 'vitest';
import { cfdQaLines } from './qa-lines.ts';
import type { CfdRunState } from './run-state.ts';

const state = {
  engine: 'canopy-cfd',
  solver: 'canopy-lbm 1.1',
  run_id: 'r1',
  analysis: 'pedestrian_wind_comfort',
  tier: 'rapid',
  terrain: 'suburban',
  directions_deg: [0, 90],
  reference: { height_m: 10, terrain: 'suburban' },
  estimate: {
    tier: 'rapid',
    tier_label: 'Rapid (4 m cells near the ground)',
    finest_cell_m: 4,
    cells: 1000,
    memory_bytes: 1e6,
    levels: [{ dx_m: 32, nx: 10, ny: 10, nz: 5 }],
    region: { centre: [0, 0], radius_m: 50, context_radius_m: 100, tallest_building_m: 20 },
  },
  schedule: { spinUpSteps: 10, developSteps: 4, averageSteps: 10, chunkSteps: 2 },
  shortened_schedule: false,
  post: { type: 'x', input: null, dedupe_key: 'x' },
  done: {},
  progress: null,
  failed: null,
} as unknown as CfdRunState;

describe('the CFD lines of the QA report', () => {
  it('name the method, mark turbulence intensity and GEM indicative with the reason, and give the resolution at pedestrian height', () => {
    const lines = Object.fromEntries(cfdQaLines(state));
    expect(lines['Method']).toMatch(/^lattice Boltzmann .* RANS one-equation k–ℓ turbulence closure \(transported k\)$/);
    expect(JSON.stringify(lines)).not.toMatch(/\bLES\b/);
    expect(lines['Speed ratio (mean wind speed)']).toMatch(/^validated: against AIJ Case A/);
    expect(lines['Turbulence intensity']).toMatch(/^indicative: from the transported k.*wake/);
    expect(lines['Gust equivalent mean (GEM)']).toMatch(/^indicative: /);
    expect(lines['Resolution at pedestrian height']).toBe(
      '4 m cells, the first cell centre at 2 m; points below it are read by the log-law wall function of the ground, not interpolated',
    );
  });
});
