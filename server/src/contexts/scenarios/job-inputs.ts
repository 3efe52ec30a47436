/**
 * The analysis job input for a scenario's simulation, from the wizard's inputs: seasons by id
 * (contexts/compute/analyses/settings.ts DEFAULT_SEASONS), each time window as its own period, the single
 * day as the sun-hours request, and a thermal-comfort parameter set's clothing and metabolic rate.
 * The weather is the scenario's met source (its station, `stationId`) when one was chosen, else the
 * library's nearest station (the job's default).
 */
import type { ScenarioForm } from '@canopy/contract/scenarios.ts';
import { DEFAULT_SEASONS, type CfdAnalysis, type CfdWindJobInput, type SolarJobInput, type ThermalJobInput } from '../compute/index.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';

type Target = { projectId: number; configurationId: number; simulationId: number; stationId?: number };

function seasons(form: ScenarioForm) {
  const chosen = DEFAULT_SEASONS.filter((s) => form.seasons.includes(s.id as ScenarioForm['seasons'][number]));
  return chosen.length ? chosen : DEFAULT_SEASONS.slice(0, 1);
}

const windows = (form: ScenarioForm) => form.times.map((window, i) => ({ id: `window-${i + 1}`, name: window, window }));

export function solarInput(target: Target, form: ScenarioForm): SolarJobInput {
  const sunHours =
    form.single_date && form.single_day_hours
      ? [{ id: 'single-date', name: form.single_date, date: form.single_date, window: form.single_day_hours, minuteInterval: form.minutes_interval ?? 15 }]
      : undefined;
  return { ...target, settings: { seasons: seasons(form), timeWindows: windows(form), ...(sunHours ? { sunHours } : {}) } };
}

export function thermalInput(target: Target, form: ScenarioForm, parameterValues: Record<string, unknown> | null): ThermalJobInput {
  const clo = parameterValues?.clothing_clo;
  const met = parameterValues?.metabolic_rate_met;
  return {
    ...target,
    settings: {
      seasons: seasons(form),
      timeWindows: windows(form),
      ...(typeof clo === 'number' ? { clothingClo: clo } : {}),
      ...(typeof met === 'number' ? { metabolicRateMet: met } : {}),
      // Forms saved before the terrain field keep the job's default (suburban).
      ...(form.terrain ? { siteTerrain: form.terrain } : {}),
    },
  };
}

/**
 * Canopy's CFD wind: the tier, directions and terrain of the form, and what the comfort
 * post-processing computes after the directions — the criteria chosen as the analysis's metrics
 * (Lawson LDDC when none, with a copy of each company table among them), the seasons and the time
 * windows.
 */
export function cfdWindInput(target: Target, form: ScenarioForm, analysis: CfdAnalysis, tables: readonly Criterion[] = []): CfdWindJobInput {
  const chosen = form.analyses.find((a) => a.analysis_type === 'pedestrian_wind_comfort')?.metrics ?? [];
  return {
    ...target,
    analysis,
    tier: form.cfd_tier ?? 'rapid',
    terrain: form.terrain ?? 'suburban',
    windDirections: form.wind_directions,
    settings: {
      criteria: chosen.length ? chosen : ['lawson-lddc'],
      seasons: seasons(form),
      timeWindows: windows(form),
      directionalOnly: analysis === 'directional_wind',
      // The company tables among the criteria, copied at approval (approval.ts companyTables).
      ...(tables.length ? { tables: [...tables] } : {}),
    },
  };
}
