import { describe, expect, it } from 'vitest';
import { findLegend } from '../analyses/legends.ts';
import { graphDefinitions, jobTypes } from './job-types.ts';

describe('job types reference data', () => {
  it('names a code and existing legends for every metric', () => {
    const types = jobTypes();
    expect(types.map((t) => t.id)).toContain('wind-comfort');
    expect(types.find((t) => t.id === 'wind-comfort')?.code).toBe('PLW');
    expect(types.find((t) => t.id === 'thermal-comfort')?.code).toBe('TC');
    for (const type of types) for (const m of type.metrics) for (const legend of m.legends) expect(findLegend(legend), legend).toBeDefined();
  });

  it('every graph definition applies to a metric some job type writes', () => {
    const metrics = new Set(jobTypes().flatMap((t) => t.metrics.map((m) => m.metric)));
    for (const graph of graphDefinitions()) for (const m of graph.metrics) expect(metrics.has(m), m).toBe(true);
  });
});
