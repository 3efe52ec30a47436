/**
 * A tiny scene for tests of the analyses and their jobs: a 200 × 200 m ground, a 12 × 12 m canopy
 * roof at 4 m whose fascia hangs down to 1 m on every side (so no sun reaches under it at any
 * altitude), and a presentation plane at 1.5 m — a 9 × 9 grid at 5 m spacing whose middle point
 * stands under the roof and whose corners are 28 m out in the open.
 */

export interface TestScene {
  /** Triangle soup of the scene geometry (ground + roof). */
  triangles: Float32Array;
  ground: { positions: Float32Array; indices: Uint32Array };
  roof: { positions: Float32Array; indices: Uint32Array };
  plane: { positions: Float32Array; indices: Uint32Array; normals: Float32Array };
  /** Index of the plane point under the roof, and of an open corner point. */
  underRoof: number;
  open: number;
}

const ROOF_HALF_M = 6;
const GRID = 9;
const SPACING_M = 5;

function soup(positions: Float32Array, indices: Uint32Array): number[] {
  return Array.from(indices, (i) => [positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]]).flat();
}

export function testScene(): TestScene {
  const g = 100;
  const ground = { positions: Float32Array.of(-g, -g, 0, g, -g, 0, g, g, 0, -g, g, 0), indices: Uint32Array.of(0, 1, 2, 0, 2, 3) };
  const h = ROOF_HALF_M;
  // Roof top (4 corners at z 4) and the fascia's lower edge (same corners at z 1).
  const roofPositions = Float32Array.of(-h, -h, 4, h, -h, 4, h, h, 4, -h, h, 4, -h, -h, 1, h, -h, 1, h, h, 1, -h, h, 1);
  const roofIndices = Uint32Array.of(0, 1, 2, 0, 2, 3, 0, 4, 5, 0, 5, 1, 1, 5, 6, 1, 6, 2, 2, 6, 7, 2, 7, 3, 3, 7, 4, 3, 4, 0);
  const roof = { positions: roofPositions, indices: roofIndices };

  const planePositions = new Float32Array(GRID * GRID * 3);
  const half = ((GRID - 1) * SPACING_M) / 2;
  for (let r = 0; r < GRID; r++) for (let c = 0; c < GRID; c++) planePositions.set([c * SPACING_M - half, r * SPACING_M - half, 1.5], (r * GRID + c) * 3);
  const planeIndices: number[] = [];
  for (let r = 0; r + 1 < GRID; r++)
    for (let c = 0; c + 1 < GRID; c++) {
      const a = r * GRID + c;
      planeIndices.push(a, a + 1, a + GRID + 1, a, a + GRID + 1, a + GRID);
    }
  const normals = new Float32Array(planePositions.length);
  for (let i = 2; i < normals.length; i += 3) normals[i] = 1;

  return {
    triangles: Float32Array.from([...soup(ground.positions, ground.indices), ...soup(roof.positions, roof.indices)]),
    ground,
    roof,
    plane: { positions: planePositions, indices: Uint32Array.from(planeIndices), normals },
    underRoof: (GRID * GRID - 1) / 2,
    open: 0,
  };
}
