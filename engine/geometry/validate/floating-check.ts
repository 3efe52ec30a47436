/**
 * Buildings must reach through the ground (DOMAIN.md §5): a gap under a building lets wind through
 * where there is none. A component floats when its lowest point is more than the tolerance above
 * the ground under its base — the lowest ground height sampled under its base vertices (those
 * within BASE_BAND_M of its bottom), so a building on a slope must reach below the ground at its
 * downhill corner too. Without a ground asset the ground is the plane z = groundLevelZM.
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

export function checkFloating(
  analysis: MeshAnalysis,
  asset: AssetRef,
  ground: GroundReference,
  options: ValidationOptions,
  collector: FindingCollector,
): void {
  const { components, welded } = analysis;
  if (components.count === 0) return;
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

  const floating = new Uint8Array(components.count);
  let floatingCount = 0;
  let worst = -1;
  let worstGapM = 0;
  for (let c = 0; c < components.count; c++) {
    const groundZ = Number.isFinite(groundUnder[c]) ? groundUnder[c] : ground.fallbackZM;
    const gap = components.bounds[c * 6 + 2] - groundZ;
    if (gap > options.floatingToleranceM) {
      floating[c] = 1;
      floatingCount++;
      if (gap > worstGapM) {
        worstGapM = gap;
        worst = c;
      }
    }
  }
  if (floatingCount === 0) return;
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
