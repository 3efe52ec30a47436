/**
 * Every invalid flag of the scenario form (SPEC §5), table-driven through the machine: a bad value
 * raises the flag with its message and holds its step back; the fixed value clears it and the step
 * advances. Also the uploader's flag and the server's (simulation parameter) flags.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './scenario-inputs.ts';
import { validValues } from './scenario-wizard.fixtures.ts';
import { fill, settle, startWizard, type WizardActor } from './scenario-wizard.test-harness.ts';
import { selectStep, selectVisibleFlags } from './scenario-wizard.selectors.ts';
import { FORM_STEPS, type FlagName, type FormStep, type WizardValues } from './scenario-wizard.types.ts';

interface Case {
  flag: FlagName;
  step: FormStep;
  bad: Partial<WizardValues>;
  good: Partial<WizardValues>;
  message: string;
}

const CASES: Case[] = [
  { flag: 'name', step: 'basics', bad: { name: '   ' }, good: { name: 'Option A' }, message: MESSAGES.name },
  { flag: 'name', step: 'basics', bad: { name: 'x'.repeat(101) }, good: { name: 'x'.repeat(100) }, message: MESSAGES.name },
  { flag: 'engine', step: 'basics', bad: { engine: null }, good: { engine: 'AI' }, message: MESSAGES.engine },
  { flag: 'analyses', step: 'analyses', bad: { analyses: [] }, good: { analyses: validValues().analyses }, message: MESSAGES.analyses },
  {
    flag: 'analyses',
    step: 'analyses',
    bad: { analyses: [{ analysis_type: 'thermal_comfort', metrics: [] }] },
    good: { analyses: [{ analysis_type: 'thermal_comfort', metrics: ['UTCI'] }] },
    message: MESSAGES.analyses,
  },
  {
    flag: 'filename',
    step: 'geometry',
    bad: { geometry: { ...validValues().geometry, study: [] } },
    good: { geometry: validValues().geometry },
    message: MESSAGES.filenameStudy,
  },
  {
    flag: 'filename',
    step: 'geometry',
    bad: {
      geometry: { ...validValues().geometry, presentation_planes: [] },
      pedestrianPlane: { generate: false, heightM: '1.5', spacingM: '2', marginM: '40' },
    },
    good: {
      geometry: { ...validValues().geometry, presentation_planes: [] },
      pedestrianPlane: { generate: true, heightM: '1.5', spacingM: '2', marginM: '40' },
    },
    message: MESSAGES.filenamePlane,
  },
  {
    flag: 'pedestrianPlane',
    step: 'geometry',
    bad: {
      geometry: { ...validValues().geometry, presentation_planes: [] },
      pedestrianPlane: { generate: true, heightM: '1.5', spacingM: '25', marginM: '40' },
    },
    good: {
      geometry: { ...validValues().geometry, presentation_planes: [] },
      pedestrianPlane: { generate: true, heightM: '1.5', spacingM: '5', marginM: '40' },
    },
    message: MESSAGES.pedestrianPlane,
  },
  {
    // An uploaded plane replaces the generated one, so its inputs hold nothing back.
    flag: 'pedestrianPlane',
    step: 'geometry',
    bad: { pedestrianPlane: { generate: true, heightM: '0', spacingM: '2', marginM: '40' }, geometry: { ...validValues().geometry, presentation_planes: [] } },
    good: { geometry: validValues().geometry },
    message: MESSAGES.pedestrianPlane,
  },
  {
    flag: 'filename',
    step: 'geometry',
    bad: { geometry: { ...validValues().geometry, surrounds: [{ upload_id: 8, filename: 'site.obj', size: 10 }] } },
    good: { geometry: { ...validValues().geometry, surrounds: [{ upload_id: 8, filename: 'site.STL', size: 10 }] } },
    message: MESSAGES.filenameType('site.obj'),
  },
  {
    flag: 'filename',
    step: 'geometry',
    bad: { geometry: { ...validValues().geometry, ground: [{ upload_id: 8, filename: `${'g'.repeat(118)}.stl`, size: 10 }] } },
    good: { geometry: { ...validValues().geometry, ground: [{ upload_id: 8, filename: `${'g'.repeat(116)}.stl`, size: 10 }] } },
    message: MESSAGES.filenameLength(`${'g'.repeat(118)}.stl`),
  },
  { flag: 'weather', step: 'weather', bad: { metSourceId: null }, good: { metSourceId: 5 }, message: MESSAGES.weather },
  { flag: 'weather', step: 'weather', bad: { metSourceId: 99 }, good: { metSourceId: 'nearest' }, message: MESSAGES.weather },
  { flag: 'seasons', step: 'weather', bad: { seasons: [] }, good: { seasons: ['annual'] }, message: MESSAGES.seasons },
  { flag: 'times', step: 'weather', bad: { times: '8:00-18:00' }, good: { times: '08:00-18:00' }, message: MESSAGES.times },
  { flag: 'times', step: 'weather', bad: { times: '18:00-08:00' }, good: { times: '00:00-23:59' }, message: MESSAGES.times },
  { flag: 'times', step: 'weather', bad: { times: '08:00-24:00' }, good: { times: '08:00-12:00,13:00-17:00' }, message: MESSAGES.times },
  { flag: 'times', step: 'weather', bad: { times: '08:00-12:00, 08:00-12:00' }, good: { times: '08:00-12:00, 12:00-16:00' }, message: MESSAGES.times },
  { flag: 'winds', step: 'parameters', bad: { windDirections: '17' }, good: { windDirections: '36' }, message: MESSAGES.winds },
  { flag: 'winds', step: 'parameters', bad: { windDirections: '' }, good: { windDirections: '8' }, message: MESSAGES.winds },
  {
    flag: 'returnPeriods.pressure',
    step: 'parameters',
    bad: { returnPeriods: { ...validValues().returnPeriods, pressure: '10, 10' } },
    good: { returnPeriods: validValues().returnPeriods },
    message: MESSAGES.returnPeriods('Pressure (cladding)'),
  },
  {
    flag: 'returnPeriods.structural_loading',
    step: 'parameters',
    bad: { returnPeriods: { ...validValues().returnPeriods, structural_loading: '0' } },
    good: { returnPeriods: { ...validValues().returnPeriods, structural_loading: '10000' } },
    message: MESSAGES.returnPeriods('Structural loading'),
  },
  {
    flag: 'returnPeriods.directional_wind',
    step: 'parameters',
    bad: { returnPeriods: { ...validValues().returnPeriods, directional_wind: '1.5' } },
    good: { returnPeriods: { ...validValues().returnPeriods, directional_wind: '1,2,3,4,5,6,7,8,9,10' } },
    message: MESSAGES.returnPeriods('Directional wind'),
  },
  { flag: 'singleDate', step: 'parameters', bad: { singleDate: '2026-02-30' }, good: { singleDate: '2028-02-29' }, message: MESSAGES.singleDate },
  {
    flag: 'singleDayHours',
    step: 'parameters',
    bad: { singleDayHours: '20:00-06:00' },
    good: { singleDayHours: '05:30-21:15' },
    message: MESSAGES.singleDayHours,
  },
  { flag: 'minutesInterval', step: 'parameters', bad: { minutesInterval: '7' }, good: { minutesInterval: '60' }, message: MESSAGES.minutesInterval },
  {
    flag: 'structuralOrigin',
    step: 'parameters',
    bad: { structuralOrigin: { x: '0', y: 'north', z: '0' } },
    good: { structuralOrigin: { x: '-12.5', y: '3e2', z: '0' } },
    message: MESSAGES.structuralOrigin,
  },
  {
    flag: 'structuralOrigin',
    step: 'parameters',
    bad: { structuralOrigin: { x: '100001', y: '0', z: '0' } },
    good: { structuralOrigin: { x: '100000', y: '0', z: '0' } },
    message: MESSAGES.structuralOrigin,
  },
  {
    flag: 'frontalAreas',
    step: 'parameters',
    bad: { frontalAreas: { x: '0', y: '20' } },
    good: { frontalAreas: { x: '0.5', y: '20' } },
    message: MESSAGES.frontalAreas,
  },
  {
    flag: 'frontalAreas',
    step: 'parameters',
    bad: { frontalAreas: { x: '10', y: '' } },
    good: { frontalAreas: { x: '10', y: '10000000' } },
    message: MESSAGES.frontalAreas,
  },
  { flag: 'referenceHeight', step: 'parameters', bad: { referenceHeight: '1001' }, good: { referenceHeight: '1000' }, message: MESSAGES.referenceHeight },
  { flag: 'referenceHeight', step: 'parameters', bad: { referenceHeight: '0' }, good: { referenceHeight: '0.1' }, message: MESSAGES.referenceHeight },
  { flag: 'internalPressure', step: 'parameters', bad: { internalPressure: '-1.2' }, good: { internalPressure: '-1' }, message: MESSAGES.internalPressure },
  {
    flag: 'parameterSets',
    step: 'parameters',
    bad: { parameterSets: { solar: 31 } },
    good: { parameterSets: { pressure: 31 } },
    message: MESSAGES.parameterSets('Cladding defaults'),
  },
  {
    flag: 'parameterSets',
    step: 'parameters',
    bad: { parameterSets: { pressure: 404 } },
    good: { parameterSets: {} },
    message: MESSAGES.parameterSets('#404'),
  },
  { flag: 'terms', step: 'terms', bad: { termsAccepted: false }, good: { termsAccepted: true }, message: MESSAGES.terms },
];

/** Walks a fully valid wizard to `step`. */
async function at(step: FormStep): Promise<WizardActor> {
  const { actor } = startWizard();
  await settle(actor, 'editing.basics');
  fill(actor, validValues());
  for (const s of FORM_STEPS.slice(0, FORM_STEPS.indexOf(step))) {
    expect(selectStep(actor.getSnapshot())).toBe(s);
    actor.send({ type: 'step.next' });
  }
  expect(selectStep(actor.getSnapshot())).toBe(step);
  return actor;
}

describe('scenario form invalid flags (SPEC §5)', () => {
  it.each(CASES)('$flag on $step: raised by $bad, cleared by $good', async ({ flag, step, bad, good, message }) => {
    const actor = await at(step);
    actor.send({ type: 'values.change', patch: bad });
    expect(actor.getSnapshot().context.flags[flag]).toBe(message);
    // Not shown until the user tries to go on; then the step holds.
    expect(selectVisibleFlags(actor.getSnapshot())[flag]).toBeUndefined();
    actor.send({ type: 'step.next' });
    expect(selectStep(actor.getSnapshot())).toBe(step);
    expect(selectVisibleFlags(actor.getSnapshot())[flag]).toBe(message);

    actor.send({ type: 'values.change', patch: good });
    expect(actor.getSnapshot().context.flags[flag]).toBeUndefined();
    expect(selectVisibleFlags(actor.getSnapshot())[flag]).toBeUndefined();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches({ editing: step })).toBe(false);
    actor.stop();
  });

  it('covers every flag the values can raise', () => {
    const covered = new Set(CASES.map((c) => c.flag));
    const expected: FlagName[] = [
      'name',
      'engine',
      'analyses',
      'filename',
      'weather',
      'seasons',
      'times',
      'winds',
      'returnPeriods.pressure',
      'returnPeriods.structural_loading',
      'returnPeriods.directional_wind',
      'singleDate',
      'singleDayHours',
      'minutesInterval',
      'structuralOrigin',
      'frontalAreas',
      'referenceHeight',
      'internalPressure',
      'parameterSets',
      'terms',
    ];
    expect(expected.filter((f) => !covered.has(f))).toEqual([]);
  });

  it('checks only what the chosen analyses need: a solar-only scenario ignores wind inputs', async () => {
    const actor = await at('parameters');
    actor.send({
      type: 'values.change',
      patch: {
        analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
        parameterSets: {},
        windDirections: 'x',
        referenceHeight: '-3',
        frontalAreas: { x: '', y: '' },
      },
    });
    expect(actor.getSnapshot().context.flags).toEqual({});
    actor.send({ type: 'step.next' });
    expect(selectStep(actor.getSnapshot())).toBe('terms');
  });

  it("raises the uploader's flag while a file is in flight, and clears it when the uploader does", async () => {
    const actor = await at('geometry');
    actor.send({ type: 'uploader.flag', role: 'surrounds', message: 'Wait for "site.stl" to finish uploading.' });
    actor.send({ type: 'step.next' });
    expect(selectStep(actor.getSnapshot())).toBe('geometry');
    expect(selectVisibleFlags(actor.getSnapshot()).uploader).toBe('Wait for "site.stl" to finish uploading.');
    actor.send({ type: 'uploader.flag', role: 'surrounds', message: null });
    actor.send({ type: 'step.next' });
    expect(selectStep(actor.getSnapshot())).toBe('weather');
  });

  it("sends the server's field errors back to their step as flags (simulation parameters), cleared by the next change", async () => {
    let first = true;
    const { actor } = startWizard({
      save: async () => {
        if (first) {
          first = false;
          throw {
            kind: 'http',
            status: 400,
            detail: null,
            fields: { 'return_periods.pressure.0': ['Ensure this value is less than or equal to 10000.'], 'cfd_mesh.size': ['Too fine.'] },
            body: null,
          };
        }
        return { id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' };
      },
    });
    await settle(actor, 'editing.basics');
    fill(actor, validValues());
    for (let i = 0; i < FORM_STEPS.length; i++) actor.send({ type: 'step.next' });
    await settle(actor, 'editing.parameters');
    const flags = selectVisibleFlags(actor.getSnapshot());
    expect(flags.simulationParameters).toBe('return_periods.pressure.0: Ensure this value is less than or equal to 10000. cfd_mesh.size: Too fine.');
    actor.send({ type: 'step.next' });
    expect(selectStep(actor.getSnapshot())).toBe('parameters');
    actor.send({ type: 'values.change', patch: { returnPeriods: { ...validValues().returnPeriods, pressure: '50' } } });
    expect(selectVisibleFlags(actor.getSnapshot()).simulationParameters).toBeUndefined();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    await settle(actor, 'validation.passed');
  });
});
