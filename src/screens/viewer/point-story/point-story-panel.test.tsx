/**
 * A point's hourly story in the viewer, by role and text: a wind simulation with per-direction
 * speed ratios, a point in the address (pt=), the "Point story" tab replays the Chicago year there
 * — the class it shows per season is the engine's post-processing class of the nearest result point;
 * a point far from any result says so; "Add to insight" stores the figure with its numbers as the
 * caption. A scenario without wind results is told there is nothing to replay.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import { windComfortChunk } from '@canopy/engine/analyses/wind-comfort.ts';
import { periodMask, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { parseWeatherCsv } from '@canopy/engine/weather/weather-csv.ts';
import { asset, chicagoCsv, fakeServices, renderViewer, simulation } from '../viewer-test-kit.tsx';

vi.setConfig({ testTimeout: 30_000 });

const DIRECTIONS = [0, 90, 180, 270];
const POINTS = 400;
const ratio = (p: number, i: number) => 0.2 + ((p * 13 + i * 7) % 17) / 9;
const files = new Map<string, Uint8Array>();
let windSimulation: Simulation;
// The point at (10, 10, 1.5): x = (p mod 20)·2, y = ⌊p / 20⌋·2, so p = 105.
const POINT = 105;

beforeAll(async () => {
  const positions = Float32Array.from({ length: POINTS * 3 }, (_, k) =>
    k % 3 === 0 ? (Math.floor(k / 3) % 20) * 2 : k % 3 === 1 ? Math.floor(k / 60) * 2 : 1.5,
  );
  const assets = [];
  for (const [i, deg] of DIRECTIONS.entries()) {
    const a = asset(61, {
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
  windSimulation = { ...simulation(61, 21, 'pedestrian_wind_comfort', assets), met_source_id: 1 };
  // jsdom draws no canvas: a context that accepts every call stands in, so the figure is "drawn".
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => new Proxy({}, { get: (_t, key) => (key === 'measureText' ? () => ({ width: 10 }) : () => undefined), set: () => true }) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
});
afterAll(() => vi.restoreAllMocks());

function services(figures: unknown[], simulations: () => Simulation[] = () => [windSimulation]) {
  return {
    ...fakeServices(),
    listSimulations: async () => simulations(),
    loadAsset: async (url: string) => {
      const hit = [...files.entries()].find(([key]) => url.endsWith(`${key}download/`));
      if (!hit) throw new Error(`no file ${url}`);
      return hit[1].slice().buffer;
    },
    listInsights: async () => [{ id: 4, title: 'Plaza entrance' }],
    addInsightFigure: async (_scope: unknown, figure: unknown) => {
      figures.push(figure);
      return { insightId: 4, imageViewId: 40 };
    },
  };
}

/** The engine's post-processing class of the point for Lawson LDDC, one season, all day, Chicago. */
function engineClass(months: number[]): string {
  const series = parseWeatherCsv(chicagoCsv());
  const rows = typicalYearRows(series);
  const criterion = getCriterion('lawson-lddc');
  const index = windComfortChunk({
    speedRatios: Float32Array.from(DIRECTIONS, (_, i) => ratio(POINT, i)),
    directionsDeg: DIRECTIONS,
    windDirectionDeg: pickRows(series.windDirectionDeg, rows),
    windSpeedMs: pickRows(series.windSpeedMs, rows),
    masks: [periodMask({ season: { id: 's', name: 's', months }, timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' } })],
    criteria: [criterion],
    speedFactor: 1,
  }).criteria[0]!.classIndex[0]![0]!;
  return criterion.classes[index]!.label;
}

describe('a point’s hourly story in the viewer', () => {
  it('replays the year at the picked point with the post-processing’s classes, and adds it to an insight', async () => {
    const u = userEvent.setup();
    const figures: unknown[] = [];
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=61&pt=10.2,9.9,1.5', services(figures));
    await u.click(await screen.findByRole('button', { name: 'Point story' }));
    const panel = await screen.findByRole('region', { name: 'Point story' });
    expect(await within(panel).findByText(/replayed there in your browser from the stored wind of 4 directions/)).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Criterion' })).toHaveValue('lawson-lddc');

    const table = await within(panel).findByRole('table', { name: 'Comfort class per season and time of day' });
    expect(within(panel).getByText(/^Result point \(10\.0, 10\.0, 1\.5\) m, 0\.2 m from where you clicked · Lawson LDDC/)).toBeInTheDocument();
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('Annual, all day')).getAllByRole('cell')[0]).toHaveTextContent(engineClass([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect(within(row('Winter, all day')).getAllByRole('cell')[0]).toHaveTextContent(engineClass([12, 1, 2]));
    expect(within(row('Summer, all day')).getAllByRole('cell')[0]).toHaveTextContent(engineClass([6, 7, 8]));
    // The criterion's thresholds and what it allows are marked.
    expect(within(table).getByRole('columnheader', { name: '> 4 m/s' })).toBeInTheDocument();
    expect(within(table).getByText('Occasional sitting ≤ 5.0 %')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Exceedance curve: hours a year above each speed' })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'UTCI over the year' })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: /^Wind rose, 16 sectors/ })).toBeInTheDocument();

    await u.selectOptions(within(panel).getByRole('combobox', { name: 'Insight' }), '4');
    await u.click(within(panel).getByRole('button', { name: 'Add to insight' }));
    expect(await within(panel).findByText('Added to the insight as a figure.')).toBeInTheDocument();
    const figure = figures[0] as { insightId: number; caption: string; pngDataUrl: string };
    expect(figure.insightId).toBe(4);
    expect(figure.pngDataUrl).toMatch(/^data:image\/png/);
    expect(figure.caption.split('\n')[0]).toBe('Point story at (10.0, 10.0, 1.5) m: Lawson LDDC (City of London), Station 1');
    expect(figure.caption).toContain(`Annual, all day: ${engineClass([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])} (P(U > 2.5 m/s)`);
  });

  it('says when the picked point has no wind result near it', async () => {
    const u = userEvent.setup();
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=61&pt=500,500,1.5', services([]));
    await u.click(await screen.findByRole('button', { name: 'Point story' }));
    const panel = await screen.findByRole('region', { name: 'Point story' });
    expect(await within(panel).findByText(/No wind result within 25 m of this point/)).toBeInTheDocument();
  });

  it('tells a scenario without wind results that there is nothing to replay', async () => {
    const u = userEvent.setup();
    // A solar run alone in its scenario: no wind run to take the ratios from.
    const solar = simulation(71, 22, 'solar', [asset(71, { analysis_type: 'solar-sunlit', metric: 'pct-sunlit', show_by_default: true })]);
    renderViewer(
      '/projects/7/viewer/70/configuration/22/Viewer?simulation=71',
      services([], () => [solar]),
    );
    await u.click(await screen.findByRole('button', { name: 'Point story' }));
    expect(await screen.findByText(/This scenario has no per-direction wind results to replay/)).toBeInTheDocument();
  });
});
