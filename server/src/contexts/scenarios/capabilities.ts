/**
 * What the scenario wizard may offer (only what can run is offered). An analysis × job
 * level (engine: AI or CFD) pair is offered when Canopy computes it itself, or when an external
 * service is configured to deliver its results (EXTERNAL_ANALYSES, through /api/ingestassets/…).
 *
 * Canopy's own computations are the rows of CANOPY_COMPUTES. Each analysis is offered once, at the
 * level of its real method: everything Canopy computes is physics (its CFD solver, sun and shade,
 * UTCI), so it is all offered at the CFD level, and the AI level is machine learning only (an
 * external provider). A starter subscription of that one level therefore covers every analysis
 * Canopy computes. Rows marked `retired` are no longer offered, but still run (and are priced and
 * shown as Canopy's) for the scenarios made when they were: solar and thermal comfort at the AI level
 * ran the very same job.
 */
import type { Config } from '../../env.ts';
import type { AnalysisType } from '@canopy/contract/parameter-sets.ts';
import type { Engine } from '@canopy/contract/scenarios.ts';
import type { Capability } from '@canopy/contract/capabilities.ts';
import { ANALYSIS_JOB_TYPES, CFD_WIND_JOB } from '../compute/index.ts';
import { METHOD_SHORT } from '@canopy/engine/cfd/run/method.ts';

export type { Capability };

interface CanopyComputation {
  analysis_type: AnalysisType;
  engine: Engine;
  /** The job (services/analyses) that computes it. */
  jobType: string;
  method: string;
  /** Still runs for scenarios made when it was offered, but is not offered any more. */
  retired?: true;
}

export const CANOPY_COMPUTES: readonly CanopyComputation[] = [
  { analysis_type: 'solar', engine: 'AI', jobType: ANALYSIS_JOB_TYPES.solar, method: 'Sun position and ray casting over the scenario geometry', retired: true },
  { analysis_type: 'solar', engine: 'CFD', jobType: ANALYSIS_JOB_TYPES.solar, method: 'Sun position and ray casting over the scenario geometry' },
  {
    analysis_type: 'thermal_comfort',
    engine: 'AI',
    jobType: ANALYSIS_JOB_TYPES.thermal,
    method: 'UTCI / SET* from the weather file with sun and shade on the plane',
    retired: true,
  },
  {
    analysis_type: 'thermal_comfort',
    engine: 'CFD',
    jobType: ANALYSIS_JOB_TYPES.thermal,
    method: 'UTCI / SET* from the weather file with sun and shade on the plane',
  },
  // Canopy's CFD solver (engine/cfd): one job per wind direction, then the comfort post-processing.
  {
    analysis_type: 'pedestrian_wind_comfort',
    engine: 'CFD',
    jobType: CFD_WIND_JOB,
    method: `Canopy's CFD (${METHOD_SHORT}: the mean wind) per wind direction, then comfort and safety classes from the weather file`,
  },
  {
    analysis_type: 'directional_wind',
    engine: 'CFD',
    jobType: CFD_WIND_JOB,
    method: `Canopy's CFD (${METHOD_SHORT}: the mean wind) per wind direction: speed-up ratios, arrows and streamlines`,
  },
];

/** Analyses whose ingested results Canopy post-processes itself (submit-postprocessing/). */
const POSTPROCESSED_BY_CANOPY: readonly string[] = ['pedestrian_wind_comfort'];

type OfferConfig = Pick<Config, 'EXTERNAL_ANALYSES' | 'EXTERNAL_PROVIDER_NAME'>;

/** EXTERNAL_ANALYSES as pairs (env.ts has validated its shape and analysis types). */
export function externalPairs(config: OfferConfig): Array<{ analysis_type: AnalysisType; engine: Engine }> {
  if (!config.EXTERNAL_ANALYSES) return [];
  return config.EXTERNAL_ANALYSES.split(',').map((pair) => {
    const [analysis, engine] = pair.trim().split(':') as [AnalysisType, Engine];
    return { analysis_type: analysis, engine };
  });
}

/** Every offered pair, Canopy's first: where Canopy computes a pair, an external service is not asked. */
export function capabilities(config: OfferConfig): Capability[] {
  const own: Capability[] = CANOPY_COMPUTES.filter((c) => !c.retired).map((c) => ({
    analysis_type: c.analysis_type,
    engine: c.engine,
    computed_by: 'canopy',
    provider: 'Canopy',
    method: c.method,
  }));
  // A retired pair still runs Canopy's job for old scenarios, so no provider is asked for it either.
  const external: Capability[] = externalPairs(config)
    .filter((p) => !CANOPY_COMPUTES.some((o) => o.analysis_type === p.analysis_type && o.engine === p.engine))
    .map((p) => ({
      analysis_type: p.analysis_type,
      engine: p.engine,
      computed_by: 'external',
      provider: config.EXTERNAL_PROVIDER_NAME,
      method: POSTPROCESSED_BY_CANOPY.includes(p.analysis_type)
        ? `Wind results from ${config.EXTERNAL_PROVIDER_NAME}; comfort classes computed by Canopy once they arrive`
        : `Results from ${config.EXTERNAL_PROVIDER_NAME}, delivered when ready`,
    }));
  return [...own, ...external];
}

/** The job that computes the pair in Canopy, or undefined when its results come from outside. */
export function canopyJobType(analysisType: string, engine: Engine): string | undefined {
  // The demo's simulations are named 'thermal-comfort' (services/demo): the same analysis.
  const analysis = analysisType.replaceAll('-', '_');
  return CANOPY_COMPUTES.find((c) => c.analysis_type === analysis && c.engine === engine)?.jobType;
}

export function computedByCanopy(analysisType: string, engine: Engine): boolean {
  return canopyJobType(analysisType, engine) !== undefined;
}

/** The job levels at which Canopy offers what it computes (a starter subscription is given for each). */
export function levelsCanopyRuns(): Engine[] {
  return [...new Set(CANOPY_COMPUTES.filter((c) => !c.retired).map((c) => c.engine))];
}
