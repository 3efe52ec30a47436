/**
 * Unit mistakes show up as absurd extents (DOMAIN.md §5): a 30 km tall building was modelled in
 * millimetres, a 5 cm city in kilometres. The suggested factor is the common unit whose scaling
 * brings the extent closest (in ratio) to a typical size: 30 m for a building's height, 1 km for a
 * site. Also flagged: coordinates far from the origin (georeferenced exports), where float32
 * rounding reaches centimetres and more.
 */
import type { MeshAnalysis } from '../mesh/analyze.ts';
import { centreOf, isEmptyBounds, sizeOf } from '../mesh/bounds.ts';
import { formatMetres, type AssetRef, type FindingCollector } from './collector.ts';
import type { ValidationOptions } from './options.ts';
import type { RolePolicy } from './policy.ts';

const SHRINKING_UNITS = [
  { factor: 0.001, unit: 'millimetres' },
  { factor: 0.01, unit: 'centimetres' },
];

const TYPICAL_BUILDING_HEIGHT_M = 30;
const TYPICAL_SITE_EXTENT_M = 1_000;

/** The shrinking unit that brings `extentM` closest to `typicalM` (ratio distance). */
export function suggestShrink(extentM: number, typicalM: number): { factor: number; unit: string } {
  let best = SHRINKING_UNITS[0];
  for (const candidate of SHRINKING_UNITS) {
    if (Math.abs(Math.log((extentM * candidate.factor) / typicalM)) < Math.abs(Math.log((extentM * best.factor) / typicalM))) best = candidate;
  }
  return best;
}

export function checkUnits(analysis: MeshAnalysis, asset: AssetRef, policy: RolePolicy, options: ValidationOptions, collector: FindingCollector): void {
  if (isEmptyBounds(analysis.bounds)) return;
  const [dx, dy, dz] = sizeOf(analysis.bounds);
  const horizontal = Math.max(dx, dy);
  const largest = Math.max(horizontal, dz);
  const location = centreOf(analysis.bounds);

  const tooTall = policy.buildings && dz > options.maxBuildingHeightM;
  const tooWide = horizontal > options.maxSiteExtentM;
  if (tooTall || tooWide) {
    const { factor, unit } = tooTall ? suggestShrink(dz, TYPICAL_BUILDING_HEIGHT_M) : suggestShrink(horizontal, TYPICAL_SITE_EXTENT_M);
    const what = tooTall
      ? `is ${formatMetres(dz)} tall (no building exceeds ${formatMetres(options.maxBuildingHeightM)})`
      : `is ${formatMetres(horizontal)} across (no site exceeds ${formatMetres(options.maxSiteExtentM)})`;
    collector.add(asset, {
      severity: policy.units,
      code: 'units-too-large',
      message: `The ${asset.role} geometry ${what}: it was probably modelled in ${unit}.`,
      suggestedFix: `Export in metres, or scale the model by ${factor} (${unit} → metres) before uploading.`,
      triangles: [],
      location,
      details: { heightM: dz, widthM: horizontal, scaleFactor: factor, unit },
    });
  } else if (largest < options.minModelExtentM) {
    collector.add(asset, {
      severity: policy.units,
      code: 'units-too-small',
      message: `The whole ${asset.role} geometry fits in ${formatMetres(largest)}: it was probably modelled in kilometres.`,
      suggestedFix: 'Export in metres, or scale the model by 1000 (kilometres → metres) before uploading.',
      triangles: [],
      location,
      details: { extentM: largest, scaleFactor: 1000, unit: 'kilometres' },
    });
  }

  const distance = Math.hypot(location[0], location[1]);
  if (distance > options.farFromOriginM) {
    // float32 keeps 24 significant bits: the spacing of representable values near `distance`.
    const precisionM = 2 ** (Math.floor(Math.log2(distance)) - 23);
    collector.add(asset, {
      severity: 'warning',
      code: 'far-from-origin',
      message: `The ${asset.role} geometry lies ${formatMetres(distance)} from the origin (georeferenced coordinates?); there, coordinates are rounded to ${precisionM.toPrecision(2)} m.`,
      suggestedFix: 'Move the model so the origin is near the study building at ground level (subtract the site’s coordinates) before exporting.',
      triangles: [],
      location,
      details: { distanceM: distance, precisionM },
    });
  }
}
