/**
 * From one direction of Canopy's CFD (engine/cfd) to the layers Canopy stores: the speed-up ratios on
 * the presentation plane in the results format the wind-comfort post-processing reads (fields
 * `speedRatio`, `gemSpeedRatio`, `turbulenceIntensity`, and the mean velocity `u`, `v` for arrows),
 * and the direction's streamlines as a line layer. Also the choices a run makes around the solver:
 * the approach flow over the study's terrain and the grid the 3D mean field is written on.
 */
import type { LogLawInlet } from '../cfd/bc/abl-inlet.ts';
import type { DirectionResult, FieldGrid } from '../cfd/run/direction.ts';
import type { ScenePlan } from '../cfd/run/scene-plan.ts';
import { streamlineSeeds, traceStreamlines } from '../cfd/post/streamlines.ts';
import { INDICATIVE_NOTE, METHOD_NAME } from '../cfd/run/method.ts';
import { TERRAINS, type TerrainId } from '../wind/profile.ts';
import { legendRef } from './legends.ts';
import type { AnalysisLayer, Provenance, ResultSurface } from './layers.ts';

/** The reference height speed ratios are stated at: the met station's anemometer height. */
export const CFD_REFERENCE_HEIGHT_M = 10;
/** Any speed: the ratios do not depend on it (Reynolds-number independence of sharp-edged flow). */
export const CFD_REFERENCE_SPEED_MS = 10;

/** The approach flow: a neutral log law over the study's terrain, referenced at 10 m. */
export function terrainInlet(terrain: TerrainId): LogLawInlet {
  const t = TERRAINS[terrain];
  if (!t) throw new RangeError(`unknown terrain '${String(terrain)}'`);
  return { kind: 'log', roughnessLengthM: t.roughnessLengthM, referenceSpeedMs: CFD_REFERENCE_SPEED_MS, referenceHeightM: CFD_REFERENCE_HEIGHT_M };
}

/** Wind directions (degrees from north, where the wind comes from) of an n-direction study. */
export function windDirections(count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.round(((360 * i) / count) * 100) / 100);
}

/**
 * The world-axis grid the 3D mean field is written on, for streamlines: the region of interest and
 * a fifth more, every 8 m (twice the rapid tier's finest cell: streamlines need the flow's shape, not
 * its detail) from pedestrian height to 1.5 times the tallest building (at most 120 m).
 */
export function streamlineFieldGrid(scene: Pick<ScenePlan, 'centre' | 'roiRadiusM' | 'maxHeightM'>, spacingM = 8): FieldGrid {
  const half = Math.ceil((1.2 * scene.roiRadiusM) / spacingM) * spacingM;
  const nxy = Math.round((2 * half) / spacingM) + 1;
  const top = Math.min(120, 1.5 * scene.maxHeightM);
  const nz = Math.max(2, Math.ceil((top - 1.5) / spacingM) + 1);
  return { originM: [scene.centre[0] - half, scene.centre[1] - half, 1.5], spacingM, dims: [nxy, nxy, nz] };
}

export interface DirectionLayerInput {
  surface: ResultSurface;
  result: Pick<DirectionResult, 'pedestrian'>;
  directionDeg: number;
  terrain: TerrainId;
  provenance: Provenance;
  /** Extra metadata kept with the layer (the run's manifest). */
  extra?: Record<string, unknown>;
}

const formatDirection = (deg: number) => String(Math.round(deg * 100) / 100);

/** NaN where the solver had no fluid at a point (inside a building, or off the grid). */
function masked(values: Float32Array, level: Int8Array): Float32Array {
  return Float32Array.from(values, (x, p) => (level[p]! < 0 ? Number.NaN : x));
}

/**
 * The direction's speed-up ratio layer, as the wind-comfort post-processing reads wind results
 * (contexts/compute/analyses/wind-results.ts): `speedRatio` and `gemSpeedRatio` per plane vertex, referenced
 * to the approach flow at 10 m over the terrain (metadata.reference).
 */
export function directionLayer(input: DirectionLayerInput): AnalysisLayer {
  const { pedestrian } = input.result;
  const level = pedestrian.level;
  const deg = formatDirection(input.directionDeg);
  return {
    key: `cfd-direction.${deg.replace('.', 'p')}`,
    analysisType: 'wind-speed-ratio',
    metric: 'speed-ratio',
    windDirection: deg,
    qualifiers: {},
    showByDefault: false,
    result: {
      positions: input.surface.positions,
      ...(input.surface.indices ? { indices: input.surface.indices } : {}),
      fields: {
        speedRatio: masked(pedestrian.speedRatio, level),
        gemSpeedRatio: masked(pedestrian.gemRatio, level),
        turbulenceIntensity: masked(pedestrian.turbulenceIntensity, level),
        u: masked(pedestrian.u, level),
        v: masked(pedestrian.v, level),
      },
      metadata: {
        analysis: 'wind-speed-ratio',
        metric: 'speed-ratio',
        units: '',
        legend: legendRef('speed-ratio'),
        windDirectionDeg: input.directionDeg,
        reference: { heightM: CFD_REFERENCE_HEIGHT_M, terrain: input.terrain },
        method: METHOD_NAME,
        indicativeFields: ['gemSpeedRatio', 'turbulenceIntensity'],
        fieldInfo: {
          gemSpeedRatio: {
            units: '',
            metric: 'speed-ratio',
            description: `gust equivalent mean max(U, (U + 3.5σ)/1.85) / reference speed (Lawson); ${INDICATIVE_NOTE}`,
          },
          turbulenceIntensity: { units: '', metric: 'turbulence-intensity', description: `σ / mean speed (resolved and modelled); ${INDICATIVE_NOTE}` },
          u: { units: '', description: 'mean east velocity / reference speed' },
          v: { units: '', description: 'mean north velocity / reference speed' },
        },
        ...input.extra,
        provenance: input.provenance,
      },
    },
  };
}

export interface StreamlineLayerInput {
  field: Float32Array;
  grid: FieldGrid;
  scene: Pick<ScenePlan, 'centre' | 'roiRadiusM'>;
  directionDeg: number;
  /** Pedestrian points (world xyz) and their speed ratios: the fastest seed lines too. */
  points: Float64Array;
  speedRatio: Float32Array;
  provenance: Provenance;
}

/**
 * The direction's streamlines as a line layer (docs/results-format.md "Line layers"): seeded across
 * the wind upstream of the region of interest at 2, 10 and 30 m and at the fastest pedestrian points.
 * Null when no line could be traced.
 */
export function streamlineLayer(input: StreamlineLayerInput): AnalysisLayer | null {
  const finite = { points: [] as number[], speedRatio: [] as number[] };
  for (let p = 0; p < input.speedRatio.length; p++) {
    if (!Number.isFinite(input.speedRatio[p])) continue;
    finite.points.push(input.points[3 * p]!, input.points[3 * p + 1]!, input.points[3 * p + 2]!);
    finite.speedRatio.push(input.speedRatio[p]!);
  }
  const seeds = streamlineSeeds(input.directionDeg, input.scene.centre, input.scene.roiRadiusM, [2, 10, 30], finite);
  const lines = traceStreamlines(input.field, input.grid, seeds, { maxLengthM: 4 * input.scene.roiRadiusM });
  if (lines.length === 0) return null;
  const vertices = lines.reduce((n, l) => n + l.points.length / 3, 0);
  const positions = new Float32Array(vertices * 3);
  const speedRatio = new Float32Array(vertices);
  const heightM = new Float32Array(vertices);
  const segments: number[] = [];
  let at = 0;
  for (const line of lines) {
    const n = line.points.length / 3;
    positions.set(line.points, at * 3);
    speedRatio.set(line.speedRatio, at);
    for (let k = 0; k < n; k++) {
      heightM[at + k] = line.points[3 * k + 2]!;
      if (k > 0) segments.push(at + k - 1, at + k);
    }
    at += n;
  }
  const deg = formatDirection(input.directionDeg);
  return {
    key: `cfd-streamlines.${deg.replace('.', 'p')}`,
    analysisType: 'wind-streamlines',
    metric: 'speed-ratio',
    windDirection: deg,
    qualifiers: {},
    showByDefault: false,
    layerType: 'volumetric',
    result: {
      positions,
      lines: Uint32Array.from(segments),
      fields: { speedRatio, heightM },
      metadata: {
        analysis: 'wind-streamlines',
        metric: 'speed-ratio',
        units: '',
        legend: legendRef('speed-ratio'),
        primitive: 'lines',
        windDirectionDeg: input.directionDeg,
        streamlines: lines.length,
        fieldInfo: { heightM: { units: 'm', description: 'height of the vertex above the ground' } },
        provenance: input.provenance,
      },
    },
  };
}
