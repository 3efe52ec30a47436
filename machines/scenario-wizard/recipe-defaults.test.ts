/**
 * A criterion's recipe in the weather step, by events: picking a pedestrian wind comfort
 * criterion reads its recipe, which fills the seasons and times (the whole day's 24:00 as the form's
 * 23:59) with a note naming the criterion, until the user types their own.
 */
import { describe, expect, it } from 'vitest';
import { hourInWindow, parseTimeWindow } from '@canopy/engine/weather/hour-mask.ts';
import { options } from './scenario-wizard.fixtures.ts';
import { settle, startWizard, type WizardActor } from './scenario-wizard.test-harness.ts';
import { selectRecipeNote, selectStepFlags, selectValues } from './scenario-wizard.selectors.ts';
import { recipeValues, wizardWindow, type RecipeAnswer } from './recipe-defaults.ts';

const criteria = [
  { id: 'lawson-lddc', name: 'Lawson LDDC' },
  { id: 'davenport', name: 'Davenport' },
];

/** What the server's recipe says for every built-in criterion (engine/wind/criteria.ts recipeDefaults). */
const recipe = (criterionId: string): RecipeAnswer => ({
  criterionId,
  seasons: ['annual', 'winter', 'spring', 'summer', 'autumn'],
  windows: ['00:00-24:00', '07:00-23:00'],
});

/** Resolves once the recipe reads are answered (each fake answer is one promise away). */
const answered = () => new Promise((resolve) => setTimeout(resolve, 0));

async function withComfort(server: Parameters<typeof startWizard>[0]): Promise<WizardActor> {
  const { actor } = startWizard({ load: async () => ({ options: { ...options, criteria }, scenario: null }), ...server });
  await settle(actor, 'editing.basics');
  actor.send({ type: 'values.change', patch: { engine: 'AI' } });
  return actor;
}

describe("a criterion's recipe in the weather step", () => {
  it('fills seasons and times from the recipe of the criterion picked, and names it', async () => {
    const asked: string[] = [];
    const actor = await withComfort({ recipe: async (id) => (asked.push(id), recipe(id)) });
    expect(selectRecipeNote(actor.getSnapshot())).toBeNull();
    // Choosing pedestrian wind comfort picks its first criterion.
    actor.send({ type: 'analysis.toggle', analysisType: 'pedestrian_wind_comfort' });
    await answered();
    const values = selectValues(actor.getSnapshot());
    expect(values.seasons).toEqual(['annual', 'winter', 'spring', 'summer', 'autumn']);
    expect(values.times).toBe('00:00-23:59, 07:00-23:00');
    expect(selectRecipeNote(actor.getSnapshot())).toBe("Seasons and hours from Lawson LDDC's recipe");
    // The form accepts the recipe's windows: the weather step raises no flag.
    actor.send({ type: 'values.change', patch: { metSourceId: 'nearest' } });
    expect(selectStepFlags('weather')(actor.getSnapshot())).toEqual({});
    // Another criterion picked: its recipe, its name.
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'davenport' });
    await answered();
    expect(asked).toEqual(['lawson-lddc', 'davenport']);
    expect(selectRecipeNote(actor.getSnapshot())).toBe("Seasons and hours from Davenport's recipe");
  });

  it('lets the user override: changed times drop the note, and a later pick leaves them alone', async () => {
    const asked: string[] = [];
    const actor = await withComfort({ recipe: async (id) => (asked.push(id), recipe(id)) });
    actor.send({ type: 'analysis.toggle', analysisType: 'pedestrian_wind_comfort' });
    await answered();
    actor.send({ type: 'values.change', patch: { times: '10:00-16:00' } });
    expect(selectRecipeNote(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'davenport' });
    await answered();
    expect(asked).toEqual(['lawson-lddc', 'davenport']);
    expect(selectValues(actor.getSnapshot()).times).toBe('10:00-16:00');
    expect(selectRecipeNote(actor.getSnapshot())).toBeNull();
  });

  it('asks only when a criterion is picked, and drops the answer of an earlier pick', async () => {
    const waiting = new Map<string, (answer: RecipeAnswer) => void>();
    const { actor, calls } = startWizard({
      load: async () => ({ options: { ...options, criteria }, scenario: null }),
      recipe: (id) => new Promise((resolve) => waiting.set(id, resolve)),
    });
    await settle(actor, 'editing.basics');
    actor.send({ type: 'values.change', patch: { engine: 'AI' } });
    actor.send({ type: 'analysis.toggle', analysisType: 'solar' });
    actor.send({ type: 'analysis.toggle', analysisType: 'pedestrian_wind_comfort' });
    // Unticking a criterion picks none.
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'lawson-lddc' });
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'davenport' });
    expect(calls.recipe).toEqual(['lawson-lddc', 'davenport']);
    waiting.get('lawson-lddc')!({ ...recipe('lawson-lddc'), seasons: ['summer'], windows: ['09:00-17:00'] });
    await answered();
    expect(selectValues(actor.getSnapshot()).times).toBe('08:00-18:00');
    waiting.get('davenport')!(recipe('davenport'));
    await answered();
    expect(selectValues(actor.getSnapshot()).times).toBe('00:00-23:59, 07:00-23:00');
  });

  it('a failed read leaves the form as it was', async () => {
    const actor = await withComfort({ recipe: async () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'analysis.toggle', analysisType: 'pedestrian_wind_comfort' });
    await answered();
    expect(selectValues(actor.getSnapshot())).toMatchObject({ seasons: ['annual'], times: '08:00-18:00' });
    expect(selectRecipeNote(actor.getSnapshot())).toBeNull();
  });

  it('gives each time window once, however often the recipe writes it', () => {
    const applied = recipeValues(
      { criterionId: 'lawson-lddc', seasons: ['winter', 'summer'], windows: ['06:00-22:00', '06:00-22:00', '00:00-24:00', '00:00-23:59'] },
      options,
    );
    expect(applied?.times).toBe('06:00-22:00, 00:00-23:59');
  });

  it("the form's end of day selects the same hours as the recipe's 24:00", () => {
    expect(wizardWindow('00:00-24:00')).toBe('00:00-23:59');
    expect(wizardWindow('22:00-24:00')).toBe('22:00-23:59');
    expect(wizardWindow('07:00-23:00')).toBe('07:00-23:00');
    const hours = Array.from({ length: 24 }, (_, i) => i + 1);
    for (const window of ['00:00-24:00', '22:00-24:00']) {
      const recipeHours = hours.filter((h) => hourInWindow(h, parseTimeWindow(window)));
      expect(hours.filter((h) => hourInWindow(h, parseTimeWindow(wizardWindow(window))))).toEqual(recipeHours);
    }
  });
});
