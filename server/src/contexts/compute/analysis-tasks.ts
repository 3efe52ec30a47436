/**
 * The analyses' CPU tasks (registered in cpu-tasks.ts), run in the piscina worker threads: each is
 * one chunk of points (or of hours) of a pure engine function, so a handler can report progress
 * between chunks and several threads share one analysis.
 *
 * Scene BVHs are cached per thread by the scene's key: building one costs ~65 ms for the demo
 * district, and a thread runs many chunks of the same scene in a row. The cache is thread-local
 * state by design (a worker thread is a process-like sandbox with nothing else in it) and small.
 */
import type { MeshBVH } from 'three-mesh-bvh';
import { buildSceneBvh } from '@canopy/engine/solar/sun-hours.ts';
import { solarChunk, type SolarChunkInput } from '@canopy/engine/analyses/solar.ts';
import { thermalChunk, type ThermalChunkInput } from '@canopy/engine/analyses/thermal-comfort.ts';
import { spmvBounds, type SpmvBoundsInput } from '@canopy/engine/analyses/spmv-bounds.ts';
import { windComfortChunk, type WindComfortChunkInput } from '@canopy/engine/analyses/wind-comfort.ts';
import { planRun, type RunPlanInput } from './cfd/run-plan.ts';

export interface SceneInput {
  sceneKey: string;
  /** Triangle soup of the scene (sent with every chunk: the receiving thread may not have it yet). */
  triangles: Float32Array;
}

const BVH_CACHE_SIZE = 2;
const bvhCache = new Map<string, MeshBVH>();

/**
 * A scene without obstructions still needs a BVH to cast against: one triangle far below the ground,
 * which no upward ray can meet.
 */
const NOTHING = Float32Array.of(0, 0, -1e6, 1, 0, -1e6, 0, 1, -1e6);

export function sceneBvh({ sceneKey, triangles }: SceneInput): MeshBVH {
  const cached = bvhCache.get(sceneKey);
  if (cached) return cached;
  const bvh = buildSceneBvh(triangles.length > 0 ? triangles : NOTHING);
  bvhCache.set(sceneKey, bvh);
  while (bvhCache.size > BVH_CACHE_SIZE) bvhCache.delete(bvhCache.keys().next().value!);
  return bvh;
}

export const ANALYSIS_TASKS = {
  'analysis.solar.chunk': (input: SceneInput & SolarChunkInput) => solarChunk(input, sceneBvh(input)),
  'analysis.thermal.spmv-bounds': (input: SpmvBoundsInput) => spmvBounds(input),
  'analysis.thermal.chunk': (input: SceneInput & ThermalChunkInput) => thermalChunk(input, sceneBvh(input)),
  'analysis.wind.chunk': (input: WindComfortChunkInput) => windComfortChunk(input),
  /** A submitted CFD run's geometry checked and its grid planned (contexts/compute/cfd/run-plan.ts). */
  'cfd.planRun': (input: RunPlanInput) => planRun(input),
};

export type AnalysisTaskName = keyof typeof ANALYSIS_TASKS;
export type AnalysisTaskInput<T extends AnalysisTaskName> = Parameters<(typeof ANALYSIS_TASKS)[T]>[0];
export type AnalysisTaskOutput<T extends AnalysisTaskName> = ReturnType<(typeof ANALYSIS_TASKS)[T]>;
