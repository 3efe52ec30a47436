/**
 * Re-classifying a comfort map in the viewer, by role and text: on a wind-comfort
 * simulation with per-direction speed ratios, the Comfort panel starts from the stored map's
 * criterion, season, time and weather; switching the criterion re-computes the map in the browser
 * (the same classes as the engine's post-processing gives), which the pane then shows; "Save as
 * results" stores it and the viewer lists the results again. A simulation without speed ratios is
 * told there is nothing to re-classify.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { comfortLegend } from '@canopy/engine/analyses/legends.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import { windComfortChunk } from '@canopy/engine/analyses/wind-comfort.ts';
import { periodMask, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { parseWeatherCsv } from '@canopy/engine/weather/weather-csv.ts';
import { localLayer, localLayerUrls } from '../../viewer/scene/local-layers.ts';
import { asset, chicagoCsv, fakeServices, renderViewer, simulation, type Calls } from './viewer-test-kit.tsx';

vi.setConfig({ testTimeout: 30_000 });

const DIRECTIONS = [0, 90, 180, 270];
const POINTS = 400;
const ratio = (p: number, i: number) => 0.2 + ((p * 13 + i * 7) % 17) / 9;
const files = new Map<string, Uint8Array>();
let windSimulation: Simulation;

beforeAll(async () => {
  const positions = Float32Array.from({ length: POINTS * 3 }, (_, k) =>
    k % 3 === 0 ? (Math.floor(k / 3) % 20) * 2 : k % 3 === 1 ? Math.floor(k / 60) * 2 : 1.5,
  );
  const assets = [];
  for (const [i, deg] of DIRECTIONS.entries()) {
    const a = asset(51, {
      analysis_type: 'wind-directional',
      metric: 'speed-ratio',
      wind_direction: String(deg),
      filename: `sr.${deg}.glb`,
      metadata: { field: 'speedRatio', fields: ['speedRatio'] },
    });
    files.set(
      `/simulation-asset/${a.id}/`,
      await writeResultGlb({
        positions,
        fields: { speedRatio: Float32Array.from({ length: POINTS }, (_, p) => ratio(p, i)) },
        metadata: { analysis: 'wind-directional', metric: 'speed-ratio', units: '', provenance: { engine: 'test', version: '1' } },
      }),
    );
    assets.push(a);
  }
  assets.push(
    asset(51, {
      analysis_type: 'wind-comfort',
      metric: 'comfort-class',
      show_by_default: true,
      season_filter: 'Annual',
      time_filter: 'All day',
      filename: 'comfort.glb',
      metadata: {
        criterion: { id: 'lawson-lddc', name: 'Lawson LDDC' },
        season: { name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        timeWindow: { name: 'All day', window: '00:00-24:00' },
        legend: { name: 'wind-comfort-lawson-lddc' },
      },
    }),
  );
  windSimulation = { ...simulation(51, 21, 'pedestrian_wind_comfort', assets), met_source_id: 1 };
});

function services(calls: Calls) {
  const base = fakeServices({}, calls);
  let listed = 0;
  return {
    listed: () => listed,
    services: {
      ...base,
      listSimulations: async () => {
        listed++;
        return [windSimulation, simulation(52, 21, 'solar', [asset(52, { analysis_type: 'solar-sunlit', metric: 'pct-sunlit', show_by_default: true })])];
      },
      loadAsset: async (url: string) => {
        const hit = [...files.entries()].find(([key]) => url.endsWith(`${key}download/`));
        if (!hit) throw new Error(`no file ${url}`);
        return hit[1].slice().buffer;
      },
      colourLegend: async (name: string) => comfortLegend(getCriterion(name.replace('wind-comfort-', ''))),
      // A company's own table beside the built-in ones.
      criteria: async () => [...(await base.criteria()), { ...getCriterion('lawson-lddc'), id: 'acme-comfort', name: 'Acme comfort' }],
    },
  };
}

/** The classes the engine's post-processing gives for Davenport, annual, all day, Chicago. */
function engineClasses(): Float32Array {
  const series = parseWeatherCsv(chicagoCsv());
  const rows = typicalYearRows(series);
  const speedRatios = Float32Array.from({ length: POINTS * DIRECTIONS.length }, (_, k) => ratio(Math.floor(k / DIRECTIONS.length), k % DIRECTIONS.length));
  return windComfortChunk({
    speedRatios,
    directionsDeg: DIRECTIONS,
    windDirectionDeg: pickRows(series.windDirectionDeg, rows),
    windSpeedMs: pickRows(series.windSpeedMs, rows),
    masks: [
      periodMask({
        season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
      }),
    ],
    criteria: [getCriterion('davenport')],
    speedFactor: 1,
  }).criteria[0]!.classIndex[0]!;
}

describe('re-classifying a comfort map in the viewer', () => {
  it('switches the criterion in the browser, shows the new map, and saves it as results', async () => {
    const u = userEvent.setup();
    const calls: Calls = [];
    const fake = services(calls);
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=51', fake.services);
    await u.click(await screen.findByRole('button', { name: 'Comfort' }));
    const panel = await screen.findByRole('region', { name: 'Comfort re-classification' });
    // Starts from the stored map: Lawson LDDC, annual, all day, the scenario's weather.
    const criterion = await within(panel).findByRole('combobox', { name: 'Criterion' });
    expect(criterion).toHaveValue('lawson-lddc');
    expect(within(panel).getByRole('combobox', { name: 'Season' })).toHaveDisplayValue('Annual');
    expect(within(panel).getByRole('combobox', { name: 'Time of day' })).toHaveDisplayValue('All day (00:00-24:00)');
    expect(within(panel).getByRole('combobox', { name: 'Weather file' })).toHaveDisplayValue('Station 1');
    expect(within(panel).getByText(/comfort map of 400 points is re-computed in your browser from the stored wind of 4 directions/)).toBeInTheDocument();

    await u.selectOptions(criterion, 'davenport');
    const done = await within(panel).findByRole('status', { name: 'Re-classified' });
    expect(done).toHaveTextContent(/^Davenport: 400 points × 4 directions re-classified in \d+ ms\.$/);
    expect(calls).toContain('weather 725301-abcdef01');
    // The pane shows the re-classified map under its criterion's legend.
    await waitFor(() => expect(screen.getByLabelText('Layer shown')).toHaveTextContent('Wind comfort — Davenport'));

    // The map in the browser is the engine's post-processing classes, exactly (one layer kept: the one shown).
    const urls = localLayerUrls().filter((url) => url.startsWith('local:reclass/51/'));
    expect(urls).toHaveLength(1);
    expect(localLayer(urls[0]!)!.fields.comfortClass).toEqual(engineClasses());

    const before = fake.listed();
    await u.click(within(panel).getByRole('button', { name: 'Save as results' }));
    await within(panel).findByRole('button', { name: 'Saved as results' });
    expect(calls).toContain('save reclassified 51: davenport Annual All day 725301-abcdef01');
    await waitFor(() => expect(fake.listed()).toBeGreaterThan(before));

    // A company's own table: re-classified too, under a legend made from its classes.
    await u.selectOptions(within(panel).getByRole('combobox', { name: 'Criterion' }), 'acme-comfort');
    await waitFor(() => expect(within(panel).getByRole('status', { name: 'Re-classified' })).toHaveTextContent(/^Acme comfort: 400 points/));
    await waitFor(() => expect(screen.getByLabelText('Layer shown')).toHaveTextContent('Wind comfort — Acme comfort'));

    // Back to the stored maps.
    await u.click(within(panel).getByRole('button', { name: 'Show the stored maps' }));
    await waitFor(() => expect(screen.getByLabelText('Layer shown')).toHaveTextContent('Wind comfort — Lawson LDDC'));
  });

  it('asks the server to compute the chosen criterion, season and time of day as stored comfort maps', async () => {
    const u = userEvent.setup();
    const calls: Calls = [];
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=51', services(calls).services);
    await u.click(await screen.findByRole('button', { name: 'Comfort' }));
    const panel = await screen.findByRole('region', { name: 'Comfort re-classification' });
    await u.selectOptions(await within(panel).findByRole('combobox', { name: 'Criterion' }), 'davenport');
    const server = within(panel).getByRole('region', { name: 'Compute on the server' });
    await u.click(within(server).getByRole('button', { name: 'Compute comfort maps on the server' }));
    expect(await within(server).findByRole('status')).toHaveTextContent(
      "Queued as job 77: the comfort and safety maps (Davenport) join this simulation's layers when it finishes.",
    );
    expect(calls).toContain('submit postprocessing 51: davenport Annual 00:00-24:00');
  });

  it('tells a running simulation that its speed ratios are still being computed', async () => {
    const u = userEvent.setup();
    const fake = services([]);
    // A wind run that has written no layers yet.
    fake.services.listSimulations = async () => [windSimulation, { ...simulation(53, 21, 'pedestrian_wind_comfort', []), status: 'running' }];
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=53', fake.services);
    await u.click(await screen.findByRole('button', { name: 'Comfort' }));
    expect(await screen.findByText(/This simulation is still computing its per-direction wind speed ratios/)).toBeInTheDocument();
    expect(screen.queryByText(/Choose a pedestrian wind comfort simulation/)).toBeNull();
  });

  it('tells a simulation without speed ratios that there is nothing to re-classify', async () => {
    const u = userEvent.setup();
    const fake = services([]);
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=52', fake.services);
    await u.click(await screen.findByRole('button', { name: 'Comfort' }));
    expect(await screen.findByText(/This simulation has no per-direction wind speed ratios to re-classify/)).toBeInTheDocument();
  });
});
