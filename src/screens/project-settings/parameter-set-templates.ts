/**
 * Labels and starting documents for each analysis type's parameter set values (the server's
 * contract in contract/src/parameter-sets.ts checks them; docs/parameter-sets.md explains
 * the fields). Typed by the contract's AnalysisType, so a new analysis type breaks the build here.
 */
import type { AnalysisType } from '@machines/project-settings/parameter-sets.machine.ts';

export const ANALYSIS_LABELS: Record<AnalysisType, string> = {
  pedestrian_wind_comfort: 'Pedestrian wind comfort',
  thermal_comfort: 'Thermal comfort',
  solar: 'Solar',
  directional_wind: 'Directional wind',
  pressure: 'Pressure / cladding',
  structural_loading: 'Structural loading',
};

export const ANALYSIS_OPTIONS = (Object.keys(ANALYSIS_LABELS) as AnalysisType[]).map((value) => ({ value, label: ANALYSIS_LABELS[value] }));

export const VALUES_TEMPLATES: Record<AnalysisType, Record<string, unknown>> = {
  pedestrian_wind_comfort: {
    criterion: 'lawson-lddc',
    seasons: ['annual'],
    time_window: '06:00-22:00',
    wind_directions: 36,
    reference_height_m: 1.5,
    method: 'hourly',
  },
  thermal_comfort: { index: 'UTCI', seasons: ['summer'], time_window: '09:00-18:00' },
  solar: { metric: 'sun_hours', single_date: '2025-03-21', time_window: '06:00-20:00', minutes_interval: 15 },
  directional_wind: { wind_directions: 36, return_periods: [1, 10, 50], reference_height_m: 10 },
  pressure: { wind_directions: 36, return_periods: [50], reference_height_m: 10, internal_pressure_coefficient: -0.3 },
  structural_loading: { wind_directions: 36, return_periods: [50], reference_height_m: 10, origin: { x: 0, y: 0, z: 0 }, frontal_area_m2: 1200 },
};

export function templateText(type: AnalysisType): string {
  return JSON.stringify(VALUES_TEMPLATES[type], null, 2);
}

/** The server's `values` and `values.<field>` messages as lines for the values field. */
export function valuesErrors(fields: Record<string, string[]>): string[] {
  return Object.entries(fields)
    .filter(([key]) => key === 'values' || key.startsWith('values.'))
    .flatMap(([key, messages]) => (key === 'values' ? messages : messages.map((m) => `${key.slice('values.'.length)}: ${m}`)));
}
