/**
 * `validateScenarioGeometry`: every check of DOMAIN.md §5 over a scenario's geometry files, per
 * role, plus the checks between roles (buildings standing in the ground, study against
 * surrounds) and over the whole (triangle count, the +Y-is-north statement). It never throws:
 * unreadable files, bad input and even internal failures come back as error findings.
 */
import { analyzeMesh, type MeshAnalysis } from '../mesh/analyze.ts';
import type { Bounds } from '../mesh/bounds.ts';
import { groundHeightSampler } from '../mesh/ground-height.ts';
import { loadAssets, type LoadedAsset, type ScenarioGeometryInput, type StudyVariant } from './assets.ts';
import { FindingCollector, formatMetres } from './collector.ts';
import type { GeometryFinding, GeometryRole } from './finding.ts';
import { checkFloating, type GroundReference } from './floating-check.ts';
import { checkStudyAgainstSurrounds, type AnalysedAsset } from './intersection-check.ts';
import { checkTriangleLimits } from './limits-check.ts';
import { resolveOptions, type ValidationOptions } from './options.ts';
import { ROLE_POLICIES } from './policy.ts';
import { checkTopology } from './topology-checks.ts';
import { checkUnits } from './units-check.ts';

export interface AssetReport {
  role: GeometryRole;
  name: string;
  variant?: StudyVariant;
  triangleCount: number;
  /** Connected parts (buildings, trees…). */
  parts: number;
  bounds: Bounds;
}

export interface GeometryValidationResult {
  /** Errors first, then warnings, then information; in discovery order within each. */
  findings: GeometryFinding[];
  summary: { errors: number; warnings: number; infos: number };
  /** No error findings: the geometry may be submitted. */
  passed: boolean;
  assets: AssetReport[];
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

export function validateScenarioGeometry(input: ScenarioGeometryInput, overrides?: Partial<ValidationOptions>): GeometryValidationResult {
  const collector = new FindingCollector();
  const reports: AssetReport[] = [];
  try {
    run(input, resolveOptions(overrides), collector, reports);
  } catch (error) {
    collector.add(undefined, {
      severity: 'error',
      code: 'internal-error',
      message: `Validation stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}.`,
      suggestedFix: 'Report this as a bug in Canopy, with the files.',
      triangles: [],
    });
  }
  const findings = collector.findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.order - b.order)
    .map(({ finding }) => finding);
  const summary = { errors: 0, warnings: 0, infos: 0 };
  for (const f of findings) {
    if (f.severity === 'error') summary.errors++;
    else if (f.severity === 'warning') summary.warnings++;
    else summary.infos++;
  }
  return { findings, summary, passed: summary.errors === 0, assets: reports };
}

function run(input: ScenarioGeometryInput, options: ValidationOptions, collector: FindingCollector, reports: AssetReport[]): void {
  collector.add(undefined, {
    severity: 'info',
    code: 'north-is-plus-y',
    message: 'True north is taken as +Y (x east, z up, metres), as stated for uploads; the model is not rotated.',
    suggestedFix: 'If north in the model points elsewhere, rotate the model so north is +Y before exporting.',
    triangles: [],
  });
  const assets = loadAssets(input, collector);
  const analysed: (AnalysedAsset & { loaded: LoadedAsset })[] = [];
  for (const loaded of assets) {
    const asset = { role: loaded.role, name: loaded.name };
    const policy = ROLE_POLICIES[loaded.role];
    if (loaded.positions.length === 0) {
      collector.add(asset, {
        severity: policy.empty,
        code: 'empty-geometry',
        message: `The ${loaded.role} file has no triangles.`,
        suggestedFix: 'Export the geometry again, with the objects selected.',
        triangles: [],
      });
      continue;
    }
    const analysis: MeshAnalysis = analyzeMesh(loaded.positions, { weldToleranceM: options.weldToleranceM });
    reports.push({
      role: loaded.role,
      name: loaded.name,
      variant: loaded.variant,
      triangleCount: analysis.triangleCount,
      parts: analysis.components.count,
      bounds: analysis.bounds,
    });
    checkTopology(analysis, loaded.positions, asset, policy, options, collector);
    checkUnits(analysis, asset, policy, options, collector);
    analysed.push({ asset, positions: loaded.positions, analysis, loaded });
  }

  if (!assets.some((a) => a.role === 'study')) {
    collector.add(undefined, {
      severity: 'warning',
      code: 'study-missing',
      message: 'No study geometry was given: only the surroundings will be assessed.',
      suggestedFix: 'Upload the study building (proposed, existing or future) as its own file.',
      triangles: [],
    });
  }

  const ground = groundReference(analysed, options, collector);
  checkFloating(
    analysed.filter((a) => ROLE_POLICIES[a.asset.role].grounded),
    ground,
    options,
    collector,
  );

  for (const study of analysed.filter((a) => a.asset.role === 'study'))
    for (const surrounds of analysed.filter((a) => a.asset.role === 'surrounds')) checkStudyAgainstSurrounds(study, surrounds, options, collector);

  checkTriangleLimits(assets, options, collector);
}

function groundReference(
  analysed: readonly (AnalysedAsset & { loaded: LoadedAsset })[],
  options: ValidationOptions,
  collector: FindingCollector,
): GroundReference {
  const grounds = analysed.filter((a) => a.asset.role === 'ground');
  if (grounds.length === 0) {
    if (analysed.some((a) => ROLE_POLICIES[a.asset.role].grounded)) {
      collector.add(undefined, {
        severity: 'info',
        code: 'ground-missing',
        message: `No ground file was given: the ground is taken as the plane z = ${formatMetres(options.groundLevelZM)}.`,
        suggestedFix: 'Upload the ground (terrain) as its own file if the site is not flat at z = 0.',
        triangles: [],
      });
    }
    return { fallbackZM: options.groundLevelZM };
  }
  const total = grounds.reduce((sum, g) => sum + g.positions.length, 0);
  const merged = new Float32Array(total);
  let at = 0;
  let lowest = Infinity;
  for (const g of grounds) {
    merged.set(g.positions, at);
    at += g.positions.length;
    lowest = Math.min(lowest, g.analysis.bounds.min[2]);
  }
  return { sampler: groundHeightSampler(merged), fallbackZM: lowest };
}
