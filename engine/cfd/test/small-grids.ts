/** Small grids and physics for the solver's unit tests (seconds, not minutes). */
import { ablProfile, type InletSpec } from '../bc/abl-inlet.ts';
import { equilibriumColumn } from '../bc/precursor.ts';
import { SPONGE_STRENGTH } from '../bc/absorbing-layer.ts';
import { buildHierarchy, type Hierarchy, type Physics } from '../grid/build-hierarchy.ts';
import { childBox, type LevelBox, type Placement } from '../grid/layout.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';

export const SUBURBAN_10MS: InletSpec = { kind: 'log', roughnessLengthM: 0.1, referenceSpeedMs: 10, referenceHeightM: 10 };

export function physicsFor(spec: InletSpec, topHeightM: number, overrides: Partial<Physics> = {}): Physics {
  const profile = ablProfile(spec);
  return {
    profile,
    latticePerMs: 0.08 / profile.speedMs(topHeightM),
    smagorinsky: 0.13,
    spongeCells: 4,
    spongeStrength: SPONGE_STRENGTH,
    slabHeightM: 6,
    ...overrides,
  };
}

/** Level 0 box of the given size (m) at spacing dx, origin at (x0, y0, 0). */
export function domainBox(dxM: number, lengthM: number, widthM: number, heightM: number, x0 = 0, y0 = 0): LevelBox {
  return { dxM, originM: [x0, y0, 0], nx: Math.round(lengthM / dxM), ny: Math.round(widthM / dxM), nz: Math.round(heightM / dxM) };
}

/** Refined boxes from metre extents [x0, x1] × [y0, y1] × [0, top], aligned to each parent. */
export function refine(parent: LevelBox, x0: number, x1: number, y0: number, y1: number, top: number): { box: LevelBox; at: Placement } {
  const at: Placement = {
    ax: Math.floor((x0 - parent.originM[0]) / parent.dxM),
    bx: Math.ceil((x1 - parent.originM[0]) / parent.dxM),
    ay: Math.floor((y0 - parent.originM[1]) / parent.dxM),
    by: Math.ceil((y1 - parent.originM[1]) / parent.dxM),
    bz: Math.ceil(top / parent.dxM),
  };
  return { box: childBox(parent, at), at };
}

export function withColumns(physics: Physics, boxes: LevelBox[]): Physics {
  return { ...physics, columns: boxes.map((b) => equilibriumColumn(physics, b.dxM, b.nz)) };
}

export function emptyHierarchy(boxes: LevelBox[], placements: Placement[], physics: Physics): Hierarchy {
  return buildHierarchy({ boxes, placements, solid: boxes.map((b) => new Uint8Array(b.nx * b.ny * b.nz)), physics });
}

/**
 * Two levels over a 20 × 20 × 30 m building with the transported-k closure (walls, ground, a
 * refinement ring, inflow and outflow); with `three`, a third level around the building. Physics
 * overrides on top of the k–ℓ closure.
 */
export function buildingGrid(three = false, overrides: Partial<Physics> = {}): Hierarchy {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const boxes = [box0, box1],
    placements = [at];
  if (three) {
    const { box: box2, at: at2 } = refine(box1, 128, 192, 80, 144, 48);
    boxes.push(box2);
    placements.push(at2);
  }
  const solid = boxes.map((b) => {
    const m = new Uint8Array(b.nx * b.ny * b.nz);
    voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
    return m;
  });
  return buildHierarchy({ boxes, placements, solid, physics: physicsFor(SUBURBAN_10MS, 160, { closure: 'k-l', ...overrides }) });
}
