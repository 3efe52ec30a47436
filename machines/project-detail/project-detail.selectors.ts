/**
 * Named readings of the project detail machine: the project, its studies and scenarios for the
 * wheel, the output cards, the level card and the service lines.
 */
import type { SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import type { projectDetailMachine } from './project-detail.machine.ts';
import type { Project, ScenarioSummary, ServiceLine, StudyWithScenarios, Subscription } from './project-detail.types.ts';

type Snapshot = SnapshotFrom<typeof projectDetailMachine>;

export const selectProject = (s: Snapshot): Project | null => s.context.project;
export const selectProjectName = (s: Snapshot): string | undefined => s.context.project?.name;
export const selectProjectLoading = (s: Snapshot): boolean => s.matches('loading');
export const selectProjectNotFound = (s: Snapshot): boolean => s.matches('failed') && s.context.error?.status === 404;
export const selectProjectError = (s: Snapshot): string | null => (s.matches('failed') ? errorMessage(s.context.error) : null);
export const selectCanChange = (s: Snapshot): boolean => s.context.project?.can_change ?? false;

/** The project's studies with their scenarios: the study's own list when the server sends one, else those read from its simulations. */
export function selectStudies(s: Snapshot): StudyWithScenarios[] {
  const { project, scenarios } = s.context;
  // The same inputs give the same array, so components re-render only when these change.
  if (memo && memo.project === project && memo.scenarios === scenarios) return memo.studies;
  const studies = ((project?.studies ?? []) as StudyWithScenarios[]).map((study) =>
    study.configurations ? study : { ...study, configurations: scenarios[study.id] ?? [] },
  );
  memo = { project, scenarios, studies };
  return studies;
}

let memo: { project: Project | null; scenarios: Record<number, ScenarioSummary[]>; studies: StudyWithScenarios[] } | null = null;
export const selectSelectedStudyId = (s: Snapshot): number | null => s.context.selectedStudyId;
export const selectSelectedStudy = (s: Snapshot): StudyWithScenarios | null => selectStudies(s).find((study) => study.id === s.context.selectedStudyId) ?? null;

/** Every scenario of the project with its study, in study order (the wheel's segments). */
export interface WheelScenario {
  studyId: number;
  studyName: string;
  scenario: ScenarioSummary;
}

export function scenariosOf(studies: StudyWithScenarios[]): WheelScenario[] {
  return studies.flatMap((study) =>
    (study.configurations ?? []).filter((c) => !c.hidden).map((scenario) => ({ studyId: study.id, studyName: study.name, scenario })),
  );
}

export const selectHasScenarios = (s: Snapshot): boolean => scenariosOf(selectStudies(s)).length > 0;
export const selectFirstScenario = (s: Snapshot): WheelScenario | null => scenariosOf(selectStudies(s))[0] ?? null;

export const selectSaving = (s: Snapshot): boolean => s.matches({ ready: { details: 'saving' } });
export const selectSaved = (s: Snapshot): boolean => s.matches({ ready: { feedback: 'saved' } });
export const selectSaveFailed = (s: Snapshot): boolean => s.matches({ ready: { feedback: 'failed' } });
export const selectSaveError = (s: Snapshot) => s.context.saveError;

export const selectServiceLines = (s: Snapshot): ServiceLine[] => s.context.serviceLines;
/** Loading, or waiting to try a failed read again (the card keeps saying it is loading). */
export const selectServiceLinesLoading = (s: Snapshot): boolean =>
  s.matches({ ready: { serviceLines: 'loading' } }) || s.matches({ ready: { serviceLines: 'waiting' } });
export const selectServiceLinesFailed = (s: Snapshot): boolean => s.matches({ ready: { serviceLines: 'failed' } });

export const selectLevelLoading = (s: Snapshot): boolean => s.matches({ ready: { level: 'loading' } }) || s.matches({ ready: { level: 'waiting' } });
export const selectLevelUnavailable = (s: Snapshot): boolean => s.matches({ ready: { level: 'unavailable' } });
/** The first read of the scenarios, or the wait to try it again: how many there are is not known yet. */
export const selectScenariosLoading = (s: Snapshot): boolean =>
  s.matches({ ready: { scenarios: 'loading' } }) || s.matches({ ready: { scenarios: 'waiting' } });
/** The scenarios could not be read, after the automatic attempts: the screens offer Retry, never an empty list. */
export const selectScenariosFailed = (s: Snapshot): boolean => s.matches({ ready: { scenarios: 'failed' } });
export const selectSubscription = (s: Snapshot): Subscription | null => s.context.level?.subscription ?? null;

/** What the overview's site set-up card shows (a new project's next steps, in order). */
export interface SiteSetup {
  /**
   * `library`: without a station of its own, the project's scenarios took the weather of the
   * library's nearest station (the jobs' default): `computed` once one has results, `computing`
   * while one runs — either way no weather is needed; null when none ran, or the scenarios are not
   * read yet (`scenarios` null).
   */
  weather: { station: string | null; error: string | null; requested: boolean; library: 'computed' | 'computing' | null };
  /**
   * ready: generated; failed: the fetch from OpenStreetMap at creation failed (`error` says why and
   * what to do); requested: ticked at creation, waiting for map data; none: neither.
   */
  surrounds: { state: 'ready' | 'failed' | 'requested' | 'none'; buildingCount: number; error: string | null };
  /** How many scenarios the project has; null until they are read (the card must not say "none" meanwhile). */
  scenarios: number | null;
}

/** The statuses of a scenario whose job has started, and so has found its weather. */
const COMPUTING = new Set(['running', 'post_processing']);

export function selectSiteSetup(s: Snapshot): SiteSetup | null {
  const project = s.context.project;
  if (!project) return null;
  const known = !selectScenariosLoading(s) && !selectScenariosFailed(s);
  const all = selectStudies(s).flatMap((study) => study.configurations ?? []);
  const computed = all.some((c) => c.status === 'completed' || (c.outputs ?? []).some((o) => o.count > 0));
  const computing = all.some((c) => COMPUTING.has(c.status));
  const library = computed ? 'computed' : computing ? 'computing' : null;
  const surrounds = project.surrounds;
  return {
    weather: { station: project.met_sources[0]?.name ?? null, error: project.met_error, requested: project.fetch_met, library },
    surrounds: {
      state: surrounds ? 'ready' : project.surrounds_error ? 'failed' : project.generate_surrounds ? 'requested' : 'none',
      buildingCount: surrounds?.building_count ?? 0,
      error: surrounds ? null : project.surrounds_error,
    },
    scenarios: known ? all.length : null,
  };
}
