/**
 * The wind tunnel drawn in the preview against the engine's own plan: a 20 m × 20 m × 30 m tower
 * planned by planScene (the function the server's estimate runs), its level-0 box passed as the
 * estimate carries it, and turned to the wind the way the solver turns the world
 * (engine/cfd/geometry/rotate.ts): the inlet face is upwind, every corner of the tunnel maps back
 * onto the box in the solver frame, and the sizes are the box's.
 */
import { describe, expect, it } from 'vitest';
import { planScene } from '@canopy/engine/cfd/run/scene-plan.ts';
import { solverFrame, toSolver } from '@canopy/engine/cfd/geometry/rotate.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { tunnelExtent, windDirectionsOf } from './tunnel-extent.ts';

const scene = planScene({
  geometry: [{ file: 'tower.stl', role: 'solid', study: true, triangles: boxSoup(100, 40, 0, 120, 60, 30) }],
  tier: 'rapid',
  referenceSpeedMs: 5,
});
const level0 = scene.plan.boxes[0]!;
const estimate = {
  levels: scene.plan.boxes.map((b) => ({
    dx_m: b.dxM,
    nx: b.nx,
    ny: b.ny,
    nz: b.nz,
    origin_m: [b.originM[0], b.originM[1], b.originM[2]] as [number, number, number],
  })),
  region: { centre: scene.centre, radius_m: scene.roiRadiusM, context_radius_m: scene.contextRadiusM, tallest_building_m: scene.maxHeightM },
};

const corners = (segments: Float32Array) => {
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i < segments.length; i += 3) out.push([segments[i]!, segments[i + 1]!, segments[i + 2]!]);
  return out;
};

describe('tunnelExtent', () => {
  it('is the plan’s level-0 box in size', () => {
    const extent = tunnelExtent(estimate, 0)!;
    expect(extent.lengthM).toBe(level0.nx * level0.dxM);
    expect(extent.widthM).toBe(level0.ny * level0.dxM);
    expect(extent.heightM).toBe(level0.nz * level0.dxM);
    expect(extent.centre).toEqual([110, 50]);
    expect(extent.studyRadiusM).toBe(scene.roiRadiusM);
    expect(extent.tunnel.length).toBe(12 * 6);
  });

  it.each([0, 90, 225])('for wind from %i° every corner lies on the solver’s box', (deg) => {
    const extent = tunnelExtent(estimate, deg)!;
    const frame = solverFrame(deg, 110, 50);
    const [x0, y0] = level0.originM;
    const [x1, y1] = [x0 + level0.nx * level0.dxM, y0 + level0.ny * level0.dxM];
    for (const [x, y] of corners(extent.tunnel)) {
      const [sx, sy] = toSolver(frame, x, y);
      expect([x0, x1].some((v) => Math.abs(v - sx) < 1e-3)).toBe(true);
      expect([y0, y1].some((v) => Math.abs(v - sy) < 1e-3)).toBe(true);
    }
  });

  it('puts the inlet upwind: wind from the north has the short side of the tunnel north of the site', () => {
    // The domain reaches R + 5H upstream and R + 10H downstream (COST 732): more room in the lee.
    const north = corners(tunnelExtent(estimate, 0)!.tunnel);
    const ys = north.map((c) => c[1]);
    expect(Math.max(...ys) - 50).toBeLessThan(50 - Math.min(...ys));
    const west = corners(tunnelExtent(estimate, 270)!.tunnel);
    const xs = west.map((c) => c[0]);
    expect(110 - Math.min(...xs)).toBeLessThan(Math.max(...xs) - 110);
  });

  it('draws the study area as a closed circle of the region’s radius round its centre', () => {
    const extent = tunnelExtent(estimate, 0)!;
    for (const [x, y] of corners(extent.study)) expect(Math.hypot(x - 110, y - 50)).toBeCloseTo(scene.roiRadiusM, 3);
  });

  it('is null for a plan that does not say where its boxes lie', () => {
    expect(tunnelExtent({ ...estimate, levels: [{ dx_m: 32, nx: 10, ny: 10, nz: 5 }] }, 0)).toBeNull();
  });
});

describe('windDirectionsOf', () => {
  it('spaces the directions evenly from north', () => {
    expect(windDirectionsOf(8)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(windDirectionsOf(36)[1]).toBe(10);
  });
});
