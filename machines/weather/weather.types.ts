/**
 * Shapes the weather and site machines share. API types come from the server's contract
 * (type-only), so an API change breaks the machines' type check rather than production.
 */
import type { FetchMetFailure, FetchMetResult, MetSource, WeatherSummary } from '@canopy/contract/weather.ts';
import type { GenerateOsm, ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';

export type { FetchMetFailure, FetchMetResult, GenerateOsm, MetSource, ProjectSurrounds, Surrounds, WeatherSummary };

/** Season names the summary endpoint understands (meteorological, flipped south of the equator). */
export const SEASONS = [
  { value: 'all', label: 'Whole year' },
  { value: 'winter', label: 'Winter' },
  { value: 'spring', label: 'Spring' },
  { value: 'summer', label: 'Summer' },
  { value: 'autumn', label: 'Autumn' },
] as const;

/** Time-of-day windows offered by the panels (HH:MM-HH:MM, hour-ending hours by midpoint). */
export const TIME_WINDOWS = [
  { value: '00:00-24:00', label: 'All day' },
  { value: '07:00-19:00', label: 'Daytime 07–19' },
  { value: '19:00-07:00', label: 'Night 19–07' },
  { value: '06:00-10:00', label: 'Morning 06–10' },
  { value: '10:00-16:00', label: 'Midday 10–16' },
  { value: '16:00-20:00', label: 'Evening 16–20' },
] as const;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** A failure as a form shows it: one line, plus the server's reason when it gave one. */
export interface FormFailure {
  message: string;
  reason: string | null;
}

/** One station (or provider) fetch-met-data looked at and passed over, with why. */
export type PassedOver = FetchMetFailure['skipped'][number];

/**
 * "No weather near here": the fetch found nothing suitable and trying again cannot change that.
 * Not an error but a finding, with what was looked at and what the user can do instead.
 */
export interface NoWeatherHere {
  message: string;
  reason: string;
  passedOver: PassedOver[];
  /** The server's online provider by name, or null when the operator turned it off. */
  onlineProvider: string | null;
}
