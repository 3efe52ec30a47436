/**
 * The model import workflow by its events: an OBJ waits for the user's units and sends them; an
 * IFC (units in the file) goes straight to the server and sends none; a refusal keeps the server's
 * words and a retry with other units succeeds; `imported` carries the new STL file.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ModelImportResult } from '@canopy/contract/geometry-import.ts';
import { modelImportMachine, type ModelImportEmitted, type ModelImportRequest } from './model-import.machine.ts';

const RESULT: ModelImportResult = {
  source_upload_id: 7,
  upload_id: 8,
  filename: 'tower.stl',
  size: 684,
  triangles: 12,
  metres_per_unit: 0.001,
  units_from: 'user',
  up_axis: 'z',
  up_axis_from: 'user',
  bounds_m: [0, 0, 0, 10, 20, 30],
};

function start(filename: string, answer: (request: ModelImportRequest) => Promise<ModelImportResult>) {
  const requests: ModelImportRequest[] = [];
  const emitted: ModelImportEmitted[] = [];
  const actor = createActor(
    modelImportMachine.provide({
      actors: {
        importModel: fromPromise<ModelImportResult, ModelImportRequest>(({ input }) => {
          requests.push(input);
          return answer(input);
        }),
      },
    }),
    { input: { projectId: 3, file: { upload_id: 7, filename, size: 1000 } } },
  );
  actor.on('imported', (e) => emitted.push(e));
  actor.start();
  return { actor, requests, emitted };
}

describe('modelImportMachine', () => {
  it('asks an OBJ’s units and up-axis, then imports with them and emits the STL file', async () => {
    const { actor, requests, emitted } = start('tower.obj', async () => RESULT);
    expect(actor.getSnapshot().value).toBe('asking');
    actor.send({ type: 'units.set', units: 'mm' });
    actor.send({ type: 'upAxis.set', upAxis: 'y' });
    actor.send({ type: 'import' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual([{ projectId: 3, uploadId: 7, units: 'mm', upAxis: 'y' }]);
    expect(emitted).toEqual([
      {
        type: 'imported',
        source: { upload_id: 7, filename: 'tower.obj', size: 1000 },
        file: { upload_id: 8, filename: 'tower.stl', size: 684 },
        result: RESULT,
      },
    ]);
  });

  it('imports an IFC at once, leaving its units to the file', async () => {
    const { actor, requests } = start('tower.ifc', async () => ({ ...RESULT, units_from: 'file' }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual([{ projectId: 3, uploadId: 7 }]);
  });

  it('follows the server’s progress while it reads, forward only, and starts again from nothing on a retry', async () => {
    let finish: (r: ModelImportResult) => void = () => undefined;
    let fail: (e: unknown) => void = () => undefined;
    let calls = 0;
    const { actor } = start('tower.ifc', () => new Promise((resolve, reject) => ((finish = resolve), (fail = reject), calls++)));
    expect(actor.getSnapshot().context.percent).toBeNull();
    actor.send({ type: 'progress', percent: 40 });
    actor.send({ type: 'progress', percent: 35 });
    expect(actor.getSnapshot().context.percent).toBe(40);
    actor.send({ type: 'progress', percent: 140 });
    expect(actor.getSnapshot().context.percent).toBe(100);
    fail(new Error('offline'));
    await waitFor(actor, (s) => s.matches('refused'));
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.percent).toBeNull();
    expect(calls).toBe(2);
    finish(RESULT);
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('keeps the server’s words for a refused file, and a retry with other units imports it', async () => {
    let calls = 0;
    const { actor, requests } = start('tower.obj', async () => {
      if (calls++ === 0)
        throw {
          kind: 'http',
          status: 400,
          detail: null,
          fields: { upload_id: ['tower.obj cannot be imported: line 4: a face needs at least three corners.'] },
          body: null,
        };
      return RESULT;
    });
    actor.send({ type: 'import' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.message).toBe('tower.obj cannot be imported: line 4: a face needs at least three corners.');
    actor.send({ type: 'retry' });
    actor.send({ type: 'units.set', units: 'cm' });
    actor.send({ type: 'import' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests.map((r) => r.units)).toEqual(['m', 'cm']);
  });
});
