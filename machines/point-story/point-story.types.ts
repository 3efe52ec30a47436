/**
 * A point's hourly story in the viewer: which simulation's wind results it replays, what the user
 * chooses (criterion, weather file), and what a story gives back. The typed arrays of a story are
 * one point's year (a few hundred kB), so the machine keeps the story itself.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { PointStory } from '@canopy/engine/analyses/point-story.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';

export type { Asset, PointStory, Criterion };

export type Vec3 = [number, number, number];

/** The simulation whose per-direction speed ratios the story replays. */
export interface StoryTarget {
  projectId: number;
  studyId: number;
  configurationId: number;
  simulationId: number;
  assets: readonly Asset[];
  /** The scenario's met source (project_met_sources id), when it chose one. */
  metSourceId: number | null;
}

export interface StoryChoice {
  criterionId: string;
  /** A met source of the project (met_id). */
  metId: string;
}

export interface StoryInputs {
  simulationId: number;
  directionsDeg: number[];
  criteria: Array<{ id: string; name: string }>;
  weather: Array<{ metId: string; name: string }>;
  /** The study's insights a story may be added to. */
  insights: Array<{ id: number; title: string }>;
  initial: StoryChoice;
  /** Whether the story runs in a worker (false: this thread, as in tests). */
  inWorker: boolean;
}

export interface StoryResult {
  choice: StoryChoice;
  /** Where the user clicked, and the result point used for it. */
  clicked: Vec3;
  pointIndex: number;
  position: Vec3;
  distanceM: number;
  criterion: Criterion;
  weatherName: string;
  story: PointStory;
  /** The weather year's met wind the story replayed (typical-year hours), for the CSV. */
  met: { windDirectionDeg: Float32Array; windSpeedMs: Float32Array };
  /** Wall time of the computation, ms. */
  ms: number;
}

/** What "Add to insight" tells the services: the insight (null: a new one) and the story. */
export interface AddToInsightInput {
  target: StoryTarget;
  insightId: number | null;
  result: StoryResult;
}

export interface AddedFigure {
  insightId: number;
  imageViewId: number;
}
