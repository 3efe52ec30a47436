/**
 * The wizard's values as the server's body: accepted by the server's own schema (the contract),
 * only what the chosen analyses need is sent, and a stored form reads back into the same values.
 */
import { describe, expect, it, vi } from 'vitest';
import { CreateConfigurationSchema, UpdateConfigurationSchema } from '@canopy/contract/scenarios.ts';
import { validValues } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { emptyValues } from '@machines/scenario-wizard/scenario-inputs.ts';
import type { ApiClient } from './client.ts';
import { RecipeDefaultsRequestSchema } from '@canopy/contract/analyses.ts';
import { recipeDefaults } from '@canopy/engine/wind/criteria.ts';
import { recipeValues } from '@machines/scenario-wizard/recipe-defaults.ts';
import { approveScenario, bodyFromValues, getCostBreakdown, getLatestStatus, getRecipeDefaults, startGeometryValidation, valuesFromForm } from './scenarios.ts';

describe('scenario body', () => {
  it('a valid form is a body the server schema accepts, numbers as numbers', () => {
    const body = bodyFromValues(validValues());
    const parsed = CreateConfigurationSchema.safeParse({ ...body, study_id: 70 });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(body).toMatchObject({
      name: 'Podium option B',
      engine: 'CFD',
      times: ['08:00-12:00', '14:00-18:00'],
      wind_directions: 16,
      return_periods: { pressure: [10, 50], structural_loading: [50], directional_wind: [1, 10] },
      single_date: '2026-06-21',
      single_day_hours: '06:00-20:00',
      minutes_interval: 15,
      structural_origin: { x: 0, y: 0, z: 0 },
      frontal_areas: { x_m2: 1200, y_m2: 900.5 },
      reference_height_m: 10,
      internal_pressure_coefficient: -0.2,
      parameter_set_ids: [31],
      geometry: { study: [1], ground: [2], presentation_planes: [3], surrounds: [], landscaping: [], mitigations: [] },
    });
  });

  it('sends the terrain upwind when one was chosen, and reads it back; none chosen: the server default', () => {
    const body = bodyFromValues({ ...validValues(), terrain: 'city' });
    expect(CreateConfigurationSchema.safeParse({ ...body, study_id: 70 }).success).toBe(true);
    expect(body.terrain).toBe('city');
    expect('terrain' in bodyFromValues(validValues())).toBe(false);
    const parsed = CreateConfigurationSchema.parse({ ...body, study_id: 70 });
    expect(valuesFromForm(parsed, new Map(), new Map()).terrain).toBe('city');
  });

  it('sends nothing for inputs the analyses do not need', () => {
    const v = {
      ...validValues(),
      analyses: [{ analysis_type: 'thermal_comfort' as const, metrics: ['UTCI'] }],
      parameterSets: {},
      windDirections: 'junk',
      referenceHeight: 'x',
    };
    const body = bodyFromValues(v);
    expect(body).toMatchObject({
      wind_directions: 16,
      return_periods: {},
      single_date: null,
      single_day_hours: null,
      minutes_interval: null,
      structural_origin: null,
      frontal_areas: null,
      reference_height_m: null,
      internal_pressure_coefficient: null,
    });
    expect(UpdateConfigurationSchema.safeParse(body).success).toBe(true);
  });

  it('reads a stored form back into the values it came from', () => {
    const values = validValues();
    const stored = UpdateConfigurationSchema.parse(bodyFromValues(values));
    const files = new Map([
      [1, { filename: 'tower.stl', size: 684 }],
      [2, { filename: 'ground.stl', size: 284 }],
      [3, { filename: 'plane.stl', size: 184 }],
    ]);
    const back = valuesFromForm(stored, files, new Map([[31, 'pressure']]));
    // The stored form holds the server's default terrain (suburban) where the values chose none.
    expect(back).toEqual({
      ...values,
      terrain: 'suburban',
      returnPeriods: { pressure: '10, 50', structural_loading: '50', directional_wind: '1, 10' },
      times: '08:00-12:00, 14:00-18:00',
    });
    // A form saved before generated geometry existed asked for neither the project's surroundings nor a generated plane.
    expect(valuesFromForm({}, new Map(), new Map())).toMatchObject({
      ...emptyValues(),
      seasons: ['annual'],
      metSourceId: 'nearest',
      singleDate: '',
      projectSurrounds: false,
      pedestrianPlane: { ...emptyValues().pedestrianPlane, generate: false },
    });
  });

  it('asks for the project surroundings and a generated 1.5 m plane by default, none when untoggled', () => {
    const base = { ...validValues(), geometry: { ...validValues().geometry, presentation_planes: [] } };
    const body = bodyFromValues(base);
    expect(body).toMatchObject({ project_surrounds: true, pedestrian_plane: { height_m: 1.5, spacing_m: 2, margin_m: 40 } });
    expect(UpdateConfigurationSchema.safeParse(body).success).toBe(true);
    const none = bodyFromValues({ ...base, projectSurrounds: false, pedestrianPlane: { ...base.pedestrianPlane, generate: false } });
    expect(none).toMatchObject({ project_surrounds: false, pedestrian_plane: null });
  });
});

describe('scenario calls', () => {
  it('use the API paths', async () => {
    const api = vi.fn(async () => ({})) as unknown as ApiClient & ReturnType<typeof vi.fn>;
    await getCostBreakdown(api, 7, 70, 9);
    await approveScenario(api, 7, 9, { approved: true, expected_credits: 24 });
    await startGeometryValidation(api, 7, 9, { scenario_id: 9, simulation_id: 11, simulation_type: 'AI' });
    await getLatestStatus(api, 7, 9, 11);
    expect(vi.mocked(api).mock.calls).toEqual([
      ['/api/project/7/study/70/configuration/9/user-approval/cost-breakdown/'],
      ['/api/project/7/configuration/9/user-approval/', { method: 'POST', body: { approved: true, expected_credits: 24 } }],
      ['/api/project/7/configuration/9/geometry-validation/', { method: 'POST', body: { scenario_id: 9, simulation_id: 11, simulation_type: 'AI' } }],
      ['/api/project/7/configuration/9/simulation/11/get-latest-status/'],
    ]);
  });
});

describe("a criterion's recipe", () => {
  it('asks POST criteria/{id}/get-recipe-defaults/ with a body the server accepts', async () => {
    const api = vi.fn(async () => ({})) as unknown as ApiClient & ReturnType<typeof vi.fn>;
    await getRecipeDefaults(api, 'lawson-lddc');
    expect(vi.mocked(api).mock.calls).toEqual([
      ['/api/criteria/lawson-lddc/get-recipe-defaults/', { method: 'POST', body: { criteria_id: 'lawson-lddc', criteria_type: 'comfort' } }],
    ]);
    expect(RecipeDefaultsRequestSchema.safeParse({ criteria_id: 'lawson-lddc', criteria_type: 'comfort' }).success).toBe(true);
  });

  it("the recipe's whole day (00:00-24:00) reaches the server as the form's 00:00-23:59, which its schema accepts", () => {
    const recipe = recipeDefaults('lawson-lddc');
    const applied = recipeValues(
      { criterionId: recipe.criterionId, seasons: recipe.seasons.map((s) => s.id), windows: recipe.timeWindows.map((w) => w.window) },
      { metSources: [], parameterSets: [], capabilities: [] },
    );
    expect(recipe.timeWindows.map((w) => w.window)).toContain('00:00-24:00');
    const body = bodyFromValues({ ...validValues(), seasons: applied!.seasons, times: applied!.times });
    expect(body.times).toEqual(['00:00-23:59', '07:00-23:00']);
    expect(body.seasons).toEqual(['annual', 'winter', 'spring', 'summer', 'autumn']);
    const parsed = CreateConfigurationSchema.safeParse({ ...body, study_id: 70 });
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    // As sent unmapped, the server would refuse it.
    expect(CreateConfigurationSchema.safeParse({ ...body, times: ['00:00-24:00'], study_id: 70 }).success).toBe(false);
  });
});
