/** Small, typed answers for the weather machines' tests. */
import type { FetchMetResult, MetSource, ProjectSurrounds, Surrounds, WeatherSummary } from './weather.types.ts';

export const SPEC_MET_FAILURE =
  "An error occurred getting meteorological data for your project. Please try again by clicking on the 'Details' button of the project card and resubmitting the request.";

export function metSource(id: number, extra: Partial<MetSource> = {}): MetSource {
  return {
    id,
    met_id: `72530${id}-abcdef0${id}`,
    name: `Station ${id}`,
    wmo: `72530${id}`,
    latitude: 41.98,
    longitude: -87.92,
    elevation_m: 201,
    time_zone_hours: -6,
    years: 'TMY3',
    source: 'EPW: Chicago',
    origin: 'upload',
    hours: 8760,
    distance_km: null,
    upload_id: 10 + id,
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

export function fetchResult(source: MetSource): FetchMetResult {
  return {
    met_source: source,
    provider: 'library',
    skipped: [{ name: 'Toronto Pearson', wmo: '716240', distance_km: 20.1, reason: 'listed as a bad station: hangar' }],
  };
}

export function summary(metId: string, season = 'all', time = '00:00-24:00'): WeatherSummary {
  const { id: _id, distance_km: _d, upload_id: _u, created_at: _c, ...station } = metSource(1);
  return {
    met_id: metId,
    station,
    filter: { season, months: [1], time, hours_selected: 744 },
    wind_rose: {
      sectors: 16,
      sector_width_deg: 22.5,
      sector_centres_deg: Array.from({ length: 16 }, (_, k) => k * 22.5),
      speed_bins_ms: [2, 4],
      speed_bin_labels: ['< 2', '2–4', '≥ 4'],
      counts: Array.from({ length: 16 }, (_, k) => [k, 2 * k, 1]),
      sector_counts: Array.from({ length: 16 }, (_, k) => 3 * k + 1),
      calm_count: 20,
      missing_count: 0,
      total_count: 20 + Array.from({ length: 16 }, (_, k) => 3 * k + 1).reduce((a, b) => a + b, 0),
      calm_share: 0.05,
    },
    monthly: Array.from({ length: 12 }, (_, k) => ({
      month: k + 1,
      hours: 720,
      temperature_c: { min: -10 + k, mean_daily_min: -5 + k, mean: k, mean_daily_max: 5 + k, max: 10 + k },
      wind: { mean_speed_ms: 4, max_speed_ms: 12, calm_share: 0.05, prevailing_direction_deg: 270 },
    })),
    coverage: {
      hours: 8760,
      expected_hours: 8760,
      missing: { dry_bulb: 0 },
      missing_by_month: new Array(12).fill(0),
      missing_by_day: new Array(365).fill(0),
      complete_share: 1,
    },
  };
}

export function surrounds(extra: Partial<Surrounds> = {}): Surrounds {
  return {
    id: 1,
    origin_latitude: 41.88,
    origin_longitude: -87.63,
    radius_m: 300,
    source_upload_id: 5,
    source_format: 'osm-xml',
    building_count: 1,
    triangle_count: 12,
    footprints: [
      {
        outer: [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
        ],
        holes: [],
        height_m: 9,
        height_source: 'default',
        name: '',
      },
    ],
    landscaping: [],
    warnings: [],
    glb_url: '/api/project/7/surrounds/glb/',
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

export function projectSurrounds(
  s: Surrounds | null,
  origin: [number, number] | null = [41.88, -87.63],
  surroundsError: string | null = null,
): ProjectSurrounds {
  return {
    project_name: 'Harbour Point',
    project_latitude: origin?.[0] ?? null,
    project_longitude: origin?.[1] ?? null,
    surrounds: s,
    surrounds_error: surroundsError,
  };
}
