/**
 * A poll reads a scenario as the socket would say it: a CFD run's direction, phase and time left from
 * its stored run state (as contexts/compute/cfd/progress-view.ts reads it for the live events), a job's
 * percentage and step from its latest status, and which simulations need that second read.
 */
import { describe, expect, it } from 'vitest';
import { cfdProgressOf } from './cfd-progress.ts';
import { liveFromPoll, needsLatest } from './polled-scenario.ts';
import { describeProgress } from './progress-text.ts';
import type { LatestStatus } from './live-status.types.ts';

const RUN = {
  engine: 'canopy-cfd',
  run_id: 'r1',
  failed: null,
  estimate: { lattice_updates_per_direction: 6e9, minutes_per_direction: 4 },
  progress: {
    percent: 49.4,
    directions_done: 7,
    total: 16,
    direction_deg: 157.5,
    index: 7,
    phase: 'averaging',
    step: 900,
    steps: 1200,
    mlups: 20,
    eta_s: 120,
    run_eta_s: 2000,
    updated_at: '2026-11-23T20:00:00Z',
  },
};

describe('a polled CFD run', () => {
  it('reads direction i of n, phase and the whole run’s time left as the worker reckoned it, as the socket says it', () => {
    expect(cfdProgressOf(RUN, 'running')).toEqual({
      percent: 49.4,
      eta_s: 2000,
      phase: 'averaging',
      direction: { index: 8, total: 16, deg: 157.5, done: 7 },
      updated_at: '2026-11-23T20:00:00Z',
    });
    expect(describeProgress(cfdProgressOf(RUN, 'running')!).text).toBe('49 % · direction 8 of 16 (157.5°) · averaging · about 33 min left');
  });

  it('reads a report without the run’s time left as this direction’s, then the others at the measured pace', () => {
    const { run_eta_s: _, ...older } = RUN.progress;
    // 6e9 lattice updates at 20 MLUPS: 300 s a direction; 8 not yet started after this one.
    expect(cfdProgressOf({ ...RUN, progress: older }, 'running')!.eta_s).toBe(120 + 8 * 300);
  });

  it('has none when not running, failed, not a CFD run, or before the first report', () => {
    expect(cfdProgressOf(RUN, 'queued')).toBeNull();
    expect(cfdProgressOf({ ...RUN, failed: { reason: 'diverged' } }, 'running')).toBeNull();
    expect(cfdProgressOf({ ...RUN, progress: null }, 'running')).toBeNull();
    expect(cfdProgressOf({ tier: 'rapid' }, 'running')).toBeNull();
    expect(cfdProgressOf(null, 'running')).toBeNull();
  });
});

describe('a polled scenario', () => {
  const simulations = [
    { id: 11, status: 'running' as const, status_text: 'Wind (CFD) 49 %', cfd_parameters: RUN },
    { id: 12, status: 'running' as const, status_text: 'Solar', cfd_parameters: {} },
    { id: 13, status: 'queued' as const, status_text: 'Waiting for the CFD wind field', cfd_parameters: {} },
  ];
  const solarJob: LatestStatus = {
    simulation_id: 12,
    configuration_id: 9,
    status: 'running',
    status_text: 'Solar',
    configuration_status: 'queued',
    progress: 30,
    eta_s: 90,
    job: { id: 5, type: 'analysis.solar', status: 'running', progress: 30, message: 'Sun hours, 3 of 10 chunks', error: null },
    updated: '2026-11-23T20:01:00Z',
  };

  it('asks the latest status only of running simulations the record has no progress for', () => {
    expect(needsLatest({ simulations })).toEqual([12]);
  });

  it('is the socket’s shape: the record’s statuses, each running one with its progress', () => {
    expect(liveFromPoll({ configurationId: 9, status: 'queued', simulations, latest: [solarJob] })).toEqual({
      configurationId: 9,
      status: 'queued',
      simulations: [
        { id: 11, status: 'running', status_text: 'Wind (CFD) 49 %', progress: cfdProgressOf(RUN, 'running') },
        {
          id: 12,
          status: 'running',
          status_text: 'Solar',
          progress: { percent: 30, eta_s: 90, phase: 'Sun hours, 3 of 10 chunks', direction: null, updated_at: '2026-11-23T20:01:00Z' },
        },
        { id: 13, status: 'queued', status_text: 'Waiting for the CFD wind field', progress: null },
      ],
      source: 'poll',
    });
  });
});
