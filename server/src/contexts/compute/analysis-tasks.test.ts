import { afterAll, describe, expect, it } from 'vitest';
import { createCpuPool } from '../../jobs/cpu-pool.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { testScene } from '@canopy/engine/analyses/test-scene.ts';
import { periodMask } from '@canopy/engine/analyses/periods.ts';
import { siteSun } from '@canopy/engine/analyses/solar.ts';
import type { SolarChunkOutput } from '@canopy/engine/analyses/solar.ts';

const pool = createCpuPool(1);
afterAll(() => pool.close());

describe('analysis tasks in the worker-thread pool', () => {
  it('run in a thread with the same answers as on the calling thread', async () => {
    const scene = testScene();
    const site = { latitudeDeg: 41.98, longitudeDeg: -87.92, utcOffsetHours: -6 };
    const input = {
      sceneKey: 'test-scene',
      triangles: scene.triangles,
      points: scene.plane.positions,
      hourVectors: siteSun(site).vectors,
      masks: [periodMask({ season: { id: 's', name: 'Summer', months: [6, 7, 8] }, timeWindow: { id: 'n', name: 'Noon', window: '11:00-13:00' } })],
      site,
      sunHours: [],
    };
    const threaded = await pool.run<SolarChunkOutput>('analysis.solar.chunk', input);
    const inline = await createInlineCpuPool().run<SolarChunkOutput>('analysis.solar.chunk', input);
    expect(threaded.pctSunlit[0]).toEqual(inline.pctSunlit[0]);
    expect(threaded.pctSunlit[0]![scene.underRoof]).toBe(0);
    expect(threaded.pctSunlit[0]![scene.open]).toBe(100);
  });
});
