import { describe, expect, it } from 'vitest';
import { cfdProgressView } from './progress-view.ts';

const state = (progress: Record<string, unknown> | null, extra: Record<string, unknown> = {}) => ({
  engine: 'canopy-cfd',
  run_id: 'r1',
  estimate: { lattice_updates_per_direction: 6e8, minutes_per_direction: 3 },
  failed: null,
  progress,
  ...extra,
});

const report = {
  percent: 37,
  directions_done: 2,
  total: 8,
  direction_deg: 90,
  index: 2,
  phase: 'averaging',
  step: 300,
  steps: 400,
  mlups: 5,
  eta_s: 40,
  updated_at: '2026-01-01T00:00:00Z',
};

describe('CFD progress as clients see it', () => {
  it('gives the percentage, direction i of n (1-based), phase and the time left for the whole run', () => {
    // 8 directions, 2 done, the third running with 40 s left: 5 more wait, each 6e8 updates at 5 MLUPS = 120 s.
    expect(cfdProgressView(state(report), 'running')).toEqual({
      percent: 37,
      eta_s: 40 + 5 * 120,
      phase: 'averaging',
      direction: { index: 3, total: 8, deg: 90, done: 2 },
      updated_at: '2026-01-01T00:00:00Z',
    });
  });

  it('takes the time left its worker reckoned, in the same model, when the report has it', () => {
    expect(cfdProgressView(state({ ...report, run_eta_s: 333 }), 'running')!.eta_s).toBe(333);
  });

  it('counts the directions waiting in rounds of those the estimate runs side by side', () => {
    // 5 waiting, 2 at once: 3 rounds of 120 s after this direction's 40 s.
    const twoAtOnce = state(report, { estimate: { lattice_updates_per_direction: 6e8, minutes_per_direction: 3, directions_at_once: 2 } });
    expect(cfdProgressView(twoAtOnce, 'running')!.eta_s).toBe(40 + 3 * 120);
  });

  it("uses the estimate's minutes per direction before any throughput is measured, and no ETA when the solver has none", () => {
    expect(cfdProgressView(state({ ...report, mlups: 0 }), 'running')!.eta_s).toBe(40 + 5 * 180);
    expect(cfdProgressView(state({ ...report, eta_s: -1 }), 'running')!.eta_s).toBeNull();
  });

  it('is null when the simulation is not a running CFD run, has not reported, or failed', () => {
    expect(cfdProgressView(state(report), 'post_processing')).toBeNull();
    expect(cfdProgressView(state(null), 'running')).toBeNull();
    expect(cfdProgressView(state(report, { failed: { reason: 'diverged', direction_deg: 90, step: 12 } }), 'running')).toBeNull();
    expect(cfdProgressView({ progress: report }, 'running')).toBeNull();
    expect(cfdProgressView(null, 'running')).toBeNull();
  });
});
