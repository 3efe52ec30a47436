/**
 * Small builders of closed (watertight, consistently outward-wound) triangle meshes for the demo
 * district: stepped prisms (towers with setbacks), regular n-gon prisms, and subdivided
 * icospheres. World axes: x = east, y = north, z = up, metres.
 *
 * "Closed" means every undirected edge is shared by exactly two triangles and each directed edge
 * occurs once — what the geometry validator expects of buildings (DOMAIN.md §5).
 */

export interface IndexedMesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

export type Point2 = readonly [number, number];

class MeshWriter {
  private readonly positions: number[] = [];
  private readonly indices: number[] = [];

  vertex(x: number, y: number, z: number): number {
    this.positions.push(x, y, z);
    return this.positions.length / 3 - 1;
  }

  triangle(a: number, b: number, c: number): void {
    this.indices.push(a, b, c);
  }

  quad(a: number, b: number, c: number, d: number): void {
    this.indices.push(a, b, c, a, c, d);
  }

  build(): IndexedMesh {
    return { positions: Float32Array.from(this.positions), indices: Uint32Array.from(this.indices) };
  }
}

export interface PrismLevel {
  /** Convex footprint, counter-clockwise seen from above; every level has the same vertex count. */
  footprint: readonly Point2[];
  /** Height of this level's top, metres. */
  topZ: number;
}

/**
 * A stack of prisms with setbacks as ONE closed mesh: each level's footprint lies inside the one
 * below with corresponding vertices, and the exposed ledge between them is a ring of quads, so
 * the walls of consecutive levels share their edges with the ring (no T-junctions).
 */
export function steppedPrism(levels: readonly PrismLevel[], bottomZ: number): IndexedMesh {
  if (levels.length === 0) throw new Error('steppedPrism: at least one level');
  const n = levels[0].footprint.length;
  if (levels.some((level) => level.footprint.length !== n)) throw new Error('steppedPrism: footprints need equal vertex counts');
  const w = new MeshWriter();
  const ring = (footprint: readonly Point2[], z: number): number[] => footprint.map(([x, y]) => w.vertex(x, y, z));

  let below = ring(levels[0].footprint, bottomZ);
  // Bottom cap faces down: reverse fan.
  for (let k = 1; k < n - 1; k++) w.triangle(below[0], below[k + 1], below[k]);
  for (let level = 0; level < levels.length; level++) {
    const top = ring(levels[level].footprint, levels[level].topZ);
    for (let k = 0; k < n; k++) w.quad(below[k], below[(k + 1) % n], top[(k + 1) % n], top[k]);
    const next = levels[level + 1];
    if (next) {
      const inner = ring(next.footprint, levels[level].topZ);
      for (let k = 0; k < n; k++) w.quad(top[k], top[(k + 1) % n], inner[(k + 1) % n], inner[k]);
      below = inner;
    } else {
      for (let k = 1; k < n - 1; k++) w.triangle(top[0], top[k], top[k + 1]);
    }
  }
  return w.build();
}

/** Regular n-gon footprint centred on (cx, cy), counter-clockwise, first vertex at `phase` radians. */
export function regularPolygon(cx: number, cy: number, radius: number, sides: number, phase = 0): Point2[] {
  return Array.from({ length: sides }, (_, k) => {
    const angle = phase + (2 * Math.PI * k) / sides;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as const;
  });
}

/** Axis-aligned rectangle footprint, counter-clockwise. */
export function rectangle(minX: number, minY: number, maxX: number, maxY: number): Point2[] {
  return [
    [minX, minY],
    [maxX, minY],
    [maxX, maxY],
    [minX, maxY],
  ];
}

/** Icosphere: an icosahedron with each face split into four `subdivisions` times, projected to the sphere. */
export function icosphere(cx: number, cy: number, cz: number, radius: number, subdivisions: number): IndexedMesh {
  const t = (1 + Math.sqrt(5)) / 2;
  const unit: number[][] = [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ].map(([x, y, z]) => {
    const length = Math.hypot(x, y, z);
    return [x / length, y / length, z / length];
  });
  let faces: number[][] = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  for (let s = 0; s < subdivisions; s++) {
    const midpoints = new Map<string, number>();
    const midpoint = (a: number, b: number): number => {
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      const cached = midpoints.get(key);
      if (cached !== undefined) return cached;
      const [x, y, z] = [0, 1, 2].map((i) => (unit[a][i] + unit[b][i]) / 2);
      const length = Math.hypot(x, y, z);
      unit.push([x / length, y / length, z / length]);
      midpoints.set(key, unit.length - 1);
      return unit.length - 1;
    };
    faces = faces.flatMap(([a, b, c]) => {
      const ab = midpoint(a, b);
      const bc = midpoint(b, c);
      const ca = midpoint(c, a);
      return [
        [a, ab, ca],
        [b, bc, ab],
        [c, ca, bc],
        [ab, bc, ca],
      ];
    });
  }
  const positions = new Float32Array(unit.length * 3);
  unit.forEach(([x, y, z], i) => positions.set([cx + radius * x, cy + radius * y, cz + radius * z], i * 3));
  return { positions, indices: Uint32Array.from(faces.flat()) };
}

/** Expands an indexed mesh into triangle soup (xyz × 3 per triangle). */
export function toTriangleSoup(mesh: IndexedMesh): Float32Array {
  const soup = new Float32Array(mesh.indices.length * 3);
  for (let i = 0; i < mesh.indices.length; i++) {
    const v = mesh.indices[i] * 3;
    soup[i * 3] = mesh.positions[v];
    soup[i * 3 + 1] = mesh.positions[v + 1];
    soup[i * 3 + 2] = mesh.positions[v + 2];
  }
  return soup;
}

/** Signed volume (divergence theorem); positive when faces wind outward. */
export function signedVolume(mesh: IndexedMesh): number {
  let volume = 0;
  const p = mesh.positions;
  for (let i = 0; i < mesh.indices.length; i += 3) {
    const a = mesh.indices[i] * 3;
    const b = mesh.indices[i + 1] * 3;
    const c = mesh.indices[i + 2] * 3;
    volume +=
      (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
      6;
  }
  return volume;
}

/** True when every directed edge occurs once and its reverse once (closed, consistently wound). */
export function isClosedManifold(mesh: IndexedMesh): boolean {
  const directed = new Map<string, number>();
  for (let i = 0; i < mesh.indices.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const key = `${mesh.indices[i + k]}>${mesh.indices[i + ((k + 1) % 3)]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of directed) {
    if (count !== 1) return false;
    const [a, b] = key.split('>');
    if (directed.get(`${b}>${a}`) !== 1) return false;
  }
  return true;
}
