/**
 * The scenarios context's public entry (scenario access, capabilities, cost, geometry and the scenario events): what other contexts may use of it.
 * Another context imports from here, never from a module inside; `npm run lint` refuses a deep
 * import (eslint.server-layers.js, ADR 28). Routes and entry points may still reach inside.
 */
export { requireAddScenario } from './access.ts';
export { canopyJobType, levelsCanopyRuns } from './capabilities.ts';
export { heldSubscription } from './cost.ts';
export { publishNotification, publishScenarioStatus } from './events.ts';
export { uploadBytes, uploadRows } from './geometry.ts';
export { noteResultsIngested } from './ingestion-hook.ts';
export { withScenarioEvents } from './job-events.ts';
export { geometryGlb } from './stl-glb.ts';
export { simulationJobKey } from './view.ts';
