/**
 * A large model is read in a real worker thread of the heavy-work pool, reporting progress through
 * its message port as it goes, and comes back whole.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { createCpuPool } from '../../../jobs/cpu-pool.ts';
import { createHeavyWork } from '../../../jobs/heavy-work.ts';
import { HEAVY_TASKS } from '../../../cpu-tasks.ts';
import { unwrapMoving } from '../../../jobs/transfer.ts';
import type { ModelImportInput, ModelImportOutcome } from './import-model.ts';

const heavy = createHeavyWork(createCpuPool(1), { perUser: 2, maxPending: 4 }, HEAVY_TASKS);
afterAll(() => heavy.close());

/** A grid of 2 × n² triangles as OBJ text. */
function gridObj(n: number): Uint8Array {
  const lines: string[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) lines.push(`v ${i} ${j} 0`);
  const at = (i: number, j: number) => j * (n + 1) + i + 1;
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) lines.push(`f ${at(i, j)} ${at(i + 1, j)} ${at(i + 1, j + 1)} ${at(i, j + 1)}`);
  return new TextEncoder().encode(lines.join('\n'));
}

describe('model import in the heavy-work pool', () => {
  it('reads 180,000 triangles off the request thread with progress up to 100 %', async () => {
    const bytes = gridObj(300);
    const channel = new MessageChannel();
    const seen: number[] = [];
    channel.port1.on('message', (p: number) => seen.push(p));
    const input: ModelImportInput = {
      filename: 'grid.obj',
      bytes,
      units: 'm',
      upAxis: 'z',
      maxTriangles: 1_000_000,
      budgetSeconds: 120,
      progress: channel.port2,
    };
    const out = unwrapMoving(await heavy.run<ModelImportOutcome>(1, 'geometry.importModel', input, [channel.port2 as unknown as ArrayBuffer]));
    await new Promise((r) => setTimeout(r, 50)); // the last messages cross the port
    channel.port1.close();
    expect(out).toMatchObject({ ok: true, triangles: 180_000, bounds: [0, 0, 0, 300, 300, 0] });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(100);
  });
});
