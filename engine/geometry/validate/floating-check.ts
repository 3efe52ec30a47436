/**
 * Buildings must reach through the ground (DOMAIN.md §5): a gap under a building lets wind through
 * where there is none.
 *
 * A part (connected component) stands in the ground when its lowest point is no more than the
 * tolerance above the ground under its base — the lowest ground height sampled under its base
 * vertices (those within BASE_BAND_M of its bottom), so on a slope it must reach below the ground
 * at its downhill corner. Without a ground asset the ground is the plane z = groundLevelZM.
 *
 * Massing models often stack separate solids (a tower on a podium, one box per floor), so a part
 * that does not reach the ground is still fine when it rests on a part that is (transitively)
 * grounded: their plans overlap and the lower one reaches up to the upper one's base. That test
 * uses bounding boxes, so it can be lenient for a part hovering over an L-shaped building's
 * courtyard; it never flags a stacked model.
 */
import type { MeshAnalysis } from '../mesh/analyze.ts';
import type { GroundHeight } from '../mesh/ground-height.ts';
import { formatCount, formatMetres, type AssetRef, type FindingCollector } from './collector.ts';
import type { ValidationOptions } from './options.ts';

const BASE_BAND_M = 1;

export interface GroundReference {
  sampler?: GroundHeight;
  /** Used where no ground triangle lies under a base vertex. */
  fallbackZM: number;
}

export interface GroundedAsset {
  asset: AssetRef;
  analysis: MeshAnalysis;
}

/** Gap between each part's lowest point and the ground under its base, m (≤ tolerance: grounded). */
function gapsToGround(analysis: MeshAnalysis, ground: GroundReference): Float64Array {
  const { components, welded } = analysis;
  const vertexComponent = new Uint32Array(welded.vertexCount);
  const { indices } = welded;
  for (let c = 0; c < indices.length; c++) vertexComponent[indices[c]] = components.ofTriangle[(c / 3) | 0];
  const groundUnder = new Float64Array(components.count).fill(Infinity);
  if (ground.sampler) {
    const p = welded.vertices;
    for (let v = 0; v < welded.vertexCount; v++) {
      const c = vertexComponent[v];
      if (p[v * 3 + 2] > components.bounds[c * 6 + 2] + BASE_BAND_M) continue;
      const g = ground.sampler.at(p[v * 3], p[v * 3 + 1]);
      if (g < groundUnder[c]) groundUnder[c] = g;
    }
  }
  const gaps = new Float64Array(components.count);
  for (let c = 0; c < components.count; c++) {
    gaps[c] = components.bounds[c * 6 + 2] - (Number.isFinite(groundUnder[c]) ? groundUnder[c] : ground.fallbackZM);
  }
  return gaps;
}

/** Part boxes of all assets in one list, for the support search. */
interface Parts {
  bounds: Float64Array;
  grounded: Uint8Array;
}

/**
 * Marks parts resting on grounded parts as grounded, until nothing changes. A 2-D grid over the
 * parts' plans limits each search to parts nearby.
 */
function propagateSupport(parts: Parts, toleranceM: number): void {
  const count = parts.grounded.length;
  const b = parts.bounds;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    sumSize = 0;
  for (let i = 0; i < count; i++) {
    minX = Math.min(minX, b[i * 6]);
    minY = Math.min(minY, b[i * 6 + 1]);
    maxX = Math.max(maxX, b[i * 6 + 3]);
    maxY = Math.max(maxY, b[i * 6 + 4]);
    sumSize += Math.max(b[i * 6 + 3] - b[i * 6], b[i * 6 + 4] - b[i * 6 + 1]);
  }
  const cellM = Math.max(sumSize / count, (maxX - minX) / 1024, (maxY - minY) / 1024, 1e-6);
  const nx = Math.max(1, Math.ceil((maxX - minX) / cellM));
  const ny = Math.max(1, Math.ceil((maxY - minY) / cellM));
  const cellX = (x: number): number => Math.min(nx - 1, Math.max(0, Math.floor((x - minX) / cellM)));
  const cellY = (y: number): number => Math.min(ny - 1, Math.max(0, Math.floor((y - minY) / cellM)));
  // CSR buckets: parts overlapping cell c are items[start[c] … start[c + 1]).
  const start = new Uint32Array(nx * ny + 1);
  for (let i = 0; i < count; i++)
    for (let y = cellY(b[i * 6 + 1]); y <= cellY(b[i * 6 + 4]); y++) for (let x = cellX(b[i * 6]); x <= cellX(b[i * 6 + 3]); x++) start[y * nx + x + 1]++;
  for (let c = 0; c < nx * ny; c++) start[c + 1] += start[c];
  const items = new Uint32Array(start[nx * ny]);
  const fill = start.slice(0, nx * ny);
  for (let i = 0; i < count; i++)
    for (let y = cellY(b[i * 6 + 1]); y <= cellY(b[i * 6 + 4]); y++) for (let x = cellX(b[i * 6]); x <= cellX(b[i * 6 + 3]); x++) items[fill[y * nx + x]++] = i;
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < count; i++) {
      if (parts.grounded[i]) continue;
      search: for (let y = cellY(b[i * 6 + 1]); y <= cellY(b[i * 6 + 4]); y++)
        for (let x = cellX(b[i * 6]); x <= cellX(b[i * 6 + 3]); x++)
          for (let k = start[y * nx + x]; k < start[y * nx + x + 1]; k++) {
            const j = items[k];
            if (!parts.grounded[j] || j === i) continue;
            const overlapX = Math.min(b[i * 6 + 3], b[j * 6 + 3]) - Math.max(b[i * 6], b[j * 6]);
            const overlapY = Math.min(b[i * 6 + 4], b[j * 6 + 4]) - Math.max(b[i * 6 + 1], b[j * 6 + 1]);
            if (overlapX > toleranceM && overlapY > toleranceM && b[j * 6 + 2] < b[i * 6 + 2] && b[j * 6 + 5] >= b[i * 6 + 2] - toleranceM) {
              parts.grounded[i] = 1;
              changed = true;
              break search;
            }
          }
    }
  }
}
export function checkFloating(assets: readonly GroundedAsset[], ground: GroundReference, options: ValidationOptions, collector: FindingCollector): void {
  const total = assets.reduce((sum, a) => sum + a.analysis.components.count, 0);
  if (total === 0) return;
  const parts: Parts = { bounds: new Float64Array(total * 6), grounded: new Uint8Array(total) };
  const gaps = new Float64Array(total);
  let offset = 0;
  for (const a of assets) {
    parts.bounds.set(a.analysis.components.bounds, offset * 6);
    gaps.set(gapsToGround(a.analysis, ground), offset);
    offset += a.analysis.components.count;
  }
  let floatingAny = false;
  for (let i = 0; i < total; i++) {
    if (gaps[i] <= options.floatingToleranceM) parts.grounded[i] = 1;
    else floatingAny = true;
  }
  if (!floatingAny) return;
  propagateSupport(parts, options.floatingToleranceM);

  offset = 0;
  for (const { asset, analysis } of assets) {
    const { components } = analysis;
    const floating = new Uint8Array(components.count);
    let floatingCount = 0;
    let worst = -1;
    for (let c = 0; c < components.count; c++) {
      if (parts.grounded[offset + c]) continue;
      floating[c] = 1;
      floatingCount++;
      if (worst < 0 || gaps[offset + c] > gaps[offset + worst]) worst = c;
    }
    const worstGapM = worst >= 0 ? gaps[offset + worst] : 0;
    offset += components.count;
    if (floatingCount === 0) continue;
    const triangles: number[] = [];
    for (let t = 0; t < analysis.triangleCount; t++) if (floating[components.ofTriangle[t]]) triangles.push(t);
    const b = components.bounds.subarray(worst * 6, worst * 6 + 6);
    collector.add(asset, {
      severity: 'error',
      code: 'floating',
      message:
        `${formatCount(floatingCount)} of ${formatCount(components.count)} ${asset.role === 'study' ? 'study building parts' : 'buildings'} ` +
        `float above the ground (the worst by ${formatMetres(worstGapM)}); buildings must reach through the ground.`,
      suggestedFix: 'Extend the buildings’ walls down below the ground surface (e.g. 1 m into it), or move them down onto the terrain.',
      triangles,
      location: [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, b[2]],
      details: { floatingParts: floatingCount, worstGapM },
    });
  }
}
