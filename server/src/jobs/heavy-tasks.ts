/**
 * Request-side heavy work (issue 17 items 3 and 9), run in the CPU pool's threads so the event
 * loop keeps answering: decoding images for PDFs, reading and converting uploaded result files
 * (a 200 MB STL took 2.6 s of the request thread), validating scenario geometry. Each task is a
 * pure function of structured-cloneable input; failures the user caused come back as values,
 * because an error crossing a thread keeps its message but loses its class.
 */
import { preparePng } from '../services/pdf/image-prepare.ts';
import { renderPdf, type PdfPlan, type RenderOutcome } from '../services/pdf/render.ts';
import { IngestFileError, planeFromGlb, prepareResultFile, type PreparedFile, type PrepareOptions } from '../services/viewer/ingest-files.ts';
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
import { moving } from './transfer.ts';
import { readTable, type ReadTableInput, type ReadTableOutcome } from '../services/project-transfer/read-table.ts';
import { planEstimateScene, type EstimateSceneInput } from '../services/cfd/estimate-scene.ts';
import { indexedMesh, stlToGeometryGlb } from '../services/scenarios/stl-glb.ts';
import { importModel, type ModelImportInput } from '../services/scenarios/model-import/import-model.ts';
import { surroundsForSite, type SurroundsMesh } from '@canopy/engine/geometry/site/site-surrounds.ts';
import { OsmParseError, surroundsFromMapData, type Surrounds, type SurroundsOptions } from '@canopy/engine/geometry/osm/surrounds.ts';

export type SurroundsOutcome = { ok: true; surrounds: Surrounds } | { ok: false; message: string };

export interface IngestTaskInput {
  filename: string;
  bytes: Uint8Array;
  options: Omit<PrepareOptions, 'plane'>;
  planeGlb?: Uint8Array;
}

export type IngestOutcome = { ok: true; prepared: PreparedFile } | { ok: false; message: string };

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

export const HEAVY_TASKS = {
  /** An exported PDF laid out and saved, its PNGs decoded, within the plan's time limit (services/pdf/render.ts). */
  'pdf.render': async (plan: PdfPlan): Promise<RenderOutcome> => {
    const outcome = await renderPdf(plan);
    return outcome.ok ? moving(outcome, [outcome.bytes]) : outcome;
  },
  'pdf.preparePng': async (input: { bytes: Uint8Array }) => {
    const image = await preparePng(input.bytes);
    return image ? moving(image, [image.colour.contents, image.mask?.contents]) : null;
  },
  /** A result file as ingestion stores it; a CSV's plane comes as its stored GLB and is read here too. */
  'ingest.prepareResultFile': async (input: IngestTaskInput): Promise<IngestOutcome> => {
    try {
      const plane = input.planeGlb ? await planeFromGlb(input.planeGlb) : undefined;
      const prepared = await prepareResultFile(input.filename, input.bytes, { ...input.options, plane });
      return moving({ ok: true, prepared }, [prepared.bytes]);
    } catch (error) {
      if (error instanceof IngestFileError) return { ok: false, message: error.message };
      throw error;
    }
  },
  'geometry.validateScenario': (input: ScenarioGeometryInput) => validateScenarioGeometry(input),
  /** An approved scenario's uploaded STL as its geometry GLB (services/scenarios/stl-glb.ts). */
  'geometry.stlToGlb': async (input: { bytes: Uint8Array; provenance: { engine: string; version: string; source: string } }) => {
    const out = await stlToGeometryGlb(input.bytes, input.provenance);
    return moving(out, [out.soup, out.glb]);
  },
  /** An uploaded OBJ, glTF, IFC or 3DM model read into a binary STL (services/scenarios/model-import). */
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
  /** Uploaded or fetched OpenStreetMap data read and extruded (services/surrounds/surrounds.ts); a city's extract takes seconds. */
  'surrounds.fromMapData': (input: { text: string; options: SurroundsOptions & { format?: string } }): SurroundsOutcome => {
    try {
      const surrounds = surroundsFromMapData(input.text, input.options);
      const m = surrounds.merged;
      return moving({ ok: true, surrounds }, [m.positions, m.indices, m.role, m.building]);
    } catch (error) {
      if (error instanceof OsmParseError) return { ok: false, message: error.message };
      throw error;
    }
  },
  /** One table of an imported project archive parsed and checked (services/project-transfer/read-table.ts). */
  'transfer.readTable': (input: ReadTableInput): ReadTableOutcome => {
    const outcome = readTable(input);
    if (!outcome.ok) return outcome;
    // Weather stations' encoded hours move back rather than being copied.
    return moving(
      outcome,
      outcome.rows.map((row) => (row.station as { data?: Uint8Array } | undefined)?.data),
    );
  },
  /** Canopy's CFD checks of a scenario-to-be: the wizard's estimate and the validation's (services/cfd/estimate-scene.ts). */
  'cfd.planEstimateScene': (input: EstimateSceneInput) => planEstimateScene(input),
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
