/**
 * A criterion's recipe in the weather step: when the user picks a pedestrian wind
 * comfort criterion, the wizard asks the server for the criterion's recipe (POST
 * /api/criteria/{id}/get-recipe-defaults/) and pre-fills the seasons and time windows from it, with
 * a note naming the criterion, until the user types their own.
 *
 * Time windows. The recipe writes the whole day as '00:00-24:00' (engine/wind/criteria.ts); the
 * wizard's time field and the scenario form the server stores accept 00:00 to 23:59
 * (contract/src/scenarios.ts TIME_WINDOW), so an end of 24:00 becomes the form's end of day, 23:59, and
 * is sent so. Both select the same hours: the engine counts an hour when its midpoint lies in the
 * window (engine/weather/hour-mask.ts), and the last hour's midpoint, 23:30, is before 23:59.
 */
import { metricChoices, metricName } from './scenario-inputs.ts';
import { SEASONS, type AnalysisType, type Season, type WizardOptions, type WizardValues } from './scenario-wizard.types.ts';

/** The criteria are pedestrian wind comfort's metrics. */
const COMFORT: AnalysisType = 'pedestrian_wind_comfort';

/** The recipe's end of the day, and the wizard's (and the stored form's) end of the same day. */
const RECIPE_END_OF_DAY = '24:00';
export const END_OF_DAY = '23:59';

/** What the server's recipe says, as far as the weather step uses it (ids and windows as sent). */
export interface RecipeAnswer {
  criterionId: string;
  /** Season ids ('annual', 'winter', …). */
  seasons: string[];
  /** Time windows as the recipe writes them ('00:00-24:00', '07:00-23:00'). */
  windows: string[];
}

/** A recipe put into the form: the values it gave, and the criterion it came from. */
export interface AppliedRecipe {
  criterionId: string;
  criterionName: string;
  seasons: Season[];
  times: string;
}

/** A recipe window in the wizard's form: an end of 24:00 is the form's end of day, 23:59. */
export function wizardWindow(window: string): string {
  const [start = '', end = ''] = window.split('-').map((part) => part.trim());
  return `${start}-${end === RECIPE_END_OF_DAY ? END_OF_DAY : end}`;
}

/** The criterion a toggle picks: a criterion turned on, or the default one when the analysis is chosen. */
export function criterionPicked(
  values: WizardValues,
  locked: readonly AnalysisType[],
  options: WizardOptions,
  toggle: { analysisType: AnalysisType; metric?: string },
): string | null {
  if (toggle.analysisType !== COMFORT) return null;
  const chosen = values.analyses.find((a) => a.analysis_type === COMFORT);
  const choices = metricChoices(COMFORT, options);
  if (toggle.metric === undefined) return chosen || locked.includes(COMFORT) ? null : (choices[0] ?? null);
  return chosen && choices.includes(toggle.metric) && !chosen.metrics.includes(toggle.metric) ? toggle.metric : null;
}

/** The form's seasons and times from a recipe (seasons in the wizard's order), or null when it gives none the form accepts. */
export function recipeValues(answer: RecipeAnswer, options: WizardOptions): AppliedRecipe | null {
  const seasons = SEASONS.filter((s) => answer.seasons.includes(s));
  // Each window once: a recipe may write the same one for several seasons, or '…-24:00' beside '…-23:59'.
  const windows = [...new Set(answer.windows.map(wizardWindow))];
  if (seasons.length === 0 || windows.length === 0) return null;
  const criterion = options.criteria?.find((c) => c.id === answer.criterionId);
  const criterionName = criterion ? criterion.name : metricName(answer.criterionId, options).replace(/ criterion$/, '');
  return { criterionId: answer.criterionId, criterionName, seasons, times: windows.join(', ') };
}

/** Whether the form's seasons and times are the ones a recipe gave. */
export function fromRecipe(values: Pick<WizardValues, 'seasons' | 'times'>, recipe: AppliedRecipe | null): boolean {
  return (
    recipe !== null &&
    values.times === recipe.times &&
    values.seasons.length === recipe.seasons.length &&
    recipe.seasons.every((s) => values.seasons.includes(s))
  );
}

/**
 * Whether a recipe may fill the weather step: the user has not typed seasons or times of their own
 * (they are the form's defaults, or the last recipe's).
 */
export function weatherUntouched(values: WizardValues, defaults: Pick<WizardValues, 'seasons' | 'times'>, recipe: AppliedRecipe | null): boolean {
  return fromRecipe(values, recipe) || (values.times === defaults.times && values.seasons.join() === defaults.seasons.join());
}

/** The note the weather step shows while its seasons and times are the recipe's. */
export function recipeNote(values: WizardValues, recipe: AppliedRecipe | null): string | null {
  return recipe && fromRecipe(values, recipe) ? `Seasons and hours from ${recipe.criterionName}'s recipe` : null;
}
