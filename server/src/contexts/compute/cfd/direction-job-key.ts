/**
 * The dedupe key of a CFD run's direction job. Apart from run-state.ts so that the status readers
 * (imported almost everywhere) can find a run's jobs without pulling in the job queue.
 */
export const directionJobKey = (simulationId: number, runId: string, index: number) => `cfd-direction:${simulationId}:${runId}:${index}`;
