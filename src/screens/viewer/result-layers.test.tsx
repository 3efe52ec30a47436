/**
 * Ingested graph and wind-rose layers (they were once never drawn): the graph panel draws a graph
 * file's series with its axes and units under the graph definition's title; the wind-rose panel
 * draws a rose file's frequencies before the weather station's rose. The files are in the
 * documented format, checked by the same parser ingestion uses.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseJsonLayer } from '@canopy/engine/results/json-layers.ts';
import { fakeServices, GRAPH_FILE, renderViewer, studyWithJsonLayers, WINDROSE_FILE } from './viewer-test-kit.tsx';
import { graphChart, roseOf } from './json-layers.ts';

vi.setConfig({ testTimeout: 20_000 });

const VIEWER = '/projects/7/viewer/70/configuration/21/Viewer';

function withJsonLayers(overrides = {}) {
  const study = studyWithJsonLayers();
  const services = fakeServices({ listSimulations: async () => study.simulations, loadAsset: study.loadAsset, ...overrides });
  // The served definitions (engine/results/job-types.ts) title the graph a file names.
  const served = services.graphDefinitions;
  services.graphDefinitions = async () => [
    ...(await served()),
    {
      id: 'wind-exceedance',
      metrics: ['comfort-class'],
      kind: 'exceedance-vs-threshold',
      title: 'Exceedance against threshold',
      x: { label: 'Threshold wind speed', units: 'm/s' },
      y: { label: 'Time exceeded', units: '%' },
    },
  ];
  return services;
}

async function openPanel(name: string) {
  const user = userEvent.setup();
  await user.click(within(await screen.findByRole('toolbar', { name: 'Panels' })).getByRole('button', { name }));
}

describe('the fixture files', () => {
  it('are what ingestion accepts', () => {
    expect(parseJsonLayer(GRAPH_FILE).kind).toBe('graph');
    expect(parseJsonLayer(WINDROSE_FILE).kind).toBe('windrose');
  });
});

describe('graph layers', () => {
  it('draws a graph file under its definition title, axes with units, one line per series', async () => {
    renderViewer(VIEWER, withJsonLayers());
    await openPanel('Graphs');
    const region = await screen.findByRole('region', { name: 'Result graphs' });
    const chart = await within(region).findByRole('img', { name: 'Exceedance against threshold' });
    expect(within(chart).getByText('Threshold wind speed (m/s)')).toBeInTheDocument();
    expect(within(chart).getByText('Time exceeded (%)')).toBeInTheDocument();
    // x values of both series: 2.5, 4, 6, 8
    for (const x of ['2.5', '4', '6', '8']) expect(within(chart).getByText(x)).toBeInTheDocument();
    expect(chart.querySelectorAll('[data-series]')).toHaveLength(2);
    expect(within(chart).getByText('Probe B, 8: 1.5')).toBeInTheDocument();
    const key = within(region).getByRole('list', { name: 'Series of Exceedance against threshold' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Probe A', 'Probe B']);
    expect(within(region).getByText(/Pedestrian wind comfort.*· Winter/)).toBeInTheDocument();
    expect(within(region).getByText('Computed by my-solver 3.2')).toBeInTheDocument();
  });

  it('says when a graph file cannot be read', async () => {
    renderViewer(VIEWER, withJsonLayers({ loadAsset: async () => new TextEncoder().encode('{"kind": "graph"}').buffer as ArrayBuffer }));
    await openPanel('Graphs');
    const region = await screen.findByRole('region', { name: 'Result graphs' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(/The graph exceedance\.json could not be read: formatVersion/);
  });

  it('lines up series over the union of their x values, null where a series has none', () => {
    const chart = graphChart(parseJsonLayer(GRAPH_FILE) as Parameters<typeof graphChart>[0]);
    expect(chart.categories).toEqual(['2.5', '4', '6', '8']);
    expect(chart.series.map((s) => s.values)).toEqual([
      [41, 18.2, 5.1, null],
      [30.5, 12, null, 1.5],
    ]);
  });
});

describe('wind-rose layers', () => {
  it("draws a rose file titled by its season and time, before the weather station's rose", async () => {
    renderViewer(VIEWER, withJsonLayers());
    await openPanel('Wind rose');
    const region = await screen.findByRole('region', { name: 'Result wind roses' });
    expect(await within(region).findByRole('heading', { name: 'Wind rose — Winter · Daytime (07:00-19:00)' })).toBeInTheDocument();
    // 12 + 9 + 5 = 26 % from the south-west, the most of any sector
    expect(within(region).getByRole('img', { name: /most often from SW \(26(\.0)? ?% of hours\); calm 4(\.0)? ?%/ })).toBeInTheDocument();
    expect(within(region).getByText('Centre: calm (4 % of the time)')).toBeInTheDocument();
    expect(within(region).getByText('≥ 8')).toBeInTheDocument();
    expect(within(region).getByText('Computed by my-solver 3.2, EPW: Chicago Ohare Intl Ap')).toBeInTheDocument();
    // the station's rose still follows
    expect(await screen.findByText('Station 1')).toBeInTheDocument();
  });

  it('keeps the shares of the file', () => {
    const rose = roseOf(parseJsonLayer(WINDROSE_FILE) as Parameters<typeof roseOf>[0]);
    expect(rose.sector_counts[5]! / rose.total_count).toBeCloseTo(0.26, 6);
    expect(rose.calm_share).toBeCloseTo(0.04, 6);
    expect(rose.speed_bin_labels).toEqual(['0–4', '4–8', '≥ 8']);
  });
});
