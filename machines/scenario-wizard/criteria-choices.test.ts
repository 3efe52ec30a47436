/** Pedestrian wind comfort's metric choices come from the server's criteria (GET /api/criteria/), by events. */
import { describe, expect, it } from 'vitest';
import { options } from './scenario-wizard.fixtures.ts';
import { settle, startWizard } from './scenario-wizard.test-harness.ts';
import { selectValues } from './scenario-wizard.selectors.ts';
import { metricChoices, metricName, METRICS } from './scenario-inputs.ts';

const criteria = [
  { id: 'harbour-2024', name: 'Harbour Authority 2024' },
  { id: 'lawson-lddc', name: 'Lawson LDDC' },
];

describe("the wizard's criteria", () => {
  it('offers the criteria the server lists, the first as the default, and names them', async () => {
    const { actor } = startWizard({ load: async () => ({ options: { ...options, criteria }, scenario: null }) });
    await settle(actor, 'editing.basics');
    actor.send({ type: 'values.change', patch: { engine: 'AI' } });
    actor.send({ type: 'analysis.toggle', analysisType: 'pedestrian_wind_comfort' });
    const comfort = () => selectValues(actor.getSnapshot()).analyses.find((a) => a.analysis_type === 'pedestrian_wind_comfort')!;
    expect(comfort().metrics).toEqual(['harbour-2024']);
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'lawson-lddc' });
    expect(comfort().metrics).toEqual(['harbour-2024', 'lawson-lddc']);
    // A criterion the server does not list is not a choice.
    actor.send({ type: 'metric.toggle', analysisType: 'pedestrian_wind_comfort', metric: 'davenport' });
    expect(comfort().metrics).toEqual(['harbour-2024', 'lawson-lddc']);
    expect(metricName('harbour-2024', { criteria })).toBe('Harbour Authority 2024 criterion');
  });

  it('falls back to the built-in list without server criteria; other analyses keep their metrics', () => {
    expect(metricChoices('pedestrian_wind_comfort', { criteria: [] })).toEqual(METRICS.pedestrian_wind_comfort);
    expect(metricChoices('pedestrian_wind_comfort', undefined)).toEqual(METRICS.pedestrian_wind_comfort);
    expect(metricChoices('solar', { criteria })).toEqual(METRICS.solar);
    expect(metricName('sunlit_share', { criteria })).toBe('Share of hours in sun (per season and time window)');
  });
});
