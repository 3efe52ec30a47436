import { describe, expect, it } from 'vitest';
import { runDirection, timeLeftText, type DirectionInput } from './direction.ts';
import { inlineStepper } from './stepper.ts';
import { CfdCancelledError, CfdDivergenceError } from './errors.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { domainBox, refine, SUBURBAN_10MS } from '../test/small-grids.ts';

// A 24 m square tower, 48 m tall, centred on the origin; 16 m / 8 m cells.
function towerCase(directionDeg: number, overrides: Partial<DirectionInput> = {}): DirectionInput {
  const box0 = domainBox(16, 448, 320, 160, -192, -160);
  const { box: box1, at } = refine(box0, -64, 96, -64, 64, 64);
  const points: number[] = [];
  for (let y = -40; y <= 40; y += 8) for (let x = -40; x <= 40; x += 8) if (Math.max(Math.abs(x), Math.abs(y)) > 16) points.push(x, y, 4);
  return {
    directionDeg,
    index: 0,
    total: 1,
    centre: [0, 0],
    plan: { boxes: [box0, box1], placements: [at] },
    geometry: [{ file: 'tower.stl', role: 'solid', triangles: boxTriangles(-12, -12, 0, 12, 12, 48) }],
    inlet: SUBURBAN_10MS,
    referenceHeightM: 10,
    schedule: { spinUpSteps: 60, developSteps: 20, averageSteps: 40, chunkSteps: 20 },
    points: Float64Array.from(points),
    ...overrides,
  };
}

/**
 * The GEM ratio each point reports is max(U, (U + 3.5σ)/1.85)/U_ref with the σ its turbulence
 * intensity states (σ = TI·U): the three outputs tell one story.
 */
function expectGemFromSpeedAndTi(pedestrian: { speedRatio: Float32Array; turbulenceIntensity: Float32Array; gemRatio: Float32Array }) {
  for (let p = 0; p < pedestrian.gemRatio.length; p++) {
    const u = pedestrian.speedRatio[p];
    expect(pedestrian.gemRatio[p]).toBeCloseTo(Math.max(u, (u * (1 + 3.5 * pedestrian.turbulenceIntensity[p])) / 1.85), 5);
  }
}

const deps = { stepper: async (grid: Parameters<typeof inlineStepper>[0]) => inlineStepper(grid) };

describe('a CFD direction run', { timeout: 120_000 }, () => {
  it('counts its work in lattice-cell updates, a spin-up step on the coarse grid for less than a full-grid one', async () => {
    const reports: Array<{ phase: string; step: number; done: number; total: number; resumed: number; etaS: number }> = [];
    await runDirection(towerCase(270), {
      ...deps,
      onProgress: (p) => reports.push({ phase: p.phase, step: p.step, done: p.updatesDone, total: p.updatesTotal, resumed: p.updatesResumed, etaS: p.etaS }),
    });
    const stepping = reports.filter((r) => r.phase !== 'preparing' && r.phase !== 'post-processing');
    const total = stepping[0]!.total;
    expect(stepping.every((r) => r.total === total && r.resumed === 0)).toBe(true);
    for (let i = 1; i < stepping.length; i++) expect(stepping[i]!.done).toBeGreaterThan(stepping[i - 1]!.done);
    expect(stepping.at(-1)!.done).toBe(total);
    // Updates per step: the spin-up's (level 0 alone) a fraction of the full grid's (both levels).
    const perStep = (phase: string) => {
      const [a, b] = stepping.filter((r) => r.phase === phase);
      return (b!.done - a!.done) / (b!.step - a!.step);
    };
    expect(perStep('spin-up')).toBeLessThan(perStep('averaging'));
    // 60 spin-up steps and 60 full-grid ones make the total.
    expect(total).toBe(60 * perStep('spin-up') + 60 * perStep('averaging'));
    // The time left at the pace so far: known after the first chunk, none once the steps are done.
    expect(stepping.every((r) => Number.isFinite(r.etaS) && r.etaS >= 0)).toBe(true);
    expect(reports.at(-1)).toMatchObject({ phase: 'post-processing', etaS: 0 });
  });

  it('reports progress, reads the pedestrian points and records its provenance', async () => {
    const phases = new Set<string>();
    const result = await runDirection(towerCase(270), { ...deps, onProgress: (p) => phases.add(p.phase) });
    expect([...phases]).toEqual(['preparing', 'spin-up', 'developing', 'averaging', 'post-processing']);
    const { pedestrian, manifest } = result;
    // 11 × 11 points every 8 m, less the 5 × 5 on and next to the tower: one reading each.
    expect(pedestrian.speedRatio.length).toBe(96);
    expect(pedestrian.level.every((l) => l === 1)).toBe(true);
    // Upwind of the tower the flow is slowed (stagnation), beside it sped up (corner streams).
    const ratioAt = (x: number, y: number) => {
      const pts = towerCase(270).points;
      for (let p = 0; p < pts.length / 3; p++) if (pts[3 * p] === x && pts[3 * p + 1] === y) return pedestrian.speedRatio[p];
      throw new Error('no such point');
    };
    expect(ratioAt(-24, 0)).toBeLessThan(ratioAt(0, 32));
    for (const r of pedestrian.speedRatio) expect(r).toBeGreaterThan(0);
    for (const ti of pedestrian.turbulenceIntensity) expect(ti).toBeGreaterThan(0);
    expectGemFromSpeedAndTi(pedestrian);
    expect(manifest).toMatchObject({ directionDeg: 270, steps: { spinUp: 60, develop: 20, average: 40 }, samples: 20, threads: 1, resumedFromStep: null });
    expect(manifest.levels.map((l) => l.dxM)).toEqual([16, 8]);
    expect(manifest.reference.heightM).toBe(10);
    expect(manifest.reference.speedMs).toBeGreaterThan(9);
    expect(manifest.reference.speedMs).toBeLessThan(11);
    expect(manifest.geometryHash).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.method.name).toMatch(/RANS one-equation k–ℓ turbulence closure \(transported k\)/);
    expect(manifest.method.quantities.filter((q) => q.status === 'indicative').map((q) => q.quantity)).toEqual([
      'turbulence intensity',
      'gust equivalent mean (GEM)',
    ]);
    // The points stand at 4 m, the 8 m level's first cell centre.
    expect(manifest.pedestrianResolution).toMatchObject({ cellM: 8, firstCellCentreM: 4, pointsPerLevel: [0, pedestrian.level.length] });
    expect(manifest.health.nanCells).toBe(0);
  });

  it('gives points above the pedestrian slab (8 m) a turbulence intensity too', async () => {
    const high = Float64Array.from(towerCase(270).points.map((v, i) => (i % 3 === 2 ? 20 : v)));
    const { pedestrian } = await runDirection(towerCase(270, { points: high }), deps);
    for (let p = 0; p < pedestrian.level.length; p++) expect(pedestrian.turbulenceIntensity[p]).toBeGreaterThan(0);
    expectGemFromSpeedAndTi(pedestrian);
  });

  it('resumes from its last checkpoint to the same numbers as a run that was never stopped', async () => {
    const whole = await runDirection(towerCase(270), deps);
    let saved: Uint8Array | null = null;
    let saves = 0;
    const crashing = runDirection(towerCase(270), {
      ...deps,
      checkpointEveryS: 0,
      saveCheckpoint: async (bytes) => {
        saved = bytes;
        if (++saves === 2) throw new Error('killed');
      },
    });
    await expect(crashing).rejects.toThrow('killed');
    expect(saved).not.toBeNull();
    const reports: Array<{ done: number; total: number; resumed: number }> = [];
    const resumed = await runDirection(towerCase(270), {
      ...deps,
      loadCheckpoint: async () => saved,
      onProgress: (p) => p.phase === 'averaging' && reports.push({ done: p.updatesDone, total: p.updatesTotal, resumed: p.updatesResumed }),
    });
    // Spin-up (60 steps) runs on level 0 alone; checkpoints follow on the full grid, every chunk of 20.
    expect(resumed.manifest.resumedFromStep).toBe(100);
    // The earlier attempt's 100 steps count as done (so the share does not fall back to nothing) but
    // not towards this attempt's pace: the last chunk of 20 is this attempt's.
    expect(reports).toHaveLength(1);
    expect(reports[0]!.resumed / reports[0]!.total).toBeCloseTo(100 / 120, 12);
    expect(reports[0]!.done).toBe(reports[0]!.total);
    expect(Array.from(resumed.pedestrian.speedRatio)).toEqual(Array.from(whole.pedestrian.speedRatio));
    expect(Array.from(resumed.pedestrian.turbulenceIntensity)).toEqual(Array.from(whole.pedestrian.turbulenceIntensity));
  });

  it('gives a square tower the same back-rotated field at 0° and 90° (±5 % at ≥ 95 % of points)', async () => {
    const west = await runDirection(towerCase(270), deps);
    const north = await runDirection(towerCase(0), deps);
    // Wind from the north sees the tower as wind from the west does, turned by 90°: the point
    // (x, y) of the west-wind run corresponds to (−y, x)... i.e. rotate the west-wind map by −90°.
    const pts = towerCase(270).points;
    const index = new Map<string, number>();
    for (let p = 0; p < pts.length / 3; p++) index.set(`${pts[3 * p]},${pts[3 * p + 1]}`, p);
    let agree = 0,
      total = 0;
    for (let p = 0; p < pts.length / 3; p++) {
      const x = pts[3 * p],
        y = pts[3 * p + 1];
      const q = index.get(`${y},${-x}`);
      if (q === undefined) continue;
      total++;
      if (Math.abs(north.pedestrian.speedRatio[q] - west.pedestrian.speedRatio[p]) <= 0.05 * west.pedestrian.speedRatio[p]) agree++;
    }
    expect(total).toBeGreaterThan(50);
    expect(agree / total).toBeGreaterThanOrEqual(0.95);
  });

  it('stops with the reason and the step when the flow diverges, and between steps when cancelled', async () => {
    // A lattice speed of 0.9 is far beyond what the scheme can carry.
    await expect(runDirection(towerCase(270, { physics: { latticeSpeed: 0.9 } }), deps)).rejects.toBeInstanceOf(CfdDivergenceError);
    let checks = 0;
    await expect(runDirection(towerCase(270), { ...deps, isCancelled: () => ++checks > 2 })).rejects.toBeInstanceOf(CfdCancelledError);
  });

  it('scores the averaging window by halves: each half its own mean, which together make the whole window’s', async () => {
    const probes = Float64Array.from([-24, 0, 4, 0, 32, 4, 40, 0, 20, 24, 24, 8]);
    const input = towerCase(270, { probes, halves: true, physics: { closure: 'k-l-des', syntheticSeed: 3 } });
    const { probes: whole, probeHalves } = await runDirection(input, deps);
    expect(probeHalves).toBeDefined();
    const [first, second] = probeHalves!;
    // 40 averaged steps, 20 samples: 10 in each half, so the whole mean is the halves' average.
    for (let i = 0; i < probes.length / 3; i++) {
      expect(0.5 * (first.u[i] + second.u[i])).toBeCloseTo(whole!.u[i], 4);
      expect(0.5 * (first.w[i] + second.w[i])).toBeCloseTo(whole!.w[i], 4);
    }
    // The wake of a tower with turbulence coming in is unsteady: the halves are not the same field.
    expect(first.u.some((u, i) => Math.abs(u - second.u[i]) > 1e-4)).toBe(true);
  });
});

describe('a direction’s time left in words', () => {
  it('says it is not yet measured before the first chunk is timed, and the seconds after', () => {
    expect(timeLeftText({ etaS: Number.NaN })).toBe('time left not yet measured');
    expect(timeLeftText({ etaS: 41.6 })).toBe('about 42 s left');
  });
});
