import { describe, expect, it } from 'vitest';
import { defaultSimulationId } from './default-simulation.ts';

const sim = (id: number, ...layers: string[]) => ({ id, assets: layers.map((layer_type) => ({ layer_type })) });

describe('defaultSimulationId', () => {
  it('opens on the first simulation with results, not on one holding only the geometry', () => {
    expect(defaultSimulationId([sim(1, 'geometry', 'geometry'), sim(2, 'geometry', 'data'), sim(3, 'data')])).toBe(2);
  });
  it('counts layer sets and superseded geometry as they are', () => {
    expect(defaultSimulationId([sim(1, 'geometry-superseded'), { ...sim(2), layer_sets: [{}] }])).toBe(2);
  });
  it('falls back to the first simulation when none has results, and to nothing without simulations', () => {
    expect(defaultSimulationId([sim(4, 'geometry'), sim(5)])).toBe(4);
    expect(defaultSimulationId([])).toBeUndefined();
  });
});
