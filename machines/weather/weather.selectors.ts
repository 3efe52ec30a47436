/** Named readings of the weather form, weather panels and site machines for the views. */
import type { SnapshotFrom } from 'xstate';
import type { weatherMachine } from './weather.machine.ts';
import type { weatherSummaryMachine } from './weather-summary.machine.ts';
import type { siteMachine } from './site.machine.ts';
import type { FormFailure, MetSource, NoWeatherHere, PassedOver } from './weather.types.ts';

type WeatherSnapshot = SnapshotFrom<typeof weatherMachine>;
type SummarySnapshot = SnapshotFrom<typeof weatherSummaryMachine>;
type SiteSnapshot = SnapshotFrom<typeof siteMachine>;

// Weather data form.
export const selectSources = (s: WeatherSnapshot): MetSource[] => s.context.sources;
export const selectSelectedMetId = (s: WeatherSnapshot): string | null => s.context.selectedMetId;
export const selectSelectedSource = (s: WeatherSnapshot): MetSource | null => s.context.sources.find((x) => x.met_id === s.context.selectedMetId) ?? null;
export const selectSourcesLoading = (s: WeatherSnapshot): boolean => s.matches('loading');
export const selectSourcesLoadFailed = (s: WeatherSnapshot): boolean => s.matches('loadFailed');
export const selectImporting = (s: WeatherSnapshot): string | null => (s.matches({ ready: 'importing' }) ? s.context.importing : null);
export const selectFetching = (s: WeatherSnapshot): boolean => s.matches({ ready: 'fetching' });
export const selectFormBusy = (s: WeatherSnapshot): boolean => !s.matches({ ready: 'idle' });
export const selectWeatherFailure = (s: WeatherSnapshot): FormFailure | null => s.context.failure;
export const selectSkippedStations = (s: WeatherSnapshot): PassedOver[] => s.context.passedOver;
/** "No weather near here" after a fetch that found nothing suitable, or null. */
export const selectNoWeather = (s: WeatherSnapshot): NoWeatherHere | null => s.context.noWeather;

// Weather panels.
export const selectSummary = (s: SummarySnapshot) => s.context.summary;
export const selectSummaryLoading = (s: SummarySnapshot): boolean => s.matches('loading');
export const selectSummaryEmpty = (s: SummarySnapshot): boolean => s.matches('empty');
export const selectSummaryFailure = (s: SummarySnapshot): FormFailure | null => (s.matches('failed') ? s.context.failure : null);
export const selectSeason = (s: SummarySnapshot): string => s.context.season;
export const selectTimeWindow = (s: SummarySnapshot): string => s.context.time;

// Site.
export const selectSurrounds = (s: SiteSnapshot) => s.context.surrounds;
export const selectOrigin = (s: SiteSnapshot) => s.context.origin;
export const selectRadius = (s: SiteSnapshot): number => s.context.radiusM;
export const selectSiteLoading = (s: SiteSnapshot): boolean => s.matches('loading');
export const selectSiteLoadFailed = (s: SiteSnapshot): boolean => s.matches('loadFailed');
export const selectGenerating = (s: SiteSnapshot): string | null =>
  s.matches({ ready: 'generating' }) || s.matches({ ready: 'fetching' }) ? s.context.generatingFrom : null;
export const selectSiteFailure = (s: SiteSnapshot): FormFailure | null => s.context.failure;
/** The note that the surroundings asked for at creation could not be fetched, or null. */
export const selectSurroundsCreationFailure = (s: SiteSnapshot): string | null => s.context.creationFailure;
export const selectCanRegenerate = (s: SiteSnapshot): boolean => s.matches({ ready: 'idle' }) && s.can({ type: 'surrounds.regenerate' });
/** The origin moved (or the radius changed) since the stored surrounds were built. */
export const selectSiteChanged = (s: SiteSnapshot): boolean => {
  const { surrounds, origin, radiusM } = s.context;
  if (!surrounds || !origin) return false;
  return surrounds.origin_latitude !== origin.latitude || surrounds.origin_longitude !== origin.longitude || surrounds.radius_m !== radiusM;
};
