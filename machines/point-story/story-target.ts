/**
 * Which simulation a clicked point's story replays: the one the pane shows when it has
 * per-direction speed ratios, else a wind simulation of the same scenario (a thermal or solar map's
 * point has its wind in the scenario's wind run). Pure.
 */
import { speedRatioAssets } from '@machines/wind-reclass/reclass-inputs.ts';
import type { Asset, StoryTarget } from './point-story.types.ts';

interface SimulationLike {
  id: number;
  configuration: { id: number } | number;
  assets: readonly unknown[];
  met_source_id?: number | null;
}

/**
 * The per-direction speed-up ratio layers, by direction: those Canopy's wind run marks
 * (metadata.field 'speedRatio'), and directional speed-ratio results delivered by an external
 * solver (wind-directional · speed-ratio with a wind direction), whose files hold the same field.
 */
export function storyRatioAssets(assets: readonly Asset[]): Asset[] {
  const marked = speedRatioAssets(assets);
  if (marked.length > 0) return marked;
  return assets
    .filter(
      (a) => a.analysis_type === 'wind-directional' && a.metric === 'speed-ratio' && a.wind_direction !== null && Number.isFinite(Number(a.wind_direction)),
    )
    .sort((a, b) => Number(a.wind_direction) - Number(b.wind_direction));
}

const configurationOf = (s: SimulationLike) => (typeof s.configuration === 'number' ? s.configuration : s.configuration.id);

export function storyTarget(
  simulations: readonly SimulationLike[],
  shownSimulationId: number | null,
  scope: { projectId: number; studyId: number },
): StoryTarget | null {
  const shown = simulations.find((s) => s.id === shownSimulationId);
  if (!shown) return null;
  const hasRatios = (s: SimulationLike) => storyRatioAssets(s.assets as Asset[]).length > 0;
  const source = hasRatios(shown) ? shown : simulations.find((s) => s.id !== shown.id && configurationOf(s) === configurationOf(shown) && hasRatios(s));
  if (!source) return null;
  return {
    projectId: scope.projectId,
    studyId: scope.studyId,
    configurationId: configurationOf(source),
    simulationId: source.id,
    assets: source.assets as Asset[],
    metSourceId: source.met_source_id ?? shown.met_source_id ?? null,
  };
}

/** Whether two targets are the same simulation with the same ratio layers. */
export function sameTarget(a: StoryTarget | null, b: StoryTarget | null): boolean {
  const key = (t: StoryTarget | null) =>
    t
      ? `${t.projectId}:${t.simulationId}:${storyRatioAssets(t.assets)
          .map((x) => x.id)
          .join(',')}`
      : '';
  return key(a) === key(b);
}
