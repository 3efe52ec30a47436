/**
 * A difference map in the viewer, by role and text: two scenarios of the study with the same
 * comfort map; the Difference panel offers the other scenario's map as B, computes B − A in the
 * browser from the stored layers, tells how many points got calmer or windier, and the pane shows
 * the map under a "classes gained and lost" legend. A map saved as a layer reopens on its own
 * diverging scale, centred on zero over its symmetric range and in its units.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { localLayer, localLayerUrls } from '../../../viewer/scene/local-layers.ts';
import { asset, fakeServices, renderViewer, simulation } from '../viewer-test-kit.tsx';

vi.setConfig({ testTimeout: 30_000 });

const POINTS = 6;
const files = new Map<string, Uint8Array>();
let study: Simulation[];

/** A sun-lit time difference as "Save as layer" stores it: its GLB's metadata is the asset's. */
const savedSunDifference = (simulationId: number) =>
  asset(simulationId, {
    analysis_type: 'solar-sunlit',
    metric: 'pct-sunlit-difference',
    show_by_default: true,
    qualifiers: { difference: 'Proposed tower (layer 7) − Existing site (layer 6)', matching: 'same points in both' },
    metadata: {
      analysis: 'solar-sunlit',
      metric: 'pct-sunlit-difference',
      units: '%',
      fields: ['difference'],
      difference: {
        a: { assetId: 6, scenario: 'Existing site' },
        b: { assetId: 7, scenario: 'Proposed tower' },
        matching: 'same points in both',
        mode: 'values',
        limit: 20,
      },
    },
  });

const comfort = (simulationId: number) =>
  asset(simulationId, {
    analysis_type: 'wind-comfort',
    metric: 'comfort-class',
    show_by_default: true,
    season_filter: 'Annual',
    time_filter: 'All day',
    qualifier: 'Lawson LDDC',
    metadata: { fields: ['comfortClass'], units: 'class' },
  });

beforeAll(async () => {
  const positions = Float32Array.from({ length: POINTS * 3 }, (_, k) => (k % 3 === 0 ? Math.floor(k / 3) * 4 : k % 3 === 1 ? 0 : 1.5));
  const existing = comfort(61);
  const proposed = comfort(62);
  const write = (classes: number[]) =>
    writeResultGlb({
      positions,
      fields: { comfortClass: Float32Array.from(classes) },
      metadata: { analysis: 'wind-comfort', metric: 'comfort-class', units: 'class', provenance: { engine: 'test', version: '1' } },
    });
  files.set(`/simulation-asset/${existing.id}/`, await write([0, 1, 2, 3, 4, 2]));
  files.set(`/simulation-asset/${proposed.id}/`, await write([0, 2, 0, 1, 4, 3]));
  study = [simulation(61, 21, 'pedestrian_wind_comfort', [existing]), simulation(62, 22, 'pedestrian_wind_comfort', [proposed])];
});

describe('difference maps in the viewer', () => {
  it('differences the same comfort map of two scenarios and shows classes gained and lost', async () => {
    const u = userEvent.setup();
    const services = {
      ...fakeServices(),
      listSimulations: async () => study,
      loadAsset: async (url: string) => {
        const hit = [...files.entries()].find(([key]) => url.endsWith(`${key}download/`));
        if (!hit) throw new Error(`no file ${url}`);
        return hit[1].slice().buffer;
      },
    };
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer?simulation=61', services);
    await u.click(await screen.findByRole('button', { name: 'Difference' }));
    const panel = await screen.findByRole('region', { name: 'Difference map' });
    const a = await within(panel).findByRole('combobox', { name: 'Layer A (from)' });
    await waitFor(() => expect(within(a).getByRole('option', { name: /^Existing site: / })).toBeInTheDocument());
    await u.selectOptions(a, within(a).getByRole('option', { name: /^Existing site: / }));
    // The only layer of the same kind in another scenario is offered as B.
    expect(within(panel).getByRole('combobox', { name: 'Layer B (to)' })).toHaveDisplayValue(/^Proposed tower: /);
    await u.click(within(panel).getByRole('button', { name: 'Show B − A' }));

    const shown = await within(panel).findByRole('status', { name: 'Difference shown' });
    expect(shown).toHaveTextContent('6 points compared: 2 calmer, 2 unchanged, 2 windier in B than in A.');
    expect(shown).toHaveTextContent('Points: same points in both.');
    const url = localLayerUrls().find((u) => u.startsWith('local:difference/'))!;
    expect([...localLayer(url)!.fields.difference!]).toEqual([0, 1, -2, -2, 0, 1]);
    // The pane shows the map under its own legend, naming both scenarios.
    await waitFor(() =>
      expect(screen.getByLabelText('Layer shown')).toHaveTextContent('Comfort class change, Proposed tower − Existing site (same points in both)'),
    );
    expect(within(panel).getByRole('button', { name: 'Save as layer' })).toBeEnabled();
  });

  it('reopens a saved difference map on its diverging scale, centred on zero, in its units', async () => {
    const saved = savedSunDifference(62);
    const services = {
      ...fakeServices(),
      listSimulations: async () => [simulation(62, 22, 'solar', [saved])],
      loadAsset: async () => {
        throw new Error('the 3D view is not drawn here');
      },
    };
    renderViewer('/projects/7/viewer/70/configuration/22/Viewer?simulation=62', services);
    const title = 'Δ Sun-lit time, Proposed tower − Existing site (same points in both) (%)';
    const legend = await screen.findByRole('figure', { name: `Legend: ${title}` });
    const ticks = within(within(legend).getByRole('list', { name: 'Ticks' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // ±20 %, white at the middle tick: zero.
    expect(ticks[0]).toMatch(/^[−-]20$/);
    expect(ticks.at(-1)).toBe('20');
    expect(ticks[(ticks.length - 1) / 2]).toBe('0');
  });
});
