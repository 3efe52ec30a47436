/**
 * The viewer screen with fake services: the layer picker's dimensions, disabled options, reset on
 * simulation change and SPEC §5/§8 messages; layer toggles saved per view; the colour scale; split
 * view, the hidden theme and the keyboard; the simulation redirect.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { fakeScenarioServices, fakeServices, finding, renderViewer, simulation, validationRecord, windStudy, type Calls } from './viewer-test-kit.tsx';
import { metSource, summary } from '@machines/weather/fixtures.ts';

// The screen renders a lot in jsdom and the test machine is shared: allow more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const VIEWER = '/projects/7/viewer/70/configuration/21/Viewer';
const refuse = () => Promise.reject({ kind: 'http', status: 500, detail: 'Server error', fields: {}, body: null });

async function picker() {
  return screen.findByRole('region', { name: 'Layer picker' });
}

function optionButton(region: HTMLElement, dimension: string, name: string) {
  return within(within(region).getByRole('group', { name: dimension })).getByRole('button', { name });
}

describe('the layer panel', () => {
  it("shows the filter dimensions that have options, in SPEC §9's order", async () => {
    renderViewer(VIEWER);
    const region = await picker();
    const legends = within(region)
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')?.textContent);
    expect(legends).toEqual(['Layer type', 'Analysis', 'Metric', 'Wind direction', 'Season', 'Time', 'Qualifier']);
  });

  it('names the layer types, analyses and metrics in words, not by their ids', async () => {
    renderViewer(VIEWER);
    const region = await picker();
    const names = (dimension: string) =>
      within(within(region).getByRole('group', { name: dimension }))
        .getAllByRole('button')
        .map((b) => b.textContent ?? '');
    expect(names('Layer type')).toEqual(expect.arrayContaining(['Results', 'Geometry']));
    for (const dimension of ['Layer type', 'Analysis', 'Metric']) for (const name of names(dimension)) expect(name).not.toMatch(/^[a-z0-9]+([-_][a-z0-9]+)+$/);
    expect(names('Analysis')).toContain('Directional wind');
  });

  it('disables (strikes through) options no layer matches, and enables them again when the filter is taken off', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    const region = await picker();
    await user.click(optionButton(region, 'Season', 'Summer'));
    expect(optionButton(region, 'Season', 'Summer')).toHaveAttribute('aria-pressed', 'true');
    expect(optionButton(region, 'Time', '06:00-09:00')).toBeDisabled();
    expect(optionButton(region, 'Time', '06:00-09:00')).toHaveAttribute('title', 'No layer matches this with the other filters');
    expect(optionButton(region, 'Wind direction', '0°')).toBeDisabled();
    // Same dimension stays choosable: Winter is not disabled by choosing Summer.
    expect(optionButton(region, 'Season', 'Winter')).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Layers (1)' })).toBeInTheDocument();
    await user.click(optionButton(region, 'Season', 'Summer'));
    expect(optionButton(region, 'Time', '06:00-09:00')).toBeEnabled();
  });

  it('resets the filters when the selected simulation changes', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    const region = await picker();
    await user.click(optionButton(region, 'Season', 'Summer'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Simulation' }), 'Solar');
    await waitFor(() => expect(optionButton(region, 'Season', 'Summer')).toHaveAttribute('aria-pressed', 'false'));
    expect(within(region).queryByRole('group', { name: 'Wind direction' })).not.toBeInTheDocument();
  });

  it('labels layers in words, not codes (SPEC §9’s abbreviations read as noise)', async () => {
    renderViewer(VIEWER);
    const layers = await screen.findByRole('region', { name: 'Matching layers' });
    await within(layers).findAllByRole('checkbox');
    for (const code of [/\bDir SpeRat\b/, /\bPLW ComCla\b/, /^Stu$/]) expect(within(layers).queryByText(code)).toBeNull();
    expect(within(layers).getByText('Geometry: Study buildings')).toBeInTheDocument();
  });

  it('checks the custom time window as HH:MM-HH:MM before filtering by it', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    const region = await picker();
    const input = within(region).getByPlaceholderText('HH:MM-HH:MM');
    await user.type(input, '24:00-25:00');
    await user.click(within(region).getByRole('button', { name: 'Apply time' }));
    expect(within(region).getByRole('alert')).toHaveTextContent('Use HH:MM-HH:MM between 00:00 and 23:59.');
    await user.clear(input);
    await user.type(input, '06:00-09:00');
    await user.click(within(region).getByRole('button', { name: 'Apply time' }));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    expect(optionButton(region, 'Time', '06:00-09:00')).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves a switched-on layer under this view, the defaults made explicit, and removes it again', async () => {
    const user = userEvent.setup();
    const calls: Calls = [];
    const services = fakeServices({}, calls);
    renderViewer(VIEWER, services);
    const box = await screen.findByRole('checkbox', { name: /Wind speed-up ratio · 90°/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    const study = (await services.listSimulations({ projectId: 7, studyId: 70 }))[0]!;
    const [geometry, , , sr0, sr90] = study.assets;
    expect(calls).toContain(`replace 31: ${geometry!.id}@viewer-1,${sr0!.id}@viewer-1,${sr90!.id}@viewer-1`);
    await user.click(
      within(screen.getByRole('region', { name: 'Shown layers' })).getByRole('button', { name: 'Remove Directional wind · Wind speed-up ratio · 90°' }),
    );
    await waitFor(() => expect(box).not.toBeChecked());
    expect(calls.some((c) => c.startsWith('remove '))).toBe(true);
  });

  it('stores the error for a simulation id that is not in the results', async () => {
    renderViewer(`${VIEWER}?simulation=999`);
    expect(await screen.findByText('unable to find simulation for selected simulationId 999')).toBeInTheDocument();
  });

  it("shows SPEC §8's toast when the chosen layers cannot be fetched", async () => {
    renderViewer(VIEWER, fakeServices({ listUserLayers: refuse }));
    // The toast, and the stored error shown in the layer panel.
    expect((await screen.findAllByText('Failed to fetch the selected layers')).length).toBeGreaterThan(1);
    expect(screen.getByRole('region', { name: 'Layers' }).querySelector('[role="alert"]')).toHaveTextContent('Failed to fetch the selected layers');
  });

  it("shows SPEC §8's toasts when updating, removing or deleting all layers fails", async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER, fakeServices({ replaceUserLayers: refuse, removeUserLayer: refuse, deleteAllUserLayers: refuse }));
    await user.click(await screen.findByRole('checkbox', { name: /Wind speed-up ratio · 90°/ }));
    expect((await screen.findAllByText('Failed to update the selected layers list')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Reset to default layers' }));
    expect((await screen.findAllByText('Failed to delete all layers')).length).toBeGreaterThan(0);
  });

  it("shows 'Failed to remove the layer' when a saved layer cannot be removed", async () => {
    const user = userEvent.setup();
    const services = fakeServices({ removeUserLayer: refuse });
    renderViewer(VIEWER, services);
    const box = await screen.findByRole('checkbox', { name: /Wind speed-up ratio · 90°/ });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect((await screen.findAllByText('Failed to remove the layer')).length).toBeGreaterThan(0);
    expect(box).toBeChecked();
  });
});

describe('the viewer tools', () => {
  it("shows the data layer's legend and lets the user change its range", async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await user.click(await screen.findByRole('button', { name: 'Colour scale' }));
    const panel = await screen.findByRole('region', { name: 'Colour scale' });
    expect(await within(panel).findByRole('img', { name: 'From 0 to 2' })).toBeInTheDocument();
    const min = within(panel).getByLabelText('Minimum');
    const max = within(panel).getByLabelText('Maximum');
    await user.clear(min);
    await user.type(min, '3');
    await user.clear(max);
    await user.type(max, '1');
    await user.click(within(panel).getByRole('button', { name: 'Apply range' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('The minimum must be below the maximum.');
    await user.clear(min);
    await user.type(min, '0.5');
    await user.clear(max);
    await user.type(max, '1.5');
    await user.click(within(panel).getByRole('button', { name: 'Apply range' }));
    expect(within(panel).getByRole('img', { name: 'From 0.5 to 1.5' })).toBeInTheDocument();
  });

  it('shows comfort classes as a discrete scale', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await user.click(await screen.findByRole('checkbox', { name: /Wind comfort class · Summer/ }));
    await user.click(screen.getByRole('button', { name: 'Colour scale' }));
    const classes = await screen.findByRole('list', { name: 'Classes' });
    expect(
      within(classes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sitting', 'Standing', 'Strolling']);
  });

  it('splits the view, each viewer with its own theme; the hidden theme appears after the key sequence', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await screen.findByRole('region', { name: 'Layer picker' });
    await user.click(screen.getByRole('button', { name: 'Split view' }));
    expect(screen.getByRole('region', { name: 'Viewer 2' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Link cameras' })).toBeChecked();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Viewer 2 theme' }), 'dark');
    expect(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).toHaveValue('default');
    expect(within(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).queryByRole('option', { name: /tron/i })).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}{ArrowDown}{ArrowLeft}{ArrowRight}{ArrowLeft}{ArrowRight}ba');
    // Viewer 2 is the active pane (its theme was just picked): the unlocked theme shows there.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Viewer 2 theme' })).toHaveValue('tron'));
    expect(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).toHaveValue('default');
    await user.keyboard('?');
    const overlay = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(overlay).getByText(/Hidden theme \(unlocked\)/)).toBeInTheDocument();
  });

  it('reaches the tools by keyboard; Escape cancels the current tool; ? lists the shortcuts', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await screen.findByRole('region', { name: 'Layer picker' });
    await user.click(document.body);
    await user.keyboard('k');
    const tools = screen.getByRole('toolbar', { name: 'Viewer tools' });
    expect(within(tools).getByRole('button', { name: 'Pick points' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Four-point plot' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(tools).getByRole('button', { name: 'Pick points' })).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('7');
    expect(await screen.findByText('Street view')).toBeInTheDocument();
    await user.keyboard('?');
    const overlay = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(overlay).getByText('Cancel the current tool')).toBeInTheDocument();
    expect(within(overlay).queryByText(/Hidden theme/)).not.toBeInTheDocument();
  });

  it("draws the wind rose of the scenario's met source", async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await user.click(await screen.findByRole('button', { name: 'Wind rose' }));
    expect(await screen.findByTestId('wind-rose')).toBeInTheDocument();
    expect(screen.getByText('Station 1')).toBeInTheDocument();
  });

  it('draws the rose again for the season picked, without listing the stations again', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderViewer(
      VIEWER,
      fakeServices({
        listMetSources: async () => (asked.push('stations'), [metSource(1)]),
        windRose: async (_p, metId, season) => (asked.push(`rose ${season}`), summary(metId, season)),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Wind rose' }));
    const panel = screen.getByRole('region', { name: 'Wind rose' });
    expect(await within(panel).findByTestId('wind-rose')).toBeInTheDocument();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Season' }), 'winter');
    await waitFor(() => expect(asked).toEqual(['stations', 'rose all', 'rose winter']));
    expect(await within(panel).findByTestId('wind-rose')).toBeInTheDocument();
  });

  it('says why the rose could not be drawn, and draws it on Try again', async () => {
    const user = userEvent.setup();
    let down = true;
    renderViewer(
      VIEWER,
      fakeServices({ listMetSources: async () => (down ? Promise.reject(new Error('The weather service is not answering.')) : [metSource(1)]) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Wind rose' }));
    const panel = screen.getByRole('region', { name: 'Wind rose' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The weather service is not answering.');
    down = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('wind-rose')).toBeInTheDocument();
  });

  it('links to Resources when the project has no weather station', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER, fakeServices({ listMetSources: async () => [] }));
    await user.click(await screen.findByRole('button', { name: 'Wind rose' }));
    const link = await within(screen.getByRole('region', { name: 'Wind rose' })).findByRole('link', { name: 'Resources' });
    expect(link).toHaveAttribute('href', '/projects/7/resources');
  });

  it('names the scenarios in the dropdown as the configuration routes do, and switches scenario', async () => {
    const user = userEvent.setup();
    const calls: Calls = [];
    const { current } = renderViewer(VIEWER, fakeServices({}, calls));
    const scenario = await screen.findByRole('combobox', { name: 'Scenario' });
    await waitFor(() =>
      expect(
        within(scenario)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Existing site', 'Proposed tower · Running', 'New scenario…']),
    );
    // Read from GET configuration/{cid}/ for every scenario the study's simulations name.
    expect(calls).toContain('configurations 21,22');
    await waitFor(() => expect(document.title).toMatch(/^Viewer · Existing site/));
    await user.selectOptions(scenario, 'Proposed tower · Running');
    // The workspace machine navigates once it has taken the choice, and the address machine then
    // writes the shown layers into the query: the path is the state to wait for.
    await waitFor(() => expect(current()?.split('?')[0]).toBe('/projects/7/viewer/70/configuration/22/Viewer'));
  });

  it('leaves hidden scenarios out of the dropdown, unless it is the one shown', async () => {
    const services = fakeServices({ listSimulations: async () => [...windStudy(), simulation(61, 23, 'solar', [])] });
    renderViewer('/projects/7/viewer/70/configuration/23/Viewer', services);
    const scenario = await screen.findByRole('combobox', { name: 'Scenario' });
    await waitFor(() =>
      expect(
        within(scenario)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Existing site', 'Proposed tower · Running', 'Old massing (hidden)', 'New scenario…']),
    );
    expect(scenario).toHaveValue('23');
  });

  it("offers 'New scenario…' only to users who may add scenarios", async () => {
    renderViewer(VIEWER, fakeServices(), { permissions: { '7': [] } });
    const scenario = await screen.findByRole('combobox', { name: 'Scenario' });
    await waitFor(() =>
      expect(
        within(scenario)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Existing site', 'Proposed tower · Running']),
    );
  });

  it("opens the scenario wizard from 'New scenario…', staying on the scenario shown", async () => {
    const user = userEvent.setup();
    const scenarios = fakeScenarioServices();
    const { current } = renderViewer(VIEWER, fakeServices(), { scenarios });
    const scenario = await screen.findByRole('combobox', { name: 'Scenario' });
    await waitFor(() => expect(within(scenario).getByRole('option', { name: 'New scenario…' })).toBeInTheDocument());
    await user.selectOptions(scenario, 'New scenario…');
    const wizard = await screen.findByRole('dialog', { name: 'Add scenario' });
    expect(await within(wizard).findByRole('textbox', { name: 'Scenario name' })).toBeInTheDocument();
    expect(scenarios.loadWizard).toHaveBeenCalledWith({ projectId: 7, configurationId: null });
    // the same scenario's page (its query carries the view)
    expect(current()?.split('?')[0]).toBe(VIEWER);
    expect(scenario).toHaveValue('21');
    await user.click(within(wizard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add scenario' })).not.toBeInTheDocument());
  });
});

describe('validation findings', () => {
  const stl = writeBinaryStl(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0]), 'tower');
  const record = validationRecord([
    finding('open-1', { triangles: [0, 1], count: 2 }),
    finding('units-1', {
      severity: 'warning',
      code: 'units',
      message: 'The model spans 0.2 m: it may be in kilometres.',
      suggested_fix: 'Export in metres.',
      triangles: [],
      location: null,
    }),
  ]);

  async function findingsSection() {
    return screen.findByRole('region', { name: 'Validation findings' });
  }

  it('lists the findings with severity, message and suggested fix', async () => {
    renderViewer(VIEWER, fakeServices({ geometryValidation: async () => record }));
    const section = await findingsSection();
    expect(within(section).getByText('The geometry failed validation: 1 error, 1 warning, 0 notes.')).toBeInTheDocument();
    const items = within(within(section).getByRole('list', { name: 'Findings' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Error')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Study buildings · tower.stl')).toBeInTheDocument();
    expect(within(items[0]!).getByText('The study building has 2 open edges.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Suggested fix: Close the holes in the model, then export again.')).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 faces')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Warning')).toBeInTheDocument();
    expect(within(items[1]!).getByText('The model spans 0.2 m: it may be in kilometres.')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Suggested fix: Export in metres.')).toBeInTheDocument();
    // Nothing to fly to for a finding without faces or a location.
    expect(within(items[1]!).queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  });

  it('reads the validation again when a read is dropped, and offers Retry when it keeps failing', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const dropped = { kind: 'network', status: null, detail: 'The server could not be reached', fields: {}, body: null };
    renderViewer(
      VIEWER,
      fakeServices({
        geometryValidation: async () => {
          answers += 1;
          // Every read fails until the user presses Retry (the fifth read).
          if (answers < 5) throw dropped;
          return record;
        },
      }),
    );
    const section = await findingsSection();
    expect(await within(section).findByText(/could not be read just now .*trying again/)).toBeInTheDocument();
    const retry = await within(section).findByRole('button', { name: 'Retry' }, { timeout: 30_000 });
    expect(within(section).getByText('The geometry validation could not be read: The server could not be reached.')).toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByText('The geometry failed validation: 1 error, 1 warning, 0 notes.')).toBeInTheDocument();
  });

  it('reads the uploaded STL the findings point into only when their faces are to be highlighted', async () => {
    const user = userEvent.setup();
    const loaded: string[] = [];
    const services = fakeServices({
      geometryValidation: async () => record,
      loadAsset: async (url) => {
        loaded.push(url);
        return stl.slice().buffer;
      },
    });
    renderViewer(VIEWER, services);
    const section = await findingsSection();
    expect(loaded).toEqual([]);
    const toggle = within(section).getByRole('checkbox', { name: 'Highlight the offending faces' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(loaded).toEqual(['/api/project/7/uploads/501/download/']));
    await waitFor(() => expect(within(section).queryByRole('status')).not.toBeInTheDocument());
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'Show' highlights the finding and marks it as the one shown", async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER, fakeServices({ geometryValidation: async () => record, loadAsset: async () => stl.slice().buffer }));
    const section = await findingsSection();
    const show = within(section).getByRole('button', { name: 'Show error: The study building has 2 open edges.' });
    await user.click(show);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('checkbox', { name: 'Highlight the offending faces' })).toBeChecked();
  });

  it('says when a file cannot be read', async () => {
    const user = userEvent.setup();
    renderViewer(
      VIEWER,
      fakeServices({ geometryValidation: async () => record, loadAsset: async () => new TextEncoder().encode('solid x\nfacet').buffer as ArrayBuffer }),
    );
    const section = await findingsSection();
    await user.click(within(section).getByRole('checkbox', { name: 'Highlight the offending faces' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(/^tower\.stl could not be read: /);
  });

  it('shows nothing for a scenario whose geometry was never validated', async () => {
    renderViewer(VIEWER);
    await screen.findByRole('region', { name: 'Layer picker' });
    expect(screen.queryByRole('region', { name: 'Validation findings' })).not.toBeInTheDocument();
  });
});

describe('the modes', () => {
  it('shows the results import in Settings', async () => {
    renderViewer('/projects/7/viewer/70/configuration/21/Settings');
    const importer = await screen.findByRole('region', { name: 'Results import' });
    expect(within(importer).getByText(/^Into Wind/)).toBeInTheDocument();
    expect(within(importer).getByRole('button', { name: /Import/ })).toBeDisabled();
  });

  it('sends an unknown mode to the Viewer tab', async () => {
    const { current } = renderViewer('/projects/7/viewer/70/configuration/21/Nope');
    await waitFor(() => expect(current()).toBe('/projects/7/viewer/70/configuration/21/Viewer'));
  });
});

describe('the breadcrumb', () => {
  it("names the project, the study and the scenario instead of the route's ids", async () => {
    const crumbs: unknown[] = [];
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer', fakeServices(), { onCrumbs: (names) => crumbs.push(names) });
    await waitFor(() => expect(crumbs.at(-1)).toEqual({ project: 'Harbour Towers', study: 'Massing study', scenario: 'Existing site' }));
  });
});

describe('the simulation redirect', () => {
  it("opens the simulation's configuration with the simulation selected", async () => {
    const { current } = renderViewer('/projects/7/viewer/70/41');
    await waitFor(() => expect(current()).toBe('/projects/7/viewer/70/configuration/22/Viewer?simulation=41'));
  });

  it('shows the not-found page for a simulation that does not exist', async () => {
    renderViewer('/projects/7/viewer/70/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('reading results', () => {
  it('names the shown layer with its unit over the view, with a legend that the Legend button (or L) hides and shows', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await picker();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Simulation' }), 'Solar');
    const pane = screen.getByRole('region', { name: 'Viewer 1' });
    expect(await within(pane).findByLabelText('Layer shown')).toHaveTextContent('Sun-lit time (%)');
    const legend = await within(pane).findByRole('figure', { name: 'Legend: Sun-lit time (%)' });
    expect(legend).toHaveTextContent('0');
    expect(legend).toHaveTextContent('100');
    const toggle = screen.getByRole('button', { name: 'Legend' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(within(pane).queryByRole('figure', { name: /^Legend/ })).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('l');
    expect(await within(pane).findByRole('figure', { name: 'Legend: Sun-lit time (%)' })).toBeInTheDocument();
  });

  it('shows comfort classes in the legend by their labels, without a unit', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await user.click(await screen.findByRole('checkbox', { name: /Wind comfort class · Summer/ }));
    const legend = await within(screen.getByRole('region', { name: 'Viewer 1' })).findByRole('figure', { name: 'Legend: Lawson LDDC comfort' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sitting', 'Standing', 'Strolling']);
  });
});
