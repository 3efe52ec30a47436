/**
 * Types of the project detail navigator (SPEC §2 project detail, wheel, output cards, level card,
 * service-line sidebar). Scenarios (configurations) and their outputs come with the scenario
 * capability: a study may carry `configurations`, and until the server sends them every
 * study simply has none.
 */
import type { Project, ProjectUpdate, Study } from '@canopy/contract/projects.ts';
import type { ServiceLine } from '@canopy/contract/service-lines.ts';
import type { Subscription } from '@canopy/contract/subscriptions.ts';

export type { Project, ProjectUpdate, ServiceLine, Study, Subscription };

/** One analysis a scenario produced, with how many result layers it holds. */
export interface ScenarioOutput {
  analysis_type: string;
  count: number;
}

export interface ScenarioSummary {
  id: number;
  name: string;
  /** Scenario status (draft, validating, queued, running, completed, failed, …). */
  status: string;
  /** The job level the scenario runs at. */
  engine?: 'AI' | 'CFD' | null;
  /**
   * Who computes its results: Canopy's own physics, an external AI (machine-learning) or
   * CFD provider, or both — so Canopy's results are never labelled "AI prediction".
   */
  madeBy?: 'canopy' | 'external' | 'both';
  hidden?: boolean;
  outputs?: ScenarioOutput[];
  /** The geometry roles its simulations show (study, surrounds, presentation_plane…), once each — not results. */
  geometry?: string[];
}

export type StudyWithScenarios = Study & { configurations?: ScenarioSummary[] };

/** The job level and credits of the user's subscription (SPEC §3: subscription integer or none). */
export interface Level {
  subscription: Subscription | null;
}
