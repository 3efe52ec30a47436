/**
 * From a scenario's geometry validation record (GET configuration/{cid}/geometry-validation/) to
 * what the viewer draws and where it flies to: the offending triangles and edges of each finding,
 * cut out of the uploaded STL it names (triangle indices are in the file's order, edges are pairs
 * of soup vertex indices 3·t + k: contract GeometryFinding), their bounds, and a camera that frames
 * them from the current viewing direction.
 */
import type { GeometryFinding, GeometryValidation } from '@canopy/contract/scenarios.ts';
import type { CameraState, FindingHighlight } from '../../viewer/contracts.ts';

/**
 * The triangles `triangles` (indices into the soup, 9 numbers per triangle) as a soup of their own.
 * Indices out of the file (a stale record, a shorter file) and repeats are skipped.
 */
export function offendingTriangles(positions: Float32Array, triangles: readonly number[]): Float32Array {
  const count = Math.floor(positions.length / 9);
  const seen = new Set<number>();
  const wanted: number[] = [];
  for (const t of triangles) {
    if (!Number.isInteger(t) || t < 0 || t >= count || seen.has(t)) continue;
    seen.add(t);
    wanted.push(t);
  }
  const out = new Float32Array(wanted.length * 9);
  wanted.forEach((t, i) => out.set(positions.subarray(t * 9, t * 9 + 9), i * 9));
  return out;
}

/** The edges (pairs of soup vertex indices) as line segments, 6 numbers per edge; invalid ones skipped. */
export function offendingEdges(positions: Float32Array, edges: readonly (readonly [number, number])[]): Float32Array {
  const vertices = Math.floor(positions.length / 3);
  const ok = (v: number) => Number.isInteger(v) && v >= 0 && v < vertices;
  const valid = edges.filter(([a, b]) => ok(a) && ok(b));
  const out = new Float32Array(valid.length * 6);
  valid.forEach(([a, b], i) => {
    out.set(positions.subarray(a * 3, a * 3 + 3), i * 6);
    out.set(positions.subarray(b * 3, b * 3 + 3), i * 6 + 3);
  });
  return out;
}

export type Tone = FindingHighlight['tone'];

const toneOf = (severity: GeometryFinding['severity']): Tone => (severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'info');

/** What highlighting needs of a validation record: its findings, and its files for a finding's other side. */
type FindingsRecord = Pick<GeometryValidation, 'findings'> & {
  assets: ReadonlyArray<Pick<GeometryValidation['assets'][number], 'role' | 'name' | 'upload_id'>>;
};

/** The upload a finding's related triangles are in: the record's asset of that role and name. */
export function relatedUploadId(record: Pick<FindingsRecord, 'assets'>, finding: GeometryFinding): number | null {
  const related = finding.related;
  if (!related) return null;
  const asset = record.assets.find((a) => a.role === related.role && (related.asset === null || a.name === related.asset));
  return asset?.upload_id ?? null;
}

/** Every upload the record's findings point into (their own and their related ones). */
export function uploadsOf(record: GeometryValidation): number[] {
  const ids = new Set<number>();
  for (const f of record.findings) {
    if (f.upload_id !== null && (f.triangles.length || f.edges.length)) ids.add(f.upload_id);
    const related = relatedUploadId(record, f);
    if (related !== null && f.related?.triangles.length) ids.add(related);
  }
  return [...ids];
}

/**
 * The highlights of the record's findings whose files are read (`soups`: upload id → the file's
 * triangle soup). A finding without triangles or edges draws nothing (it may still have a location).
 */
export function highlightsOf(record: FindingsRecord, soups: ReadonlyMap<number, Float32Array>, selectedId: string | null): FindingHighlight[] {
  const out: FindingHighlight[] = [];
  for (const f of record.findings) {
    const selected = f.id === selectedId;
    const soup = f.upload_id !== null ? soups.get(f.upload_id) : undefined;
    if (soup && (f.triangles.length || f.edges.length)) {
      const triangles = offendingTriangles(soup, f.triangles);
      const edges = offendingEdges(soup, f.edges);
      if (triangles.length || edges.length) out.push({ id: f.id, triangles, edges: edges.length ? edges : undefined, tone: toneOf(f.severity), selected });
    }
    const relatedId = relatedUploadId(record, f);
    const relatedSoup = relatedId !== null ? soups.get(relatedId) : undefined;
    if (f.related && relatedSoup) {
      const triangles = offendingTriangles(relatedSoup, f.related.triangles);
      if (triangles.length) out.push({ id: `${f.id}:related`, triangles, tone: 'related', selected });
    }
  }
  return out;
}

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** The bounds of one or more point lists (xyz per vertex); null when there is no point. */
export function boundsOfPoints(...lists: (Float32Array | undefined)[]): Bounds | null {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const list of lists) {
    if (!list) continue;
    for (let i = 0; i + 2 < list.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = list[i + k]!;
        if (v < min[k]!) min[k] = v;
        if (v > max[k]!) max[k] = v;
      }
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : null;
}

/** The smallest radius a fitted view is given, so a sliver or a single point is not filled edge to edge. */
const MIN_RADIUS_M = 2;

/**
 * A camera looking at `bounds` from where the current camera looks (same direction, up and field of
 * view), far enough back that the bounds' sphere fills about two thirds of the view.
 */
export function cameraToFit(current: CameraState, bounds: Bounds): CameraState {
  const centre = [0, 1, 2].map((k) => (bounds.min[k]! + bounds.max[k]!) / 2) as [number, number, number];
  const radius = Math.max(MIN_RADIUS_M, Math.hypot(...[0, 1, 2].map((k) => bounds.max[k]! - bounds.min[k]!)) / 2);
  let direction = [0, 1, 2].map((k) => current.position[k]! - current.target[k]!);
  const length = Math.hypot(...direction);
  direction = length > 1e-9 ? direction.map((d) => d / length) : [-0.4, -0.7, 0.6];
  const distance = (radius / Math.sin(((current.fov || 45) * Math.PI) / 360)) * 1.5;
  return {
    position: [0, 1, 2].map((k) => centre[k]! + direction[k]! * distance) as [number, number, number],
    target: centre,
    up: current.up,
    fov: current.fov,
  };
}

/** Where to look for one finding: its highlighted triangles and edges, else its location. */
export function findingBounds(highlights: readonly FindingHighlight[], finding: GeometryFinding): Bounds | null {
  const own = highlights.filter((h) => h.id === finding.id || h.id === `${finding.id}:related`);
  const drawn = boundsOfPoints(...own.flatMap((h) => [h.triangles, h.edges]));
  if (drawn) return drawn;
  return finding.location ? { min: [...finding.location], max: [...finding.location] } : null;
}
