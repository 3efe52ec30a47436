/** The wizard's offer as pure rules: what runs at a level, and the flag for a choice that does not. */
import { describe, expect, it } from 'vitest';
import { checkValues, MESSAGES } from './scenario-inputs.ts';
import { canopyOnlyOffer, fullOffer, options, validValues } from './scenario-wizard.fixtures.ts';
import { offerAt, unofferedChoices, whoComputes } from './scenario-offer.ts';
import type { WizardValues } from './scenario-wizard.types.ts';

const canopyOnly = { ...options, capabilities: canopyOnlyOffer };
const values = (patch: Partial<WizardValues>): WizardValues => ({ ...validValues(), ...patch });

describe('the offer', () => {
  it('is the capabilities of the chosen level, none before a level is chosen', () => {
    expect(offerAt(canopyOnly, 'CFD').map((c) => c.analysis_type)).toEqual(['solar', 'thermal_comfort']);
    expect(offerAt(canopyOnly, null)).toEqual([]);
  });

  it('flags a chosen analysis that does not run at the level, naming it, and nothing when everything runs', () => {
    const wind = values({
      engine: 'AI',
      analyses: [
        { analysis_type: 'solar', metrics: ['sun_hours'] },
        { analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] },
      ],
    });
    expect(unofferedChoices(wind, canopyOnly)).toEqual(['pedestrian_wind_comfort']);
    expect(checkValues(wind, canopyOnly).analyses).toBe(MESSAGES.notOffered(['Pedestrian wind comfort'], 'AI'));
    expect(checkValues(wind, { ...options, capabilities: fullOffer }).analyses).toBeUndefined();
    const loads = values({
      engine: 'CFD',
      analyses: [
        { analysis_type: 'pressure', metrics: ['peak_pressure'] },
        { analysis_type: 'structural_loading', metrics: ['base_moments'] },
      ],
    });
    expect(checkValues(loads, canopyOnly).analyses).toBe(
      'Pressure (cladding), Structural loading do not run at the CFD level on this installation: remove them or choose another level.',
    );
  });

  it('says who computes: Canopy, or the provider with credits reserved', () => {
    expect(whoComputes(canopyOnlyOffer[0]!)).toBe('Computed by Canopy: Sun position and ray casting over the scenario geometry.');
    const external = fullOffer.find((c) => c.computed_by === 'external')!;
    expect(whoComputes(external)).toMatch(/^Results from Wind lab: .*credits are reserved when you approve and taken only when the results arrive\.$/);
  });
});
