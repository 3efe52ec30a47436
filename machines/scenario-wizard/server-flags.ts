/**
 * The server's refusals of a saved scenario as the wizard's flags (SPEC §5 'flags also come from
 * simulation parameters'): field errors go onto the flag of the field, anything else onto the
 * simulation parameters, and the wizard returns to the first step that shows one.
 */
import type { ServerError } from '@machines/shared/actors.ts';
import { stepOfFlag } from './scenario-inputs.ts';
import { FORM_STEPS, type FlagName, type Flags, type FormStep } from './scenario-wizard.types.ts';

/** The server's field errors as flags: known fields on their own flag, the rest as simulation parameters. */
export function flagsFromServer(error: ServerError): Flags {
  const flags: Flags = {};
  const known: Record<string, FlagName> = {
    name: 'name',
    engine: 'engine',
    simulation_type: 'engine',
    analyses: 'analyses',
    geometry: 'filename',
    pedestrian_plane: 'pedestrianPlane',
    project_surrounds: 'filename',
    met_source_id: 'weather',
    seasons: 'seasons',
    time_window: 'times',
    wind_directions: 'winds',
    single_date: 'singleDate',
    minutes_interval: 'minutesInterval',
    reference_height_m: 'referenceHeight',
    internal_pressure_coefficient: 'internalPressure',
    origin: 'structuralOrigin',
    frontal_areas_m2: 'frontalAreas',
    parameter_sets: 'parameterSets',
  };
  for (const [field, messages] of Object.entries(error.fields)) {
    const key = field.split('.').find((part) => part in known);
    const flag = key ? known[key]! : 'simulationParameters';
    const text = flag === 'simulationParameters' ? `${field}: ${messages.join(' ')}` : messages.join(' ');
    flags[flag] = flags[flag] ? `${flags[flag]} ${text}` : text;
  }
  return flags;
}

/** The first form step showing one of these flags. */
export function firstStepOf(flags: Flags): FormStep | null {
  const steps = (Object.keys(flags) as FlagName[]).map(stepOfFlag);
  return FORM_STEPS.find((step) => steps.includes(step)) ?? null;
}
