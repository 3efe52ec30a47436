/**
 * The compute context's public entry: what other contexts may use of it (the analyses' settings and
 * results, Canopy's CFD plans and run states). Another context imports from here, never a module
 * inside: `npm run lint` refuses a deep import (eslint.server-layers.js, ADR 28). Routes and the
 * entry points may still import any module.
 */
export { geometryAssetRow, putGeometryGlb } from './analyses/geometry-assets.ts';
export { ANALYSIS_JOB_TYPES, DEFAULT_SEASONS, type SolarJobInput, type ThermalJobInput } from './analyses/settings.ts';
export { speedRatioAssets } from './analyses/wind-results.ts';
export { cancelCfdRun } from './cfd/cancel-run.ts';
export type { CfdAnalysis, CfdWindJobInput } from './cfd/cfd-jobs.ts';
export { CFD_ANALYSES } from './cfd/cfd-jobs.ts';
export { CFD_WIND_JOB, type CfdEstimate } from './cfd/cfd-plan.ts';
export { cfdValidationFindings } from './cfd/cfd-validation.ts';
export { demoJobKeys } from './demo/demo-job-key.ts';
export { cfdProgressView } from './cfd/progress-view.ts';
export { cfdQaLines } from './cfd/qa-lines.ts';
export { runStateOf } from './cfd/run-state-shape.ts';
export type { DeferredJob } from './cfd/run-state.ts';
export { directionLeases, stalledDirections } from './cfd/stalled-directions.ts';
