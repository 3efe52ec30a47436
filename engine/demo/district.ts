/**
 * A small, deterministic (seeded) demo district for the demo project and the benchmarks: a 3 × 3
 * grid of 64 m blocks separated by 16 m streets, the centre block a tree-lined plaza, the other
 * eight blocks holding towers of varied heights (stepped podium towers, clusters of slabs, round
 * towers), street trees, and a tiled ground plane. Origin at the plaza centre, metres, x = east,
 * y = north, z = up (the STL convention of DOMAIN.md §5).
 *
 * Every building and every tree part is a closed mesh (each edge shared by two faces) reaching
 * 1 m into the ground, as the geometry rules require of uploads.
 */
import { icosphere, rectangle, regularPolygon, steppedPrism, toTriangleSoup, type IndexedMesh, type Point2, type PrismLevel } from './mesh-builders.ts';

export type DemoRole = 'study' | 'surrounds' | 'landscaping' | 'ground';

export interface DemoObject {
  id: string;
  role: DemoRole;
  mesh: IndexedMesh;
  /** Convex base footprint (buildings and trunks); empty for ground tiles and canopies. */
  footprint: readonly Point2[];
  heightM: number;
}

export interface DemoDistrict {
  seed: number;
  buildings: DemoObject[];
  trees: DemoObject[];
  /** Ground split by use so the pieces never overlap: streets, plaza paving, block courtyards. */
  ground: { streets: IndexedMesh; plaza: IndexedMesh; blocks: IndexedMesh };
  /** Everything merged as triangle soup (xyz × 3 per triangle), ready for `buildSceneBvh`. */
  triangles: Float32Array;
  triangleCount: number;
  /** Extent of the built area (blocks and streets), metres. */
  extentM: { minX: number; minY: number; maxX: number; maxY: number };
}

export const DEMO_DISTRICT_DEFAULT_SEED = 20240607;

const BLOCK_M = 64;
const STREET_M = 16;
const PITCH_M = BLOCK_M + STREET_M;
const HALF_EXTENT_M = (3 * BLOCK_M + 4 * STREET_M) / 2; // 128
const GROUND_HALF_M = 150;
const GROUND_TILE_M = 5;
const SIDEWALK_M = 4;
const BELOW_GROUND_M = -1;

/** mulberry32: a tiny, well-distributed 32-bit PRNG — enough for reproducible demo geometry. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function blockBounds(column: number, row: number): { minX: number; minY: number; maxX: number; maxY: number } {
  const minX = -HALF_EXTENT_M + STREET_M + column * PITCH_M;
  const minY = -HALF_EXTENT_M + STREET_M + row * PITCH_M;
  return { minX, minY, maxX: minX + BLOCK_M, maxY: minY + BLOCK_M };
}

function shrinkRectangle(minX: number, minY: number, maxX: number, maxY: number, inset: number): Point2[] {
  return rectangle(minX + inset, minY + inset, maxX - inset, maxY - inset);
}

type Rand = () => number;
const between = (rand: Rand, min: number, max: number): number => min + (max - min) * rand();

/** Buildings for one block, by a seeded choice of three typologies. */
function blockBuildings(rand: Rand, column: number, row: number): { footprint: Point2[]; levels: PrismLevel[] }[] {
  const b = blockBounds(column, row);
  const x0 = b.minX + SIDEWALK_M;
  const y0 = b.minY + SIDEWALK_M;
  const size = BLOCK_M - 2 * SIDEWALK_M; // 56 m buildable square
  const kind = Math.floor(rand() * 3);
  if (kind === 0) {
    // Podium with a setback tower: three levels, each inside the previous.
    const podiumTop = between(rand, 8, 14);
    const midTop = podiumTop + between(rand, 20, 40);
    const towerTop = midTop + between(rand, 20, 50);
    const podium = rectangle(x0 + 2, y0 + 2, x0 + size - 2, y0 + size - 2);
    const mid = shrinkRectangle(x0 + 2, y0 + 2, x0 + size - 2, y0 + size - 2, between(rand, 8, 12));
    const tower = shrinkRectangle(x0 + 2, y0 + 2, x0 + size - 2, y0 + size - 2, between(rand, 15, 19));
    return [
      {
        footprint: podium,
        levels: [
          { footprint: podium, topZ: podiumTop },
          { footprint: mid, topZ: midTop },
          { footprint: tower, topZ: towerTop },
        ],
      },
    ];
  }
  if (kind === 1) {
    // A cluster of 2 × 2 slabs of different heights with 8 m gaps.
    const cell = (size - 8) / 2;
    const result: { footprint: Point2[]; levels: PrismLevel[] }[] = [];
    for (let i = 0; i < 2; i++)
      for (let j = 0; j < 2; j++) {
        if (rand() < 0.2) continue; // an occasional missing slab leaves a courtyard
        const minX = x0 + i * (cell + 8);
        const minY = y0 + j * (cell + 8);
        const footprint = rectangle(minX, minY, minX + cell, minY + cell);
        result.push({ footprint, levels: [{ footprint, topZ: between(rand, 12, 60) }] });
      }
    return result;
  }
  // A round tower (24-gon) beside a low slab.
  const radius = between(rand, 9, 12);
  const cx = x0 + radius + 4;
  const cy = y0 + size / 2;
  const round = regularPolygon(cx, cy, radius, 24);
  const slab = rectangle(cx + radius + 8, y0 + 6, x0 + size, y0 + size - 6);
  return [
    { footprint: round, levels: [{ footprint: round, topZ: between(rand, 50, 95) }] },
    { footprint: slab, levels: [{ footprint: slab, topZ: between(rand, 9, 18) }] },
  ];
}

function tree(rand: Rand, id: string, x: number, y: number): DemoObject[] {
  const canopyRadius = between(rand, 2.8, 4);
  const canopyZ = canopyRadius + between(rand, 3, 4.5); // canopy underside ≥ 3 m, above the 1.5 m plane
  const trunkFootprint = regularPolygon(x, y, 0.3, 6);
  return [
    {
      id: `${id}-trunk`,
      role: 'landscaping',
      mesh: steppedPrism([{ footprint: trunkFootprint, topZ: canopyZ }], BELOW_GROUND_M),
      footprint: trunkFootprint,
      heightM: canopyZ,
    },
    { id: `${id}-canopy`, role: 'landscaping', mesh: icosphere(x, y, canopyZ, canopyRadius, 1), footprint: [], heightM: canopyZ + canopyRadius },
  ];
}

function groundMeshes(): DemoDistrict['ground'] {
  const parts = { streets: [] as number[], plaza: [] as number[], blocks: [] as number[] };
  const plaza = blockBounds(1, 1);
  const inBlock = (x: number, y: number): boolean => {
    const u = (x + HALF_EXTENT_M - STREET_M) / PITCH_M;
    const v = (y + HALF_EXTENT_M - STREET_M) / PITCH_M;
    if (u < 0 || v < 0 || u >= 3 || v >= 3) return false;
    return u - Math.floor(u) < BLOCK_M / PITCH_M && v - Math.floor(v) < BLOCK_M / PITCH_M;
  };
  for (let x = -GROUND_HALF_M; x < GROUND_HALF_M; x += GROUND_TILE_M)
    for (let y = -GROUND_HALF_M; y < GROUND_HALF_M; y += GROUND_TILE_M) {
      const cx = x + GROUND_TILE_M / 2;
      const cy = y + GROUND_TILE_M / 2;
      const target = cx > plaza.minX && cx < plaza.maxX && cy > plaza.minY && cy < plaza.maxY ? parts.plaza : inBlock(cx, cy) ? parts.blocks : parts.streets;
      const x1 = x + GROUND_TILE_M;
      const y1 = y + GROUND_TILE_M;
      // Two upward-facing triangles per tile.
      target.push(x, y, 0, x1, y, 0, x1, y1, 0, x, y, 0, x1, y1, 0, x, y1, 0);
    }
  const toMesh = (soup: number[]): IndexedMesh => ({
    positions: Float32Array.from(soup),
    indices: Uint32Array.from({ length: soup.length / 3 }, (_, i) => i),
  });
  return { streets: toMesh(parts.streets), plaza: toMesh(parts.plaza), blocks: toMesh(parts.blocks) };
}

/** Builds the district. Same seed → byte-identical geometry. */
export function generateDemoDistrict(seed: number = DEMO_DISTRICT_DEFAULT_SEED): DemoDistrict {
  const rand = seededRandom(seed);
  const buildings: DemoObject[] = [];
  for (let row = 0; row < 3; row++)
    for (let column = 0; column < 3; column++) {
      if (row === 1 && column === 1) continue; // the plaza
      blockBuildings(rand, column, row).forEach((building, k) => {
        buildings.push({
          id: `building-${column}-${row}-${k}`,
          role: 'surrounds',
          mesh: steppedPrism(building.levels, BELOW_GROUND_M),
          footprint: building.footprint,
          heightM: building.levels[building.levels.length - 1].topZ,
        });
      });
    }
  // The study building: the first building of the block south of the plaza.
  const study = buildings.find((b) => b.id.startsWith('building-1-0-'));
  if (study) study.role = 'study';

  const trees: DemoObject[] = [];
  const plaza = blockBounds(1, 1);
  for (let k = 0; k < 4; k++) {
    const t = plaza.minX + 8 + (k * (BLOCK_M - 16)) / 3;
    trees.push(...tree(rand, `plaza-s-${k}`, t, plaza.minY + 6), ...tree(rand, `plaza-n-${k}`, t, plaza.maxY - 6));
    if (k > 0 && k < 3) trees.push(...tree(rand, `plaza-w-${k}`, plaza.minX + 6, t), ...tree(rand, `plaza-e-${k}`, plaza.maxX - 6, t));
  }
  // Street trees on the sidewalks of the two streets that border the plaza east and west.
  for (let y = -HALF_EXTENT_M + 10; y < HALF_EXTENT_M; y += 20) {
    trees.push(...tree(rand, `street-w-${y}`, plaza.minX - STREET_M + 2, y), ...tree(rand, `street-e-${y}`, plaza.maxX + STREET_M - 2, y));
  }

  const ground = groundMeshes();
  const soups = [...buildings, ...trees].map((o) => toTriangleSoup(o.mesh));
  soups.push(toTriangleSoup(ground.streets), toTriangleSoup(ground.plaza), toTriangleSoup(ground.blocks));
  const length = soups.reduce((sum, soup) => sum + soup.length, 0);
  const triangles = new Float32Array(length);
  let offset = 0;
  for (const soup of soups) {
    triangles.set(soup, offset);
    offset += soup.length;
  }
  return {
    seed,
    buildings,
    trees,
    ground,
    triangles,
    triangleCount: length / 9,
    extentM: { minX: -HALF_EXTENT_M, minY: -HALF_EXTENT_M, maxX: HALF_EXTENT_M, maxY: HALF_EXTENT_M },
  };
}
