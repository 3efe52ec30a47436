/**
 * The dedupe key of a demo simulation's job — `kind` is its analysis ('solar', 'thermal-comfort') or
 * 'cfd-wind' — so that every start of the server enqueues it once at most.
 */
export const demoJobKey = (kind: string, simulationId: number) => `demo:${kind}:simulation-${simulationId}`;

/** Every key a demo job of this simulation may carry: the QA report finds the job by them. */
export const demoJobKeys = (category: string, simulationId: number) => [demoJobKey(category, simulationId), demoJobKey('cfd-wind', simulationId)];
