/**
 * The inputs of `npm run cfd:case` (any geometry from the command line), read from the text and
 * bytes of its files and checked before anything is computed: the inflow profile, the probe points,
 * the flow angle and the geometry. Every refusal is a CfdCaseError whose message names the file,
 * the row or the column and says what is expected — a user validating Canopy on their own
 * wind-tunnel case should never meet a stack trace.
 *
 * The inflow table (z_m, U_ms, optional k_m2s2) is used as measured between its rows; above its top
 * row the solver continues it with the log law fitted to it (least squares of U against ln z:
 * U = (u* / κ)·ln(z/z0)), shifted to meet the top row, so the profile has no kink and keeps growing
 * like a boundary layer. The ground's wall model takes the log law of the table's surface layer
 * (its lowest tenth, abl-inlet.ts surfaceLayerFit), so it brakes the near-ground flow as measured.
 */
import { fitLogLaw, surfaceLayerFit, type LogLawFit, type TableInlet } from '../bc/abl-inlet.ts';
import { isInsideSoup } from '../../geometry/mesh/point-in-solid.ts';

export class CfdCaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CfdCaseError';
  }
}

interface Table {
  columns: string[];
  rows: number[][];
}

/** A CSV with a header line of column names; every cell a finite number. */
function readTable(file: string, text: string, required: string[], optional: string[]): Table {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0)
    throw new CfdCaseError(`${file}: the file is empty (expected a header line ${[...required, ...optional.map((o) => `[${o}]`)].join(',')})`);
  const columns = lines[0].split(',').map((c) => c.trim());
  const missing = required.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !required.includes(c) && !optional.includes(c));
  if (missing.length || unknown.length) {
    const want = [...required, ...optional.map((o) => `[${o}]`)].join(',');
    throw new CfdCaseError(
      `${file}: wrong columns — expected ${want}, found ${columns.join(',')}` +
        (missing.length ? ` (missing ${missing.join(', ')})` : '') +
        (unknown.length ? ` (unknown ${unknown.join(', ')})` : ''),
    );
  }
  const rows = lines.slice(1).map((line, r) => {
    const cells = line.split(',');
    if (cells.length !== columns.length)
      throw new CfdCaseError(`${file}, row ${r + 2}: ${cells.length} values, expected ${columns.length} (${columns.join(',')})`);
    return cells.map((cell, c) => {
      const v = Number(cell.trim());
      if (cell.trim() === '' || !Number.isFinite(v)) throw new CfdCaseError(`${file}, row ${r + 2}, column ${columns[c]}: '${cell.trim()}' is not a number`);
      return v;
    });
  });
  if (rows.length === 0) throw new CfdCaseError(`${file}: a header line but no rows`);
  return { columns, rows };
}

export interface CaseInflow {
  inlet: TableInlet;
  /** The measured k, when given (m²/s², per row). */
  k: number[] | null;
  /** The log law fitted to the whole table (continues it above its top row). */
  fit: LogLawFit;
  /** The log law of its surface layer (the ground's wall model). */
  wall: LogLawFit;
}

export function parseInflow(file: string, text: string): CaseInflow {
  const t = readTable(file, text, ['z_m', 'U_ms'], ['k_m2s2']);
  const zi = t.columns.indexOf('z_m'),
    ui = t.columns.indexOf('U_ms'),
    ki = t.columns.indexOf('k_m2s2');
  const z = t.rows.map((r) => r[zi]),
    u = t.rows.map((r) => r[ui]);
  for (let r = 0; r < z.length; r++) {
    if (z[r] < 0) throw new CfdCaseError(`${file}, row ${r + 2}: z_m = ${z[r]} is below the ground (z = 0)`);
    if (r > 0 && !(z[r] > z[r - 1])) throw new CfdCaseError(`${file}, row ${r + 2}: z_m must increase from row to row (${z[r - 1]} then ${z[r]})`);
    if (u[r] < 0) throw new CfdCaseError(`${file}, row ${r + 2}: U_ms = ${u[r]} is negative (the inflow goes along the flow angle)`);
    if (ki >= 0 && t.rows[r][ki] < 0) throw new CfdCaseError(`${file}, row ${r + 2}: k_m2s2 = ${t.rows[r][ki]} is negative`);
  }
  if (z.length < 2) throw new CfdCaseError(`${file}: at least two heights are needed`);
  const fit = fitLogLaw(z, u);
  const wall = surfaceLayerFit(z, u);
  if (!fit || !wall)
    throw new CfdCaseError(`${file}: no log law fits the profile (at least two rows with z_m > 0 are needed, and U_ms must grow with z_m near the ground)`);
  const k = ki >= 0 ? t.rows.map((r) => r[ki]) : null;
  return {
    inlet: {
      kind: 'table',
      heightsM: z,
      speedsMs: u,
      roughnessLengthM: wall.roughnessLengthM,
      frictionVelocityMs: wall.frictionVelocityMs,
      aboveTop: fit,
      // The transported-k closure's inflow k (without the column: u*²/√Cμ of the surface layer).
      ...(k ? { tkeM2s2: k } : {}),
      description:
        `${file} (${z.length} heights to ${z[z.length - 1]} m; above: the fitted log law, u* = ${fit.frictionVelocityMs.toFixed(3)} m/s, z0 = ${fit.roughnessLengthM.toPrecision(3)} m; ` +
        `ground: its surface layer's, u* = ${wall.frictionVelocityMs.toFixed(3)} m/s, z0 = ${wall.roughnessLengthM.toPrecision(3)} m)`,
    },
    k,
    fit,
    wall,
  };
}

/** Probe points, world xyz, in the file's order. */
export function parseProbes(file: string, text: string): Float64Array {
  const t = readTable(file, text, ['x_m', 'y_m', 'z_m'], []);
  const [xi, yi, zi] = ['x_m', 'y_m', 'z_m'].map((c) => t.columns.indexOf(c));
  const out = new Float64Array(3 * t.rows.length);
  t.rows.forEach((r, p) => {
    if (r[zi] < 0) throw new CfdCaseError(`${file}, row ${p + 2}: z_m = ${r[zi]} is below the ground (z = 0)`);
    out.set([r[xi], r[yi], r[zi]], 3 * p);
  });
  return out;
}

export function parseFlowAngle(value: string | undefined): number {
  if (value === undefined) return 0;
  const v = Number(value);
  if (value.trim() === '' || !Number.isFinite(v)) throw new CfdCaseError(`--flow-angle: '${value}' is not a number of degrees`);
  return v;
}

export function parseFinestCell(value: string | undefined): number | null {
  if (value === undefined) return null;
  const v = Number(value);
  if (!(v > 0) || !Number.isFinite(v)) throw new CfdCaseError(`--finest-cell: '${value}' is not a positive length in metres`);
  return v;
}

/**
 * The solver's wind direction (meteorological: where the wind comes from, clockwise from north,
 * world y = north) for a flow angle (the direction the flow goes to, counter-clockwise from +x).
 */
export function windFromDeg(flowAngleDeg: number): number {
  return (((270 - flowAngleDeg) % 360) + 360) % 360;
}

/** The probes (rows, 1-based as in the file after its header) that lie inside the geometry. */
export function probesInside(triangles: Float32Array, probes: Float64Array): number[] {
  const inside: number[] = [];
  for (let p = 0; p < probes.length / 3; p++) if (isInsideSoup(triangles, undefined, probes[3 * p], probes[3 * p + 1], probes[3 * p + 2])) inside.push(p);
  return inside;
}
