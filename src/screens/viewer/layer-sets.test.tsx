/**
 * A simulation's layer sets in the viewer (they were once never drawn): the layer
 * panel's "Layer sets" group names each set from its identifier, starts from show_by_default,
 * reads a shown set's file through the services (once), switches by keyboard, and shows an
 * unreadable file's error on its own row while the rest keeps working. The files are result GLBs
 * in the documented format (docs/results-format.md).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { LayerSet } from '@canopy/contract/viewer.ts';
import { LayerSetSchema } from '@canopy/contract/viewer.ts';
import { fakeServices, renderViewer, windStudy } from './viewer-test-kit.tsx';
import { layerSetSceneLayers } from './scene-layers.ts';

vi.setConfig({ testTimeout: 20_000 });

const VIEWER = '/projects/7/viewer/70/configuration/21/Viewer';

const SETS: LayerSet[] = [
  { id: 7, identifier: { name: 'streamlines', wind_direction: '0' }, layer_type: 'Volumetric', show_by_default: true, filename: 'streamlines.0.glb' },
  { id: 8, identifier: { label: 'Tree canopy' }, layer_type: 'Geometry', show_by_default: false, filename: 'trees.glb' },
  { id: 9, identifier: { name: 'iso-surfaces', isoValue: 5 }, layer_type: 'Volumetric', show_by_default: false, filename: 'iso.glb' },
];

const files = new Map<number, Uint8Array>();
const provenance = { engine: 'layer-set-test', version: '1' };

beforeAll(async () => {
  // Streamline points with a speed field; a tree block as a triangle mesh without fields; set 9 is not a GLB.
  files.set(
    7,
    await writeResultGlb({
      positions: new Float32Array([0, 0, 1, 1, 0, 1, 2, 0, 1]),
      lines: new Uint32Array([0, 1, 1, 2]),
      fields: { speed: new Float32Array([1, 2, 3]) },
      metadata: { analysis: 'wind-cfd', metric: 'streamlines', units: 'm/s', provenance },
    }),
  );
  files.set(
    8,
    await writeResultGlb({
      positions: new Float32Array([0, 0, 0, 4, 0, 0, 0, 4, 6]),
      indices: new Uint32Array([0, 1, 2]),
      fields: {},
      metadata: { analysis: 'geometry', metric: 'trees', units: '', provenance },
    }),
  );
  files.set(9, new TextEncoder().encode('not a glb at all'));
});

function withLayerSets() {
  const simulations = windStudy();
  simulations[0]!.layer_sets = SETS.map((s) => ({ ...s }));
  const reads: string[] = [];
  const services = fakeServices({
    listSimulations: async () => simulations,
    loadAsset: async (url: string) => {
      const id = Number(/\/layer-set\/(\d+)\/download\/$/.exec(url)?.[1]);
      reads.push(url);
      const bytes = files.get(id);
      if (!bytes) throw new Error(`no file at ${url}`);
      return bytes.slice().buffer;
    },
  });
  return { services, reads };
}

describe('layer sets in the layer panel', () => {
  it('the fixture sets are what the API answers', () => {
    for (const set of SETS) expect(LayerSetSchema.parse(set)).toEqual(set);
  });

  it('lists the sets by name, starting from show_by_default, and reads only the shown one', async () => {
    const { services, reads } = withLayerSets();
    renderViewer(VIEWER, services);
    const group = await screen.findByRole('region', { name: 'Layer sets' });
    expect(within(group).getByRole('heading', { name: 'Layer sets (3)' })).toBeInTheDocument();
    expect(within(group).getByRole('checkbox', { name: 'Streamlines · 0°' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Tree canopy' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Iso surfaces · 5' })).not.toBeChecked();
    // Never the identifier's JSON.
    expect(group.textContent).not.toMatch(/[{}"]/);
    await waitFor(() => expect(reads).toEqual(['/api/project/7/configuration/21/simulation/31/layer-set/7/download/']));
    expect(within(group).queryByRole('alert')).toBeNull();
  });

  it('switches a set on and off from the keyboard; its file is read once', async () => {
    const { services, reads } = withLayerSets();
    const user = userEvent.setup();
    renderViewer(VIEWER, services);
    const group = await screen.findByRole('region', { name: 'Layer sets' });
    const trees = within(group).getByRole('checkbox', { name: 'Tree canopy' });
    trees.focus();
    await user.keyboard(' ');
    expect(trees).toBeChecked();
    await waitFor(() => expect(reads).toContain('/api/project/7/configuration/21/simulation/31/layer-set/8/download/'));
    await user.keyboard(' ');
    expect(trees).not.toBeChecked();
    await user.keyboard(' ');
    expect(trees).toBeChecked();
    expect(reads.filter((r) => r.includes('/layer-set/8/'))).toHaveLength(1);
    expect(within(group).queryByRole('alert')).toBeNull();
  });

  it("shows an unreadable file's error on its row; the other rows and the layers keep working", async () => {
    const { services } = withLayerSets();
    const user = userEvent.setup();
    renderViewer(VIEWER, services);
    const group = await screen.findByRole('region', { name: 'Layer sets' });
    await user.click(within(group).getByRole('checkbox', { name: 'Iso surfaces · 5' }));
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent(/The file could not be read: .*GLB/i);
    expect(within(group).getAllByRole('listitem')[2]).toContainElement(alert);
    expect(within(group).getByRole('checkbox', { name: 'Iso surfaces · 5' })).toHaveAccessibleDescription(/could not be read/);
    // The rest of the panel is unaffected.
    await user.click(within(group).getByRole('checkbox', { name: 'Tree canopy' }));
    expect(within(group).getByRole('checkbox', { name: 'Tree canopy' })).toBeChecked();
    expect(within(group).getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Matching layers' })).toBeInTheDocument();
  });
});

describe('layer sets as scene layers', () => {
  const row = (id: number, layerType: 'Geometry' | 'Volumetric', fields: string[] | null, shown = true) => ({
    id,
    simulationId: 31,
    configurationId: 21,
    name: `Set ${id}`,
    layerType,
    shown,
    file: fields ? { status: 'ready' as const, fields } : { status: 'loading' as const },
  });
  const url = (ids: { simulationId: number; layerSetId: number }) => `/sets/${ids.simulationId}/${ids.layerSetId}`;

  it('draws a volumetric set with fields coloured, a geometry set or a field-less volume as geometry, nothing before the file is read', () => {
    const layers = layerSetSceneLayers(
      [
        row(1, 'Volumetric', ['speed', 'speedRatio']),
        row(2, 'Geometry', []),
        row(3, 'Volumetric', []),
        row(4, 'Volumetric', null),
        row(5, 'Geometry', [], false),
      ],
      7,
      url,
    );
    expect(layers).toEqual([
      { id: 'set-1', kind: 'volumetric', field: 'speed', url: '/sets/31/1', visible: true, label: 'Set 1' },
      { id: 'set-2', kind: 'geometry', role: 'overlay', url: '/sets/31/2', visible: true, label: 'Set 2' },
      { id: 'set-3', kind: 'geometry', role: 'overlay', url: '/sets/31/3', visible: true, label: 'Set 3' },
      { id: 'set-5', kind: 'geometry', role: 'overlay', url: '/sets/31/5', visible: false, label: 'Set 5' },
    ]);
  });
});
