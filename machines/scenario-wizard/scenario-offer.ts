/**
 * The wizard's offer: which analyses run at which job level on this installation, and
 * who computes each — read from the server's capability list (GET /api/scenario-capabilities), so
 * nothing is offered that Canopy does not compute and no provider delivers.
 */
import type { Capability } from '@canopy/contract/capabilities.ts';
import type { AnalysisType, Engine, WizardOptions, WizardValues } from './scenario-wizard.types.ts';

export type { Capability };

/** The pairs offered at this job level, in the server's order. */
export function offerAt(options: WizardOptions, engine: Engine | null): Capability[] {
  return engine ? options.capabilities.filter((c) => c.engine === engine) : [];
}

export function capabilityOf(options: WizardOptions, engine: Engine | null, type: AnalysisType): Capability | undefined {
  return offerAt(options, engine).find((c) => c.analysis_type === type);
}

/** Chosen analyses that do not run at the chosen level (the level changed after they were chosen). */
export function unofferedChoices(v: WizardValues, options: WizardOptions): AnalysisType[] {
  if (!v.engine) return [];
  return v.analyses.map((a) => a.analysis_type).filter((t) => !capabilityOf(options, v.engine, t));
}

/** Who makes the results, in a sentence the analyses step shows. */
export function whoComputes(c: Capability): string {
  return c.computed_by === 'canopy'
    ? `Computed by Canopy: ${c.method}.`
    : `Results from ${c.provider}: ${c.method}. Its credits are reserved when you approve and taken only when the results arrive.`;
}
