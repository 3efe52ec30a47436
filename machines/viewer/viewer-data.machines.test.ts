/** The session, camera-position and results-import machines by events, with fake actors. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CameraPosition, CameraPositionCreate, Simulation } from '@canopy/contract/viewer.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import { viewerSessionMachine, type SessionData, type StudyScope } from './viewer-session.machine.ts';
import { cameraPositionsMachine, DELETE_CAMERA_FAILED, SAVE_CAMERA_FAILED } from './camera-positions.machine.ts';
import { importProblem, resultFileOf, resultsImportMachine, type AppendRequest } from './results-import.machine.ts';

const scope = { projectId: 7, studyId: 70 };
const sim = (id: number): Simulation => ({
  id,
  configuration: { id: 21 },
  category: 'wind',
  status: 'completed',
  cfd_parameters: null,
  met_source_id: null,
  assets: [],
  layer_sets: [],
});
const refuse = (): Promise<never> => Promise.reject({ kind: 'http', status: 500, detail: 'Server error', fields: {}, body: null });

describe('viewerSession', () => {
  it('loads simulations and reference data together; a failure is stored and retried', async () => {
    let fail = true;
    const machine = viewerSessionMachine.provide({
      actors: {
        loadSession: fromPromise<SessionData, StudyScope>(async () => {
          if (fail) return refuse();
          return { simulations: [sim(1)], jobTypes: [], graphDefinitions: [] };
        }),
        loadSimulations: fromPromise<Simulation[], StudyScope>(async () => [sim(1), sim(2)]),
      },
    });
    const actor = createActor(machine, { input: scope }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.detail).toBe('Server error');
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.simulations.map((s) => s.id)).toEqual([1]);
    actor.send({ type: 'simulations.reload' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(actor.getSnapshot().context.simulations.map((s) => s.id)).toEqual([1]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.simulations.map((s) => s.id)).toEqual([1, 2]);
  });
});

describe('cameraPositions', () => {
  const camera = { position: [1, 2, 3] as [number, number, number], target: [0, 0, 0] as [number, number, number] };
  it('lists, saves and deletes; failures keep the list and show a danger toast', async () => {
    const toasts: ToastEvent[] = [];
    let failing = false;
    const machine = cameraPositionsMachine.provide({
      actors: {
        listCameraPositions: fromPromise(async (): Promise<CameraPosition[]> => [{ id: 1, name: 'Street', camera }]),
        createCameraPosition: fromPromise<CameraPosition, StudyScope & { body: CameraPositionCreate }>(async ({ input }) =>
          failing ? refuse() : { id: 2, name: input.body.name ?? '', camera },
        ),
        deleteCameraPosition: fromPromise<void, StudyScope & { id: number }>(async () => {
          if (failing) await refuse();
        }),
      },
    });
    const actor = createActor(machine, { input: { ...scope, toasts: { send: (e) => toasts.push(e) } } }).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'save', body: { name: 'Roof', camera } });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.positions.map((p) => p.name)).toEqual(['Street', 'Roof']);
    // Deleting asks first: cancel keeps it.
    actor.send({ type: 'remove', id: 1 });
    expect(actor.getSnapshot().matches('confirmingRemove')).toBe(true);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().context.positions.map((p) => p.name)).toEqual(['Street', 'Roof']);
    actor.send({ type: 'remove', id: 1 });
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.positions.map((p) => p.name)).toEqual(['Roof']);
    failing = true;
    actor.send({ type: 'save', body: { name: 'X', camera } });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'remove', id: 2 });
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.positions.map((p) => p.name)).toEqual(['Roof']);
    expect(toasts.map((t) => (t.type === 'toast.show' ? t.toast.title : ''))).toEqual([SAVE_CAMERA_FAILED, DELETE_CAMERA_FAILED]);
    // The toasts went through the relay registered as 'toast'; the context is plain data.
    expect(actor.system.get('toast')).toBeDefined();
    expect(JSON.parse(JSON.stringify(actor.getSnapshot().context))).toEqual(actor.getSnapshot().context);
  });
});

describe('resultsImport', () => {
  it('checks files before calling: a simulation, a plane and a metric for CSV points', () => {
    const csv = { uploadId: 1, filename: 'points.csv', kind: 'data' as const, metric: '', units: '' };
    expect(importProblem([], 3, null)).toBe('Upload at least one result file first.');
    expect(importProblem([csv], null, 5)).toBe('Select a simulation to add the results to.');
    expect(importProblem([csv], 3, null)).toBe('points.csv: choose the presentation plane to interpolate the points onto');
    expect(importProblem([csv], 3, 5)).toBe('points.csv: give the metric the values are');
    expect(importProblem([{ ...csv, metric: 'speed-ratio' }], 3, 5)).toBeNull();
    expect(importProblem([{ ...csv, filename: 'a.obj' }], 3, 5)).toBe('a.obj: only GLB, STL and CSV points can be imported here');
  });

  it('builds the ingestion body per file type', () => {
    expect(resultFileOf({ uploadId: 1, filename: 'm.stl', kind: 'geometry', metric: '', units: '' }, null)).toEqual({
      upload_id: 1,
      layer_type: 'geometry',
      geometry_type: 'overlay',
    });
    expect(resultFileOf({ uploadId: 2, filename: 'p.csv', kind: 'data', metric: 'utci', units: '°C' }, 9)).toEqual({
      upload_id: 2,
      layer_type: 'data',
      metric: 'utci',
      presentation_plane_asset_id: 9,
      units: '°C',
    });
  });

  it("appends the pending files; the server's file-named error keeps them for another try", async () => {
    const requests: AppendRequest[] = [];
    let fail = true;
    const machine = resultsImportMachine.provide({
      actors: {
        appendResults: fromPromise(async ({ input }: { input: AppendRequest }) => {
          requests.push(input);
          if (fail)
            return Promise.reject({
              kind: 'http',
              status: 400,
              detail: null,
              fields: { results: ['broken.glb: truncated GLB: the header declares 900 bytes but only 12 are present'] },
              body: null,
            });
          return sim(3);
        }),
      },
    });
    const actor = createActor(machine, { input: { projectId: 7 } }).start();
    const imported: number[] = [];
    actor.on('imported', (e) => imported.push(e.simulation.id));
    actor.send({ type: 'file.uploaded', uploadId: 11, filename: 'broken.glb' });
    actor.send({ type: 'import', simulationId: 3, planeAssetId: null });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('broken.glb: truncated GLB: the header declares 900 bytes but only 12 are present');
    expect(actor.getSnapshot().context.pending).toHaveLength(1);
    fail = false;
    actor.send({ type: 'import', simulationId: 3, planeAssetId: null });
    await waitFor(actor, (s) => s.matches('idle') && s.context.pending.length === 0);
    expect(actor.getSnapshot().context).toMatchObject({ appended: ['broken.glb'], error: null });
    expect(imported).toEqual([3]);
    expect(requests[1]).toEqual({ projectId: 7, simulationId: 3, results: [{ upload_id: 11, layer_type: 'data' }] });
  });
});
