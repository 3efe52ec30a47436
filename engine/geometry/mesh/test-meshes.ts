/**
 * Hand-made triangle soups for the geometry tests (and the benchmark): boxes cut on shared grid
 * lines so faces meet without T-junctions (which lets a test remove exactly one cell to make a hole
 * of known size), flat ground sheets, and small soup utilities. Outward = counter-clockwise seen
 * from outside; x east, y north, z up, metres.
 */

type Axis = 0 | 1 | 2;

/** Each face: the fixed axis and side, and the in-plane axes (u, v) with u × v = outward normal. */
const FACES: readonly { axis: Axis; max: boolean; u: Axis; v: Axis }[] = [
  { axis: 0, max: false, u: 2, v: 1 },
  { axis: 0, max: true, u: 1, v: 2 },
  { axis: 1, max: false, u: 0, v: 2 },
  { axis: 1, max: true, u: 2, v: 0 },
  { axis: 2, max: false, u: 1, v: 0 },
  { axis: 2, max: true, u: 0, v: 1 },
];

export type BoxFace = '-x' | '+x' | '-y' | '+y' | '-z' | '+z';
const FACE_NAMES: readonly BoxFace[] = ['-x', '+x', '-y', '+y', '-z', '+z'];

/**
 * A closed box whose faces are split along the given cut coordinates per axis (first and last are
 * the box's extent). `skip(face, i, j)` leaves out cell (i along u, j along v) of a face, making a hole.
 */
export function cutBox(
  cuts: readonly [readonly number[], readonly number[], readonly number[]],
  skip: (face: BoxFace, i: number, j: number) => boolean = () => false,
): Float32Array {
  const out: number[] = [];
  const point = (axis: Axis, fixed: number, u: Axis, uValue: number, v: Axis, vValue: number): number[] => {
    const p = [0, 0, 0];
    p[axis] = fixed;
    p[u] = uValue;
    p[v] = vValue;
    return p;
  };
  FACES.forEach(({ axis, max, u, v }, f) => {
    const fixed = max ? cuts[axis][cuts[axis].length - 1] : cuts[axis][0];
    const us = cuts[u];
    const vs = cuts[v];
    for (let i = 0; i + 1 < us.length; i++)
      for (let j = 0; j + 1 < vs.length; j++) {
        if (skip(FACE_NAMES[f], i, j)) continue;
        const a = point(axis, fixed, u, us[i], v, vs[j]);
        const b = point(axis, fixed, u, us[i + 1], v, vs[j]);
        const c = point(axis, fixed, u, us[i + 1], v, vs[j + 1]);
        const d = point(axis, fixed, u, us[i], v, vs[j + 1]);
        out.push(...a, ...b, ...c, ...a, ...c, ...d);
      }
  });
  return Float32Array.from(out);
}

/** A plain closed box, 12 triangles. */
export function boxSoup(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number): Float32Array {
  return cutBox([
    [minX, maxX],
    [minY, maxY],
    [minZ, maxZ],
  ]);
}

/**
 * A 10 × 10 × 10 m box standing on z = −1 (reaching 1 m into the ground) with a square hole of
 * `holeM` in its south (−y) wall, centred at x = 5 m, z = 5 m.
 */
export function boxWithHole(holeM: number): Float32Array {
  const lo = 5 - holeM / 2;
  const hi = 5 + holeM / 2;
  return cutBox(
    [
      [0, lo, hi, 10],
      [0, 10],
      [-1, lo, hi, 9],
    ],
    (face, i, j) => face === '-y' && i === 1 && j === 1,
  );
}

/** A flat ground sheet at height z, split into n × n squares, facing up. */
export function groundSheet(minX: number, minY: number, maxX: number, maxY: number, z: number, n = 1): Float32Array {
  const out: number[] = [];
  const dx = (maxX - minX) / n;
  const dy = (maxY - minY) / n;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x0 = minX + i * dx;
      const y0 = minY + j * dy;
      const x1 = i + 1 === n ? maxX : x0 + dx;
      const y1 = j + 1 === n ? maxY : y0 + dy;
      out.push(x0, y0, z, x1, y0, z, x1, y1, z, x0, y0, z, x1, y1, z, x0, y1, z);
    }
  return Float32Array.from(out);
}

export function translateSoup(soup: Float32Array, dx: number, dy: number, dz: number): Float32Array {
  const out = new Float32Array(soup.length);
  for (let i = 0; i < soup.length; i += 3) {
    out[i] = soup[i] + dx;
    out[i + 1] = soup[i + 1] + dy;
    out[i + 2] = soup[i + 2] + dz;
  }
  return out;
}

export function scaleSoup(soup: Float32Array, factor: number): Float32Array {
  return soup.map((value) => value * factor);
}

export function concatSoups(...soups: Float32Array[]): Float32Array {
  const out = new Float32Array(soups.reduce((sum, s) => sum + s.length, 0));
  let at = 0;
  for (const s of soups) {
    out.set(s, at);
    at += s.length;
  }
  return out;
}

/** Reverses the winding of the listed triangles (swaps their second and third vertices). */
export function flipTriangles(soup: Float32Array, triangles: readonly number[]): Float32Array {
  const out = soup.slice();
  for (const t of triangles) {
    for (let k = 0; k < 3; k++) {
      out[t * 9 + 3 + k] = soup[t * 9 + 6 + k];
      out[t * 9 + 6 + k] = soup[t * 9 + 3 + k];
    }
  }
  return out;
}
