import { describe, expect, it } from 'vitest';
import { JsonLayerError, parseJsonLayer } from './json-layers.ts';

const provenance = { engine: 'solver', version: '1' };
const rose = {
  formatVersion: 1,
  kind: 'windrose',
  sectorsDeg: [0, 90, 180, 270],
  speedBinsMs: [0, 5],
  frequencyPct: [
    [10, 10],
    [20, 5],
    [15, 10],
    [20, 5],
  ],
  calmPct: 5,
  provenance,
};
const graph = {
  formatVersion: 1,
  kind: 'graph',
  analysis: 'wind-comfort',
  metric: 'exceedance',
  graph: 'exceedance-vs-threshold',
  x: { label: 'Threshold', units: 'm/s' },
  y: { label: 'Time exceeded', units: '%' },
  series: [
    {
      name: 'A',
      points: [
        [2, 40],
        [4, 10],
      ],
    },
  ],
  provenance,
};

describe('parseJsonLayer', () => {
  it('accepts the documented graph and wind-rose examples', () => {
    expect(parseJsonLayer(JSON.stringify(graph)).kind).toBe('graph');
    expect(parseJsonLayer(JSON.stringify(rose)).kind).toBe('windrose');
  });

  it.each([
    ['{', /not valid JSON/],
    [JSON.stringify({ kind: 'table' }), /"kind" must be/],
    [JSON.stringify({ ...rose, calmPct: 20 }), /sum to 115\.00 %/],
    [JSON.stringify({ ...rose, frequencyPct: [[1, 2]] }), /one row per sector/],
    [
      JSON.stringify({
        ...graph,
        series: [
          {
            name: 'A',
            points: [
              [4, 1],
              [2, 3],
            ],
          },
        ],
      }),
      /ascending x/,
    ],
    [JSON.stringify({ ...graph, provenance: undefined }), /provenance/],
  ])('rejects %s', (text, message) => {
    expect(() => parseJsonLayer(text)).toThrow(JsonLayerError);
    expect(() => parseJsonLayer(text)).toThrow(message);
  });
});
