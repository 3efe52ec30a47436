/**
 * The scenario preview by events, with fake actors: the files are read once each (a failure is
 * named and read again on retry), a selected finding asks the camera to fly to it and keeps the view
 * while a plan arrives, and a CFD scenario's tunnel is asked for after a pause, refused in the
 * server's words or failed with a retry.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import type { CfdEstimateRequest } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import { validValues } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { scenarioPreviewMachine, type LoadedFile, type LoadGeometryInput, type PreviewFile } from './scenario-preview.machine.ts';

const tower: PreviewFile = { uploadId: 1, filename: 'tower.stl', role: 'study' };
const city: PreviewFile = { uploadId: 2, filename: 'city.stl', role: 'surrounds' };
const soup = new Float32Array(9);

const finding = (id: string): GeometryFinding => ({
  id,
  severity: 'error',
  code: 'open-edges',
  message: `Finding ${id}`,
  suggested_fix: 'Close the hole.',
  triangles: [0],
  edges: [],
  location: null,
  role: 'study',
  asset: 'tower.stl',
  upload_id: 1,
  count: 1,
  related: null,
  details: {},
});

const request: CfdEstimateRequest = { projectId: 7, values: validValues(), analyses: ['pedestrian_wind_comfort'] };
const estimate = {
  levels: [{ dx_m: 32, nx: 10, ny: 8, nz: 4, origin_m: [-100, -128, 0] }],
  region: { centre: [0, 0], radius_m: 40 },
} as unknown as CfdEstimateResponse;

function start(
  options: {
    load?: (input: LoadGeometryInput) => Promise<LoadedFile[]>;
    estimate?: () => Promise<CfdEstimateResponse>;
    extent?: CfdEstimateRequest | null;
  } = {},
) {
  const load = vi.fn(options.load ?? (async (input: LoadGeometryInput) => input.files.map((f) => ({ uploadId: f.uploadId, positions: soup }))));
  const plan = vi.fn(options.estimate ?? (async () => estimate));
  const machine = scenarioPreviewMachine.provide({
    actors: {
      loadGeometry: fromPromise<LoadedFile[], LoadGeometryInput>(({ input }) => load(input)),
      estimateExtent: fromPromise<CfdEstimateResponse, CfdEstimateRequest>(() => plan()),
    },
    delays: { settle: 0 },
  });
  const actor = createActor(machine, {
    input: { projectId: 7, files: [tower], findings: [finding('a'), finding('b')], extent: options.extent ?? null },
  }).start();
  return { actor, load, plan };
}

const http400 = (message: string): ServerError => ({ kind: 'http', status: 400, detail: null, fields: { cfd_tier: [message] }, body: null });

describe('scenarioPreviewMachine', () => {
  it('reads each file once, and only the new one when a file is added', async () => {
    const { actor, load } = start();
    await waitFor(actor, (s) => s.matches({ geometry: 'idle' }));
    expect(actor.getSnapshot().context.soups.get(1)).toBe(soup);
    actor.send({ type: 'files.change', files: [tower, city] });
    await waitFor(actor, (s) => s.matches({ geometry: 'idle' }) && s.context.soups.size === 2);
    expect(load.mock.calls.map(([input]) => input.files.map((f) => f.uploadId))).toEqual([[1], [2]]);
    actor.send({ type: 'files.change', files: [city] });
    expect([...actor.getSnapshot().context.soups.keys()]).toEqual([2]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('names a file it could not read, and reads it again on retry', async () => {
    let fail = true;
    const { actor } = start({
      load: async (input) =>
        input.files.map((f) => (fail ? { uploadId: f.uploadId, message: 'the server answered 500' } : { uploadId: f.uploadId, positions: soup })),
    });
    await waitFor(actor, (s) => s.matches({ geometry: 'idle' }));
    expect(actor.getSnapshot().context.failures.get(1)).toBe('the server answered 500');
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ geometry: 'idle' }) && s.context.soups.has(1));
    expect(actor.getSnapshot().context.failures.size).toBe(0);
  });

  it('names a file the reader did not answer for, instead of asking again and again', async () => {
    const { actor, load } = start({ load: async () => [] });
    await waitFor(actor, (s) => s.matches({ geometry: 'idle' }));
    expect(actor.getSnapshot().context.failures.get(1)).toBe('no answer for it');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks the camera to fly to each selection, and forgets a finding that went away', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.framing).toEqual({ on: 'scene', request: 0 });
    actor.send({ type: 'finding.select', id: 'b' });
    actor.send({ type: 'finding.select', id: 'b' });
    actor.send({ type: 'finding.select', id: 'nope' });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'b', framing: { on: 'finding', request: 2 } });
    actor.send({ type: 'findings.change', findings: [finding('a')] });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: null, framing: { on: 'scene', request: 2 } });
  });

  it('shows an arriving tunnel whole when no finding is picked', async () => {
    const { actor } = start({ extent: request });
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }));
    expect(actor.getSnapshot().context.framing).toEqual({ on: 'tunnel', request: 1 });
  });

  it('keeps the view on a finding picked before the plan arrives, until the user turns the tunnel', async () => {
    let answer: (value: CfdEstimateResponse) => void = () => {};
    const { actor } = start({ extent: request, estimate: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (s) => s.matches({ extent: 'loading' }));
    actor.send({ type: 'finding.select', id: 'a' });
    answer(estimate);
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }));
    expect(actor.getSnapshot().context.framing).toEqual({ on: 'finding', request: 1 });
    actor.send({ type: 'wind.choose', windFromDeg: 90 });
    expect(actor.getSnapshot().context.framing).toEqual({ on: 'tunnel', request: 2 });
  });

  it('shows the new tunnel whole once the user changes what the plan is for', async () => {
    const { actor } = start({ extent: request });
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }));
    actor.send({ type: 'finding.select', id: 'a' });
    actor.send({ type: 'extent.change', request: { ...request } });
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }) && s.context.estimate !== null);
    expect(actor.getSnapshot().context.framing).toEqual({ on: 'tunnel', request: 3 });
  });

  it('draws no tunnel for a scenario Canopy’s CFD does not compute', () => {
    const { actor, plan } = start();
    expect(actor.getSnapshot().matches({ extent: 'off' })).toBe(true);
    expect(plan).not.toHaveBeenCalled();
  });

  it('asks for the plan of a CFD scenario, and turns it with the wind', async () => {
    const { actor, plan } = start({ extent: request });
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }));
    expect(actor.getSnapshot().context.estimate).toBe(estimate);
    actor.send({ type: 'wind.choose', windFromDeg: -90 });
    expect(actor.getSnapshot().context.windFromDeg).toBe(270);
    actor.send({ type: 'extent.change', request: null });
    expect(actor.getSnapshot().matches({ extent: 'off' })).toBe(true);
    expect(plan).toHaveBeenCalledTimes(1);
  });

  it('says why the server refused the plan, in its words', async () => {
    const { actor } = start({ extent: request, estimate: () => Promise.reject(http400('the rapid grid needs 14 million cells')) });
    await waitFor(actor, (s) => s.matches({ extent: 'refused' }));
    expect(actor.getSnapshot().context.extentMessage).toBe('the rapid grid needs 14 million cells');
  });

  it('offers a retry when the plan could not be had', async () => {
    let down = true;
    const { actor } = start({ extent: request, estimate: () => (down ? Promise.reject(new Error('offline')) : Promise.resolve(estimate)) });
    await waitFor(actor, (s) => s.matches({ extent: 'failed' }));
    down = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ extent: 'ready' }));
  });
});
