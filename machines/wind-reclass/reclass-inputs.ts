/**
 * Reading a simulation's assets for the re-classification: whether it has per-direction
 * speed-up ratios (the layers the comfort post-processing reads: metadata.field 'speedRatio' and a
 * wind_direction), and what its stored comfort map was computed with, so the first choice shown is
 * the map on screen. Pure.
 */
import type { Asset, ReclassChoice, SeasonOption, WindowOption } from './wind-reclass.types.ts';

const meta = (a: Pick<Asset, 'metadata'>) => (a.metadata ?? {}) as Record<string, unknown>;

/** The speed-up ratio layers, one per direction, by direction. */
export function speedRatioAssets(assets: readonly Asset[]): Asset[] {
  return assets
    .filter((a) => meta(a).field === 'speedRatio' && a.wind_direction !== null && Number.isFinite(Number(a.wind_direction)))
    .sort((a, b) => Number(a.wind_direction) - Number(b.wind_direction));
}

export const canReclassify = (assets: readonly Asset[]): boolean => speedRatioAssets(assets).length > 0;

/** The stored comfort maps of the simulation (the post-processing's, and saved re-classifications). */
export function comfortAssets(assets: readonly Asset[]): Asset[] {
  return assets.filter((a) => a.analysis_type === 'wind-comfort' && a.metric === 'comfort-class');
}

/** Seasons and windows the stored maps were made for (their metadata), to offer beside the defaults. */
export function storedPeriods(assets: readonly Asset[]): { seasons: SeasonOption[]; windows: WindowOption[] } {
  const seasons: SeasonOption[] = [];
  const windows: WindowOption[] = [];
  for (const a of comfortAssets(assets)) {
    const m = meta(a);
    const season = m.season as { name?: unknown; months?: unknown } | undefined;
    if (season && typeof season.name === 'string' && Array.isArray(season.months)) {
      const months = season.months.filter((x): x is number => typeof x === 'number');
      if (!seasons.some((s) => s.name === season.name)) seasons.push({ id: slug(season.name), name: season.name, months });
    }
    const window = m.timeWindow as { name?: unknown; window?: unknown } | undefined;
    if (window && typeof window.name === 'string' && typeof window.window === 'string' && !windows.some((w) => w.window === window.window)) {
      windows.push({ id: slug(window.name), name: window.name, window: window.window });
    }
  }
  return { seasons, windows };
}

/** Merges `extra` into `base` by name (seasons) or window (windows); base entries win. */
export function mergeSeasons(base: readonly SeasonOption[], extra: readonly SeasonOption[]): SeasonOption[] {
  return [...base, ...extra.filter((e) => !base.some((b) => b.name === e.name))];
}
export function mergeWindows(base: readonly WindowOption[], extra: readonly WindowOption[]): WindowOption[] {
  return [
    ...base,
    ...extra
      .filter((e) => !base.some((b) => b.window === e.window))
      .map((e) => (base.some((b) => b.id === e.id) ? { ...e, id: `${e.id}-${slug(e.window)}` } : e)),
  ];
}

/** The choice of the simulation's first stored comfort map (shown by default, else the first). */
export function storedChoice(
  assets: readonly Asset[],
  seasons: readonly SeasonOption[],
  windows: readonly WindowOption[],
  fallback: ReclassChoice,
): ReclassChoice {
  const stored = comfortAssets(assets);
  const first = stored.find((a) => a.show_by_default) ?? stored[0];
  if (!first) return fallback;
  const m = meta(first);
  const criterion = (m.criterion as { id?: unknown } | undefined)?.id;
  const seasonName = (m.season as { name?: unknown } | undefined)?.name;
  const window = (m.timeWindow as { window?: unknown } | undefined)?.window;
  return {
    criterionId: typeof criterion === 'string' ? criterion : fallback.criterionId,
    seasonId: seasons.find((s) => s.name === seasonName)?.id ?? fallback.seasonId,
    windowId: windows.find((w) => w.window === window)?.id ?? fallback.windowId,
    metId: fallback.metId,
  };
}

export const choiceKey = (c: ReclassChoice) => `${c.criterionId}|${c.seasonId}|${c.windowId}|${c.metId}`;

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x'
  );
}
