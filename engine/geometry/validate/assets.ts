/**
 * The validator's input: per role, one or several assets, each STL bytes or an already-read
 * triangle soup. Anything else — wrong types, ragged arrays, non-finite numbers — becomes an
 * 'invalid-input' finding: the validator is called with user data and must not throw.
 */
import { tryParseStl } from '../stl/reader.ts';
import type { FindingCollector } from './collector.ts';
import { GEOMETRY_ROLES, type GeometryRole } from './finding.ts';

export type StudyVariant = 'proposed' | 'existing' | 'future';

export interface GeometryAsset {
  /** File name or id, echoed in findings. */
  name?: string;
  /** Raw STL bytes (binary or ASCII). */
  stl?: Uint8Array;
  /** Or an already-read triangle soup, xyz × 3 per triangle, metres. */
  positions?: Float32Array;
  /** For study assets: which variant of the study building this is. */
  variant?: StudyVariant;
}

export type GeometryAssetInput = GeometryAsset | Uint8Array | Float32Array;

export type ScenarioGeometryInput = Partial<Record<GeometryRole, GeometryAssetInput | readonly GeometryAssetInput[]>>;

export interface LoadedAsset {
  role: GeometryRole;
  name: string;
  variant?: StudyVariant;
  positions: Float32Array;
}

function invalid(collector: FindingCollector, role: GeometryRole, name: string, message: string): void {
  collector.add(
    { role, name },
    {
      severity: 'error',
      code: 'invalid-input',
      message,
      suggestedFix: 'Upload the geometry as an STL file for this role.',
      triangles: [],
    },
  );
}

/** Reads every asset of every role; failures become findings and the asset is skipped. */
export function loadAssets(input: unknown, collector: FindingCollector): LoadedAsset[] {
  const loaded: LoadedAsset[] = [];
  if (input === null || typeof input !== 'object') {
    collector.add(undefined, {
      severity: 'error',
      code: 'invalid-input',
      message: 'No geometry was given (expected an object with one entry per role).',
      suggestedFix: 'Upload at least the study building and its surroundings.',
      triangles: [],
    });
    return loaded;
  }
  const record = input as Record<string, unknown>;
  for (const role of GEOMETRY_ROLES) {
    const value = record[role];
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => {
      const fallbackName = items.length > 1 ? `${role}-${index + 1}` : role;
      const asset = loadOne(item, role, fallbackName, collector);
      if (asset) loaded.push(asset);
    });
  }
  return loaded;
}

function loadOne(item: unknown, role: GeometryRole, fallbackName: string, collector: FindingCollector): LoadedAsset | undefined {
  let name = fallbackName;
  let stl: unknown;
  let positions: unknown;
  let variant: StudyVariant | undefined;
  if (item instanceof Uint8Array) stl = item;
  else if (item instanceof Float32Array) positions = item;
  else if (item !== null && typeof item === 'object') {
    const asset = item as Record<string, unknown>;
    if (typeof asset.name === 'string' && asset.name.trim() !== '') name = asset.name;
    stl = asset.stl;
    positions = asset.positions;
    if (asset.variant === 'proposed' || asset.variant === 'existing' || asset.variant === 'future') variant = asset.variant;
  } else {
    invalid(collector, role, name, `The ${role} entry is not a file or triangle list.`);
    return undefined;
  }

  if (stl instanceof Uint8Array) {
    const result = tryParseStl(stl);
    if (!result.ok) {
      collector.add({ role, name }, { ...result.finding });
      return undefined;
    }
    return { role, name, variant, positions: result.mesh.positions };
  }
  if (positions instanceof Float32Array) {
    if (positions.length % 9 !== 0) {
      invalid(collector, role, name, `The ${role} triangle list has ${positions.length} numbers, not a multiple of 9 (three xyz vertices per triangle).`);
      return undefined;
    }
    for (let i = 0; i < positions.length; i++) {
      if (!Number.isFinite(positions[i])) {
        const triangle = Math.floor(i / 9);
        collector.add(
          { role, name },
          {
            severity: 'error',
            code: 'stl-non-finite',
            message: `Triangle ${triangle}, vertex ${Math.floor((i % 9) / 3)}, ${'xyz'[i % 3]} is ${positions[i]}.`,
            suggestedFix: 'Fix or delete the named triangle in the model, then re-export.',
            triangles: [triangle],
          },
        );
        return undefined;
      }
    }
    return { role, name, variant, positions };
  }
  invalid(collector, role, name, `The ${role} entry has neither STL bytes nor a triangle list.`);
  return undefined;
}
