/** Gathers findings and gives each a stable id: role/asset/code/ordinal. */
import { MAX_LISTED_ITEMS, type GeometryFinding, type GeometryRole } from './finding.ts';

export interface AssetRef {
  role: GeometryRole;
  /** Display name; also the id segment. */
  name: string;
}

export type NewFinding = Omit<GeometryFinding, 'id' | 'role' | 'asset'>;

export class FindingCollector {
  readonly findings: GeometryFinding[] = [];
  private readonly ordinals = new Map<string, number>();

  add(asset: AssetRef | undefined, finding: NewFinding): GeometryFinding {
    const prefix = asset ? `${asset.role}/${asset.name}/${finding.code}` : `scenario/${finding.code}`;
    const ordinal = this.ordinals.get(prefix) ?? 0;
    this.ordinals.set(prefix, ordinal + 1);
    // Spread first: a finding passed through (e.g. from the STL reader) must not keep its own id.
    const full: GeometryFinding = { ...finding, id: `${prefix}/${ordinal}` };
    if (asset) {
      full.role = asset.role;
      full.asset = asset.name;
    }
    if (full.triangles.length > MAX_LISTED_ITEMS || (full.edges && full.edges.length > MAX_LISTED_ITEMS)) {
      full.count ??= Math.max(full.triangles.length, full.edges?.length ?? 0);
      full.triangles = full.triangles.slice(0, MAX_LISTED_ITEMS);
      if (full.edges) full.edges = full.edges.slice(0, MAX_LISTED_ITEMS);
    }
    this.findings.push(full);
    return full;
  }
}

/** "1,234" — counts in messages. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Metres with sensible precision: "0.42 m", "12.3 m", "30,000 m". */
export function formatMetres(m: number): string {
  const abs = Math.abs(m);
  const text = abs >= 100 ? Math.round(m).toLocaleString('en-US') : abs >= 10 ? m.toFixed(1) : m.toFixed(2);
  return `${text} m`;
}
