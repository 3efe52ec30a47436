/**
 * The scenarios context's public entry: what other contexts may use of it (scenario access and
 * views, capabilities, cost, geometry, the scenario events). Another context imports from here,
 * never a module inside: `npm run lint` refuses a deep import (eslint.server-layers.js, ADR 28).
 * Routes and the entry points may still import any module.
 */
export { requireAddScenario, requireSeeScenario } from './access.ts';
export { canopyJobType, levelsCanopyRuns } from './capabilities.ts';
export { heldSubscription } from './cost.ts';
export { publishNotification, publishScenarioStatus } from './events.ts';
export { uploadBytes, uploadRows } from './geometry.ts';
export { noteResultsIngested } from './ingestion-hook.ts';
export { withScenarioEvents } from './job-events.ts';
export { generatedGeometry, plannedGeometry } from './qa-generated.ts';
export { geometryGlb } from './stl-glb.ts';
export { engineOf, simulationJobKey } from './view.ts';
