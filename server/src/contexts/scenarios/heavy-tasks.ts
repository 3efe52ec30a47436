/**
 * The scenarios context's request-side heavy work, run in the heavy-work pool's threads so the
 * event loop keeps answering (ADR 15): validating, converting, importing and repairing a scenario's
 * geometry, and cutting the project's surroundings around its study. Each task is a pure function
 * of structured-cloneable input; failures the user caused come back as values, because an error
 * crossing a thread keeps its message but loses its class.
 */
import {
  parseStl,
  repairMesh,
  StlParseError,
  validateScenarioGeometry,
  writeBinaryStl,
  type GeometryValidationResult,
  type ScenarioGeometryInput,
} from '@canopy/engine/geometry/index.ts';
import type { RepairReport } from '@canopy/engine/geometry/repair/repair-mesh.ts';
import { moving } from '../../jobs/transfer.ts';
import { indexedMesh, stlToGeometryGlb } from './stl-glb.ts';
import { importModel, type ModelImportInput } from './model-import/import-model.ts';
import { surroundsForSite, type SurroundsMesh } from '@canopy/engine/geometry/site/site-surrounds.ts';

export interface RemeshTaskInput {
  /** The source STL's bytes (moved to the thread). */
  bytes: Uint8Array;
  /** The repaired file's name and role, for its validation. */
  filename: string;
  role: string;
  weldToleranceM?: number;
  maxHoleWidthM: number;
  header: string;
}

export interface IndexedMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

export type RemeshOutcome =
  | { ok: false; unreadable: string }
  | { ok: false; empty: true }
  | { ok: true; report: RepairReport; check: GeometryValidationResult; stl: Uint8Array; repaired: IndexedMesh; source: IndexedMesh };

export const SCENARIOS_HEAVY_TASKS = {
  'geometry.validateScenario': (input: ScenarioGeometryInput) => validateScenarioGeometry(input),
  /** An approved scenario's uploaded STL as its geometry GLB (stl-glb.ts). */
  'geometry.stlToGlb': async (input: { bytes: Uint8Array; provenance: { engine: string; version: string; source: string } }) => {
    const out = await stlToGeometryGlb(input.bytes, input.provenance);
    return moving(out, [out.soup, out.glb]);
  },
  /** An uploaded OBJ, glTF, IFC or 3DM model read into a binary STL (model-import/). */
  'geometry.importModel': async (input: ModelImportInput) => {
    const out = await importModel(input);
    return out.ok ? moving(out, [out.stl]) : out;
  },
  /** The project's surroundings cut around an approved scenario's study (site-geometry.ts). */
  'geometry.siteSurrounds': (input: {
    mesh: SurroundsMesh;
    footprints: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>;
    study: Float32Array;
    landscaping?: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>;
  }) => {
    const site = surroundsForSite(input.mesh, input.footprints, input.study, input.landscaping);
    return moving(site, [
      site.positions,
      site.indices,
      site.groundSoup,
      site.buildingSoup,
      site.landscaping.positions,
      site.landscaping.indices,
      site.landscapingSoup,
    ]);
  },
  /**
   * remesh-stl/: read, repair and check one STL, and everything the request then stores — the
   * repaired STL and both indexed meshes — so none of a large file's work is on the request thread.
   */
  'geometry.remesh': (input: RemeshTaskInput): RemeshOutcome => {
    let positions: Float32Array;
    try {
      positions = parseStl(input.bytes).positions;
    } catch (error) {
      if (error instanceof StlParseError) return { ok: false, unreadable: error.message };
      throw error;
    }
    const repaired = repairMesh(positions, { mergeToleranceM: input.weldToleranceM, maxHoleSpanM: input.maxHoleWidthM });
    // Every triangle collapsed (zero area or duplicate): nothing is left to store or validate.
    if (repaired.positions.length === 0) return { ok: false, empty: true };
    const check = validateScenarioGeometry({ [input.role]: { name: input.filename, positions: repaired.positions } });
    const stl = writeBinaryStl(repaired.positions, input.header);
    const out = { ok: true as const, report: repaired.report, check, stl, repaired: indexedMesh(repaired.positions), source: indexedMesh(positions) };
    return moving(out, [stl, out.repaired.positions, out.repaired.indices, out.source.positions, out.source.indices]);
  },
};
