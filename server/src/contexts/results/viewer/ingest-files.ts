/**
 * Turning one uploaded result file into a stored layer: GLB (checked with engine/results/glb.ts
 * readResultGlb and kept as uploaded), STL geometry (engine/geometry/stl parseStl, written as a
 * result GLB without fields) and CSV points (engine/results/csv-points.ts, interpolated onto a
 * presentation-plane asset's vertices and written as a result GLB). Nothing here writes: a bad file
 * throws `IngestFileError` naming the problem before any blob or row exists.
 */
import { readResultGlb, writeResultGlb, type ResultMetadata, type ResultMetadataInput } from '@canopy/engine/results/glb.ts';
import { parseStl } from '@canopy/engine/geometry/stl/reader.ts';
import { CsvPointsError, interpolateOntoPlane, parseCsvPoints, type Interpolation } from '@canopy/engine/results/csv-points.ts';
import { JsonLayerError, parseJsonLayer } from '@canopy/engine/results/json-layers.ts';

export class IngestFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestFileError';
  }
}

export type ResultFileKind = 'glb' | 'stl' | 'csv' | 'json';

export function kindOf(filename: string): ResultFileKind {
  const ext = filename.toLowerCase().split('.').pop();
  if (ext === 'glb' || ext === 'stl' || ext === 'csv' || ext === 'json') return ext;
  throw new IngestFileError('unsupported file type: expected .glb, .stl, .csv or .json (graph, wind rose)');
}

export interface PreparedFile {
  /** The bytes to store: a result GLB, or the graph / wind-rose JSON as given. */
  bytes: Uint8Array;
  filename: string;
  /** The layer_type when the request gives none. */
  layerType: 'geometry' | 'data' | 'graph' | 'windrose';
  metadata: ResultMetadata;
}

export interface PrepareOptions {
  analysisType?: string;
  metric?: string;
  units?: string;
  geometryType?: string;
  /** CSV: the plane's positions (from its GLB) and how to interpolate. */
  plane?: { positions: Float32Array; indices?: Uint32Array };
  interpolation?: Interpolation;
}

const glbName = (filename: string) => filename.replace(/\.[^.]+$/, '') + '.glb';

async function readGlb(bytes: Uint8Array) {
  try {
    return await readResultGlb(bytes);
  } catch (error) {
    // readResultGlb throws ResultGlbError for format problems and glTF-Transform's errors for broken binaries
    throw new IngestFileError(`not a readable result GLB: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function prepareResultFile(filename: string, bytes: Uint8Array, options: PrepareOptions): Promise<PreparedFile> {
  const kind = kindOf(filename);
  if (kind === 'glb') {
    const mesh = await readGlb(bytes);
    return { bytes, filename, layerType: 'data', metadata: mesh.metadata };
  }
  if (kind === 'stl') {
    let mesh;
    try {
      mesh = parseStl(bytes);
    } catch (error) {
      throw new IngestFileError(error instanceof Error ? error.message : String(error));
    }
    const metadata: ResultMetadataInput = {
      analysis: options.analysisType || 'geometry',
      metric: options.geometryType || 'geometry',
      units: 'm',
      provenance: { engine: 'stl-import', version: '1', source: filename },
    };
    const glb = await writeResultGlb({ positions: mesh.positions, indices: sequence(mesh.triangleCount * 3), fields: {}, metadata });
    return { bytes: glb, filename: glbName(filename), layerType: 'geometry', metadata: (await readResultGlb(glb)).metadata };
  }
  if (kind === 'json') {
    let layer;
    try {
      layer = parseJsonLayer(new TextDecoder('utf-8').decode(bytes));
    } catch (error) {
      if (error instanceof JsonLayerError) throw new IngestFileError(error.message);
      throw error;
    }
    // the asset row keeps the descriptive keys; the series or frequencies stay in the file
    const analysis = layer.kind === 'graph' ? layer.analysis : 'windrose';
    const metric = layer.kind === 'graph' ? layer.metric : 'frequency';
    const metadata: ResultMetadata = { analysis, metric, units: layer.kind === 'graph' ? layer.y.units : '%', provenance: layer.provenance, kind: layer.kind };
    return { bytes, filename, layerType: layer.kind, metadata };
  }
  if (!options.plane) throw new IngestFileError('CSV points need presentation_plane_asset_id: the plane to interpolate them onto');
  let points;
  try {
    points = parseCsvPoints(new TextDecoder('utf-8').decode(bytes));
  } catch (error) {
    if (error instanceof CsvPointsError) throw new IngestFileError(error.message);
    throw error;
  }
  const interpolation = options.interpolation ?? 'idw';
  const fields = interpolateOntoPlane(points, options.plane.positions, { method: interpolation });
  const firstField = Object.keys(fields)[0] ?? 'value';
  const metadata: ResultMetadataInput = {
    analysis: options.analysisType || 'external',
    metric: options.metric || firstField,
    units: options.units ?? '',
    provenance: { engine: 'csv-import', version: '1', source: filename, interpolation, points: points.count },
  };
  const glb = await writeResultGlb({ positions: options.plane.positions, indices: options.plane.indices, fields, metadata });
  return { bytes: glb, filename: glbName(filename), layerType: 'data', metadata: (await readResultGlb(glb)).metadata };
}

function sequence(n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** A presentation plane from its stored result GLB. */
export async function planeFromGlb(bytes: Uint8Array): Promise<{ positions: Float32Array; indices?: Uint32Array }> {
  const mesh = await readGlb(bytes);
  return { positions: mesh.positions, indices: mesh.indices };
}
