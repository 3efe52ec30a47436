/**
 * CSV point results from other solvers: `x,y,z,value[,…]` with a header row naming the columns, put
 * onto a presentation-plane mesh so they display and probe like the engine's own data layers.
 *
 * Format: the first non-empty line is the header; it must contain x, y and z (any case, any order)
 * and at least one more column — each further column is one scalar field named by its header. Cells
 * are decimal numbers ('.' decimal point); '#' lines are comments. Coordinates are the results
 * format's site metres (x east, y north, z up; docs/results-format.md).
 *
 * Interpolation, per plane vertex, from the CSV points nearest in 3D:
 * - 'nearest': the value of the single nearest point;
 * - 'idw' (inverse distance weighting): Σ wᵢvᵢ / Σ wᵢ over the k nearest (default 8) with
 *   wᵢ = 1 / dᵢ^p (default p = 2); a point closer than 1 mm gives its value exactly.
 * Neighbours are found through a uniform grid over x and y (cells sized so about two points fall in
 * each), searched ring by ring until no closer point can remain.
 */

export class CsvPointsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvPointsError';
  }
}

export interface CsvPoints {
  /** xyz per point. */
  positions: Float64Array;
  /** One value per point for each value column, by header name. */
  fields: Record<string, Float64Array>;
  count: number;
}

export type Interpolation = 'nearest' | 'idw';

export function parseCsvPoints(text: string): CsvPoints {
  const lines = text.split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (headerIndex < 0) throw new CsvPointsError('the file is empty: expected a header row x,y,z,value');
  const header = lines[headerIndex]!.split(',').map((h) => h.trim());
  const lower = header.map((h) => h.toLowerCase());
  const missing = ['x', 'y', 'z'].filter((axis) => !lower.includes(axis));
  if (missing.length > 0) throw new CsvPointsError(`the header row (line ${headerIndex + 1}) has no ${missing.join(', ')} column: expected x,y,z,value[,…]`);
  const axes = ['x', 'y', 'z'].map((axis) => lower.indexOf(axis));
  const valueColumns = header.map((name, i) => ({ name, i })).filter(({ i }) => !axes.includes(i));
  if (valueColumns.length === 0) throw new CsvPointsError(`the header row (line ${headerIndex + 1}) names no value column after x, y and z`);
  for (const { name, i } of valueColumns) if (name === '') throw new CsvPointsError(`column ${i + 1} of the header row (line ${headerIndex + 1}) has no name`);

  const xyz: number[] = [];
  const values: number[][] = valueColumns.map(() => []);
  for (let n = headerIndex + 1; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const cells = line.split(',');
    if (cells.length !== header.length) {
      throw new CsvPointsError(`line ${n + 1} has ${cells.length} columns; the header has ${header.length}`);
    }
    const number = (i: number) => {
      const cell = cells[i]!.trim();
      const value = cell === '' ? Number.NaN : Number(cell);
      if (!Number.isFinite(value)) throw new CsvPointsError(`line ${n + 1}, column '${header[i]}': '${cell}' is not a finite number`);
      return value;
    };
    for (const a of axes) xyz.push(number(a));
    valueColumns.forEach(({ i }, k) => values[k]!.push(number(i)));
  }
  const count = xyz.length / 3;
  if (count === 0) throw new CsvPointsError('the file has a header but no points');
  return {
    positions: Float64Array.from(xyz),
    fields: Object.fromEntries(valueColumns.map(({ name }, k) => [name, Float64Array.from(values[k]!)])),
    count,
  };
}

interface Grid {
  minX: number;
  minY: number;
  cell: number;
  nx: number;
  ny: number;
  /** Point indices per cell, in CSR form. */
  start: Uint32Array;
  items: Uint32Array;
}

function buildGrid(positions: Float64Array, count: number): Grid {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = positions[i * 3]!,
      y = positions[i * 3 + 1]!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const area = Math.max((maxX - minX) * (maxY - minY), 1e-6);
  const cell = Math.max(Math.sqrt((2 * area) / count), 1e-3);
  const nx = Math.max(1, Math.ceil((maxX - minX) / cell) + 1);
  const ny = Math.max(1, Math.ceil((maxY - minY) / cell) + 1);
  const cellOf = (i: number) => Math.floor((positions[i * 3]! - minX) / cell) + nx * Math.floor((positions[i * 3 + 1]! - minY) / cell);
  const counts = new Uint32Array(nx * ny + 1);
  for (let i = 0; i < count; i++) counts[cellOf(i) + 1]!++;
  for (let c = 0; c < nx * ny; c++) counts[c + 1]! += counts[c]!;
  const start = counts.slice();
  const fill = counts.slice();
  const items = new Uint32Array(count);
  for (let i = 0; i < count; i++) items[fill[cellOf(i)]!++] = i;
  return { minX, minY, cell, nx, ny, start, items };
}

/** The k nearest points to (x, y, z): indices and squared distances, nearest first. */
function nearest(grid: Grid, positions: Float64Array, x: number, y: number, z: number, k: number, idx: Int32Array, d2: Float64Array): number {
  let found = 0;
  const cx = Math.floor((x - grid.minX) / grid.cell);
  const cy = Math.floor((y - grid.minY) / grid.cell);
  const maxRing = Math.max(grid.nx, grid.ny) + Math.abs(cx) + Math.abs(cy);
  for (let ring = 0; ring <= maxRing; ring++) {
    // every point outside this ring is at least (ring - 1) cells away in x or y
    const bound = Math.max(0, ring - 1) * grid.cell;
    if (found === k && bound * bound > d2[found - 1]!) break;
    for (let gy = cy - ring; gy <= cy + ring; gy++) {
      if (gy < 0 || gy >= grid.ny) continue;
      const edgeRow = gy === cy - ring || gy === cy + ring;
      for (let gx = cx - ring; gx <= cx + ring; gx += edgeRow ? 1 : 2 * ring || 1) {
        if (gx < 0 || gx >= grid.nx) continue;
        const c = gx + gy * grid.nx;
        for (let s = grid.start[c]!; s < grid.start[c + 1]!; s++) {
          const p = grid.items[s]!;
          const dx = positions[p * 3]! - x,
            dy = positions[p * 3 + 1]! - y,
            dz = positions[p * 3 + 2]! - z;
          const d = dx * dx + dy * dy + dz * dz;
          if (found < k || d < d2[found - 1]!) {
            let j = found < k ? found++ : found - 1;
            while (j > 0 && d2[j - 1]! > d) {
              d2[j] = d2[j - 1]!;
              idx[j] = idx[j - 1]!;
              j--;
            }
            d2[j] = d;
            idx[j] = p;
          }
        }
      }
    }
  }
  return found;
}

export interface InterpolateOptions {
  method: Interpolation;
  /** Neighbours for 'idw' (default 8). */
  k?: number;
  /** Distance power for 'idw' (default 2). */
  power?: number;
}

/** The CSV fields at each vertex of `planePositions` (xyz float triples), as Float32Arrays. */
export function interpolateOntoPlane(points: CsvPoints, planePositions: Float32Array, options: InterpolateOptions): Record<string, Float32Array> {
  const k = options.method === 'nearest' ? 1 : Math.max(1, Math.min(options.k ?? 8, points.count));
  const power = options.power ?? 2;
  const grid = buildGrid(points.positions, points.count);
  const vertices = planePositions.length / 3;
  const names = Object.keys(points.fields);
  const out = names.map(() => new Float32Array(vertices));
  const idx = new Int32Array(k);
  const d2 = new Float64Array(k);
  for (let v = 0; v < vertices; v++) {
    const found = nearest(grid, points.positions, planePositions[v * 3]!, planePositions[v * 3 + 1]!, planePositions[v * 3 + 2]!, k, idx, d2);
    names.forEach((name, f) => {
      const field = points.fields[name]!;
      if (k === 1 || d2[0]! < 1e-6) {
        out[f]![v] = field[idx[0]!]!;
        return;
      }
      let sum = 0,
        weights = 0;
      for (let j = 0; j < found; j++) {
        const w = 1 / Math.pow(d2[j]!, power / 2);
        sum += w * field[idx[j]!]!;
        weights += w;
      }
      out[f]![v] = sum / weights;
    });
  }
  return Object.fromEntries(names.map((name, f) => [name, out[f]!]));
}
