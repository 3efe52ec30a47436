/**
 * The viewer's instant re-classification of a comfort map: what the user switches
 * (criterion, season, time window, weather file), what is offered, and what a classification gives
 * back. The speed ratios and the classes themselves stay in the services (typed arrays of 100,000s
 * of points); the machine holds their descriptions.
 */
import type { Asset } from '@canopy/contract/viewer.ts';

export type { Asset };

export interface ReclassChoice {
  criterionId: string;
  seasonId: string;
  windowId: string;
  /** A met source of the project (met_id). */
  metId: string;
}

export interface CriterionOption {
  id: string;
  name: string;
}

export interface SeasonOption {
  id: string;
  name: string;
  months: number[];
}

export interface WindowOption {
  id: string;
  name: string;
  /** HH:MM-HH:MM */
  window: string;
}

export interface WeatherOption {
  metId: string;
  name: string;
}

/** What the simulation's stored results allow (read once per simulation). */
export interface ReclassInputs {
  simulationId: number;
  points: number;
  directionsDeg: number[];
  criteria: CriterionOption[];
  seasons: SeasonOption[];
  windows: WindowOption[];
  weather: WeatherOption[];
  /** What the stored comfort map was computed with: the first choice shown. */
  initial: ReclassChoice;
  /** Workers the classification runs on (0: this thread). */
  workers: number;
}

/** The simulation the viewer shows, as the machine is told it. */
export interface ReclassTarget {
  projectId: number;
  configurationId: number;
  simulationId: number;
  assets: readonly Asset[];
  /** The scenario's met source (project_met_sources id), when it chose one. */
  metSourceId: number | null;
}

export interface ReclassResult {
  choice: ReclassChoice;
  /** The in-browser layer (src/viewer/scene/local-layers.ts) holding the classes on the plane. */
  url: string;
  /** Wall time of the classification in the workers, ms. */
  ms: number;
  /** Points per class (index = class), and points without a class. */
  classCounts: number[];
  noClass: number;
  /** The criterion's classes as a legend (built from its table, so a company's own criterion has one too). */
  legend: { name: string; title: string; classes: Array<{ value: number; label: string; colour: string }> };
}

export interface SavedLayer {
  assetId: number;
  choice: ReclassChoice;
}
