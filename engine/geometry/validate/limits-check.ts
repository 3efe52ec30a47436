/** Triangle-count limits over the whole scenario: simulation meshing and the viewer both scale with it. */
import { formatCount, type FindingCollector } from './collector.ts';
import type { LoadedAsset } from './assets.ts';
import type { ValidationOptions } from './options.ts';

export function checkTriangleLimits(assets: readonly LoadedAsset[], options: ValidationOptions, collector: FindingCollector): void {
  const counts = assets.map((a) => ({ name: `${a.role}/${a.name}`, triangles: Math.floor(a.positions.length / 9) }));
  const total = counts.reduce((sum, c) => sum + c.triangles, 0);
  if (total <= options.warnTriangles) return;
  const largest = [...counts].sort((a, b) => b.triangles - a.triangles).slice(0, 3);
  const over = total > options.maxTriangles;
  collector.add(undefined, {
    severity: over ? 'error' : 'warning',
    code: over ? 'triangle-limit' : 'triangle-count-high',
    message:
      `The scenario has ${formatCount(total)} triangles; ${over ? `the limit is ${formatCount(options.maxTriangles)}` : `above ${formatCount(options.warnTriangles)} simulations and the viewer slow down`}. ` +
      `Largest: ${largest.map((c) => `${c.name} ${formatCount(c.triangles)}`).join(', ')}.`,
    suggestedFix: 'Simplify the surroundings far from the study building (block massing instead of detailed facades), or decimate the terrain.',
    triangles: [],
    details: { triangles: total, limit: options.maxTriangles },
  });
}
