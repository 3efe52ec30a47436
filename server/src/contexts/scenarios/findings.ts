/**
 * Engine findings (engine/geometry GeometryFinding) as stored and served (contract GeometryFinding):
 * snake_case, every field present, and capped — at most MAX_STORED_FINDINGS findings per run and
 * MAX_STORED_ITEMS triangles/edges per finding (`count` keeps the true total), so one broken
 * 1,000,000-triangle file cannot make a record of hundreds of megabytes.
 */
import type { GeometryFinding as EngineFinding, AssetReport } from '@canopy/engine/geometry/index.ts';
import type { GeometryFinding, GeometryRole } from '@canopy/contract/scenarios.ts';

export const MAX_STORED_FINDINGS = 200;
export const MAX_STORED_ITEMS = 1000;

export function toStoredFinding(f: EngineFinding, uploadIdOf: (role: GeometryRole | undefined, asset: string | undefined) => number | null): GeometryFinding {
  const total = Math.max(f.count ?? 0, f.triangles.length, f.edges?.length ?? 0);
  return {
    id: f.id,
    severity: f.severity,
    code: f.code,
    message: f.message,
    suggested_fix: f.suggestedFix,
    triangles: f.triangles.slice(0, MAX_STORED_ITEMS),
    edges: (f.edges ?? []).slice(0, MAX_STORED_ITEMS),
    location: f.location ?? null,
    role: f.role ?? null,
    asset: f.asset ?? null,
    upload_id: uploadIdOf(f.role, f.asset),
    count: total,
    related: f.related
      ? {
          role: f.related.role,
          asset: f.related.asset ?? null,
          triangles: f.related.triangles.slice(0, MAX_STORED_ITEMS),
          count: Math.max(f.related.count ?? 0, f.related.triangles.length),
        }
      : null,
    details: f.details ?? {},
  };
}

export function storeFindings(
  findings: readonly EngineFinding[],
  uploadIdOf: (role: GeometryRole | undefined, asset: string | undefined) => number | null,
): { findings: GeometryFinding[]; truncated: boolean } {
  return { findings: findings.slice(0, MAX_STORED_FINDINGS).map((f) => toStoredFinding(f, uploadIdOf)), truncated: findings.length > MAX_STORED_FINDINGS };
}

export function storeAssetReports(reports: readonly AssetReport[], uploadIdOf: (role: GeometryRole | undefined, asset: string | undefined) => number | null) {
  return reports.map((a) => ({
    role: a.role,
    name: a.name,
    upload_id: uploadIdOf(a.role, a.name),
    triangle_count: a.triangleCount,
    parts: a.parts,
    bounds: Number.isFinite(a.bounds.min[0]) ? { min: a.bounds.min, max: a.bounds.max } : null,
  }));
}
