/**
 * The difference machine's actors (machines/difference): reading both layers' GLBs through the
 * viewer's authorised fetch, differencing them in a Web Worker (src/viewer/difference), keeping the
 * map as an in-browser layer; and saving it the way any result file joins a simulation — a GLB
 * uploaded to the project's store, then appended to B's simulation (PUT appendresults) with the
 * provenance (both scenarios and both source layers) in its qualifiers and metadata.
 */
import { fromPromise } from 'xstate';
import type { ResultFile, Simulation } from '@canopy/contract/viewer.ts';
import { differenceMetric } from '@canopy/engine/results/difference-metric.ts';
import { differenceMachine } from '@machines/difference/difference.machine.ts';
import { differenceModeOf } from '@machines/difference/compatible.ts';
import type { DifferenceInput, DifferenceOutcome, SavedDifference } from '@machines/difference/difference.types.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { decodeResultGlb, type DecodedLayer } from '../viewer/workers/decode-glb.ts';
import { computeDifference } from '../viewer/difference/difference-runner.ts';
import { symmetricLimit } from '../viewer/difference/diverging-scale.ts';
import { localLayer, putLocalLayer } from '../viewer/scene/local-layers.ts';
import { api } from '../api/client.ts';
import { blobUrl, listAllUploads, requestUploadUrl } from '../api/uploads.ts';
import { asServerCall as call } from '../api/errors.ts';

/** The difference field of the map (one value per point of B). */
export const DIFFERENCE_FIELD = 'difference';

export interface DifferenceCalls {
  projectId: number;
  /** An asset's GLB (the viewer's loadAsset). */
  loadAsset(url: string): Promise<ArrayBuffer>;
  /** Where an asset of a simulation of a scenario is read. */
  urlOf(ids: { configurationId: number; simulationId: number; assetId: number }): string;
  /** The data field a layer is coloured by, and its units. */
  fieldOf(input: DifferenceInput['a']): string | undefined;
  unitsOf(input: DifferenceInput['a']): string;
  /** Stores a file in the project's uploads; its upload id. */
  storeFile(projectId: number, filename: string, bytes: Uint8Array): Promise<number>;
  appendResults(request: { projectId: number; simulationId: number; results: ResultFile[] }): Promise<Simulation>;
}

async function read(calls: DifferenceCalls, side: DifferenceInput['a']): Promise<{ layer: DecodedLayer; values: Float32Array }> {
  const url = calls.urlOf({ configurationId: side.configurationId, simulationId: side.asset.simulation_id, assetId: side.asset.id });
  const layer = await decodeResultGlb(await calls.loadAsset(url));
  const field = calls.fieldOf(side) ?? Object.keys(layer.fields)[0];
  const values = field ? layer.fields[field] : undefined;
  if (!values) throw new Error(`The layer of ${side.scenario} has no values to compare.`);
  return { layer, values };
}

/** B − A of the chosen layers as an in-browser layer on B's points. */
export async function differenceNow(calls: DifferenceCalls, input: DifferenceInput): Promise<DifferenceOutcome> {
  const [a, b] = await Promise.all([read(calls, input.a), read(calls, input.b)]);
  const mode = differenceModeOf(input.b.asset);
  const result = await computeDifference(
    { positions: a.layer.positions, values: a.values },
    { positions: b.layer.positions, values: b.values },
    { mode, maxDistanceM: input.maxDistanceM },
  );
  const url = putLocalLayer('difference', {
    positions: b.layer.positions,
    ...(b.layer.indices ? { indices: b.layer.indices } : {}),
    fields: { [DIFFERENCE_FIELD]: result.values },
    metadata: b.layer.metadata,
  });
  const { values: _values, ...counts } = result;
  void _values;
  return {
    aId: input.a.asset.id,
    bId: input.b.asset.id,
    mode,
    maxDistanceM: input.maxDistanceM,
    url,
    points: result.values.length,
    ...counts,
    limit: mode === 'classes' ? Math.max(1, Math.round(result.maxAbs)) : symmetricLimit(result.maxAbs),
    unit: mode === 'classes' ? '' : calls.unitsOf(input.b),
  };
}

/** How the points were matched, in the words the legend and the saved layer use. */
export function matchingWords(outcome: Pick<DifferenceOutcome, 'shared' | 'resampled' | 'leftOut' | 'maxDistanceM'>): string {
  if (outcome.resampled === 0 && outcome.leftOut === 0) return 'same points in both';
  const parts = [`nearest point within ${outcome.maxDistanceM} m`];
  if (outcome.leftOut) parts.push(`${outcome.leftOut.toLocaleString('en-GB')} points with none left out`);
  return parts.join('; ');
}

/** Saves the map shown as a layer of B's simulation. */
export async function saveDifferenceNow(calls: DifferenceCalls, input: DifferenceInput & { outcome: DifferenceOutcome }): Promise<SavedDifference> {
  const shown = localLayer(input.outcome.url);
  if (!shown) throw new Error('The difference map is no longer in the view: compute it again.');
  const { a, b, outcome } = input;
  const metric = differenceMetric(b.asset.metric ?? b.asset.analysis_type);
  const provenance = `${b.scenario} (layer ${b.asset.id}) − ${a.scenario} (layer ${a.asset.id})`;
  const glb = await writeResultGlb({
    positions: shown.positions,
    ...(shown.indices ? { indices: shown.indices } : {}),
    fields: { [DIFFERENCE_FIELD]: shown.fields[DIFFERENCE_FIELD]! },
    metadata: {
      analysis: b.asset.analysis_type,
      metric,
      units: outcome.mode === 'classes' ? 'class' : outcome.unit,
      provenance: { engine: 'canopy-viewer difference map', version: '1', computedAt: new Date().toISOString() },
      // The kind of map and its half-range too: reopened, the layer is drawn on the same diverging
      // scale centred on zero (screens/viewer/difference/difference-layer.ts reads them back).
      difference: {
        a: { assetId: a.asset.id, scenario: a.scenario },
        b: { assetId: b.asset.id, scenario: b.scenario },
        matching: matchingWords(outcome),
        mode: outcome.mode,
        limit: outcome.limit,
      },
    },
  });
  const uploadId = await calls.storeFile(calls.projectId, `difference-${b.asset.id}-minus-${a.asset.id}.glb`, glb);
  const file: ResultFile = {
    upload_id: uploadId,
    layer_type: 'data',
    analysis_type: b.asset.analysis_type,
    metric,
    ...(b.asset.season ? { season: b.asset.season } : {}),
    ...(b.asset.time_range ? { time_range: b.asset.time_range } : {}),
    ...(b.asset.wind_direction ? { wind_direction: b.asset.wind_direction } : {}),
    ...(b.asset.return_period ? { return_period: b.asset.return_period } : {}),
    qualifiers: { ...b.asset.qualifiers, difference: provenance, matching: matchingWords(outcome) },
    show_by_default: false,
  };
  const simulation = await calls.appendResults({ projectId: calls.projectId, simulationId: b.asset.simulation_id, results: [file] });
  const added = simulation.assets.filter((x) => x.metric === metric).sort((x, y) => y.id - x.id)[0];
  return { assetId: added?.id ?? -1, simulationId: simulation.id };
}

/** PUTs bytes to a fresh upload URL of the project and returns the server's record of them. */
export async function storeProjectFile(projectId: number, filename: string, bytes: Uint8Array): Promise<number> {
  const grant = await call(() => requestUploadUrl(api, projectId, 'asset'));
  const response = await fetch(blobUrl(grant, filename), {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': 'model/gltf-binary' },
    body: bytes as BufferSource,
  });
  if (!response.ok) throw new Error(`The server could not store the map (HTTP ${response.status}).`);
  const stored = await call(() => listAllUploads(api, projectId, { uuid: grant.uuid }));
  const found = stored.find((u) => u.filename === filename);
  if (!found) throw new Error(`The server has no record of ${filename}.`);
  return found.id;
}

export function bindDifference(calls: DifferenceCalls) {
  return differenceMachine.provide({
    actors: {
      computeDifference: fromPromise<DifferenceOutcome, DifferenceInput>(({ input }) => differenceNow(calls, input)),
      saveDifference: fromPromise<SavedDifference, DifferenceInput & { outcome: DifferenceOutcome }>(({ input }) =>
        call(() => saveDifferenceNow(calls, input)),
      ),
    },
  });
}
