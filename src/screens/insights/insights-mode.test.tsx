import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analysisShown, InsightsMode } from './insights-mode.tsx';
import { fakeBridge, fakeInsightsServices, insight, renderWith, VIEW } from './insights-test-kit.tsx';
import { serialiseSceneView } from '../../insights/scene-view-json.ts';

const props = (bridge = fakeBridge().bridge) => ({ projectId: 1, studyId: 2, configurationId: 21, viewer: bridge });

describe('Insights mode', () => {
  it('lists insights in sort_order and filters them by type', async () => {
    const services = fakeInsightsServices([
      insight(1, 1, { title: 'Corner gusts', category: 'pedestrian-wind-comfort' }),
      insight(2, 0, { title: 'Shaded terrace', category: 'thermal-comfort' }),
    ]);
    renderWith(<InsightsMode {...props()} />, services);
    const list = await screen.findByRole('list', { name: 'Insights list' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Shaded terrace', 'Corner gusts']),
    );
    await userEvent.selectOptions(screen.getByLabelText('Insight type'), 'Pedestrian wind comfort');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Corner gusts']);
  });

  it('asks before deleting: Cancel keeps the insight', async () => {
    renderWith(<InsightsMode {...props()} />, fakeInsightsServices([insight(1, 0, { title: 'Corner gusts' })]));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Corner gusts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete insight?' });
    expect(within(dialog).getByText(/“Corner gusts” will be deleted with its views, pins and drawings/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Corner gusts' })).toBeInTheDocument();
    expect(screen.queryByText('Insight deleted successfully.')).toBeNull();
  });

  it('deletes with the success toast, and shows the spec failure toast (two spaces) when refused', async () => {
    const ok = fakeInsightsServices([insight(1, 0, { title: 'Corner gusts' })]);
    const confirm = async () => userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete insight?' })).getByRole('button', { name: 'Delete' }));
    const { unmount } = renderWith(<InsightsMode {...props()} />, ok);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Corner gusts' }));
    await confirm();
    expect(await screen.findByText('Insight deleted successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Corner gusts' })).toBeNull();
    unmount();

    renderWith(<InsightsMode {...props()} />, fakeInsightsServices([insight(1, 0, { title: 'Corner gusts' })], { failDelete: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Corner gusts' }));
    await confirm();
    expect(await screen.findByText((t) => t === 'Failed to delete insight.  Please try again.', { normalizer: (s) => s })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Corner gusts' })).toBeInTheDocument();
  });

  it('moves an insight with the keyboard buttons as a sort_order change', async () => {
    const services = fakeInsightsServices([insight(1, 0, { title: 'A' }), insight(2, 1, { title: 'B' })]);
    renderWith(<InsightsMode {...props()} />, services);
    await userEvent.click(await screen.findByRole('button', { name: 'Move B up' }));
    await waitFor(() => expect(services.changes).toEqual([{ kind: 'move', id: 2, sortOrder: 0 }]));
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['B', 'A']);
  });

  it('a new insight opens with the default insight template (GET /api/global-template), naming the analysis shown', async () => {
    const services = fakeInsightsServices([]);
    renderWith(<InsightsMode {...props()} />, services);
    await userEvent.type(await screen.findByLabelText('New insight'), 'Windy entrance');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add insight' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add insight' }));
    await waitFor(() => expect(services.changes).toHaveLength(1));
    expect(services.changes[0]).toEqual({
      kind: 'create',
      title: 'Windy entrance',
      category: null,
      text: 'Observation\nWhat the speed ratio results show at this location.\n\nRecommendation\nSuggested design change or mitigation, if any.',
    });
  });

  it('names the analysis shown with the label table, never a raw id', () => {
    const scale = { min: 0, max: 100, colours: ['#000000', '#ffffff'], discrete: false };
    expect(analysisShown({ filters: {}, colourScale: { ...scale, legendName: 'pct-sunlit', title: 'Sun-lit time' } })).toBe('sun-lit time');
    expect(analysisShown({ filters: {}, colourScale: { ...scale, legendName: 'pct-sunlit' } })).toBe('sun-lit time');
    expect(analysisShown({ filters: { analysis_type: 'solar-sun-hours' }, colourScale: null })).toBe('solar — sun hours');
    expect(analysisShown({ filters: {}, colourScale: { ...scale, title: 'UTCI category' } })).toBe('UTCI category');
    expect(analysisShown({ filters: {}, colourScale: null })).toBeNull();
  });

  it('offers the Draft/Published toggle only to users who may add insights', async () => {
    const services = fakeInsightsServices([insight(1, 0, { title: 'A' })]);
    const { unmount } = renderWith(<InsightsMode {...props()} />, services);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Published' }));
    await waitFor(() => expect(services.changes).toEqual([{ kind: 'status', id: 1, status: 'Published' }]));
    unmount();
    renderWith(<InsightsMode {...props()} />, fakeInsightsServices([insight(1, 0, { title: 'A' })]), { '1': [] });
    expect(await screen.findByRole('listitem', { name: 'A' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Published' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add insight' })).toBeNull();
  });

  it('selecting an insight restores its saved view; Save view sends the view JSON and the drawing', async () => {
    const { bridge, restored } = fakeBridge();
    const viewJson = serialiseSceneView(VIEW, { shapes: [] }, []);
    const services = fakeInsightsServices([
      insight(1, 0, {
        title: 'A',
        sceneview_set: [
          {
            id: 5,
            insight: { id: 1 },
            name: 'A',
            sort_order: 0,
            camera_position: null,
            camera: null,
            layer_selection: [],
            simulation_id: 31,
            asset_id: null,
            legend: null,
            study_image_id: null,
            view_json: viewJson as never,
            drawings: [],
          },
        ],
      }),
    ]);
    renderWith(<InsightsMode {...props(bridge)} />, services);
    await userEvent.click(await screen.findByRole('button', { name: 'A' }));
    await waitFor(() => expect(restored).toEqual([VIEW]));
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(services.changes.map((c) => c.kind)).toEqual(['view']));
    const change = services.changes[0] as Extract<(typeof services.changes)[number], { kind: 'view' }>;
    expect(change.view.sceneViewId).toBe(5);
    expect(change.view.viewJson).toEqual(viewJson);
    expect(change.view.imageBase64).toMatch(/^data:image\/png;base64,/);
    expect(change.view.drawingJson).toEqual({ version: 1, shapes: [] });
  });

  it('edit and draw are exclusive: choosing Draw closes the edit form, and Escape leaves drawing', async () => {
    renderWith(<InsightsMode {...props()} />, fakeInsightsServices([insight(1, 0, { title: 'A' })]));
    await userEvent.click(await screen.findByRole('button', { name: 'A' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('form', { name: 'Edit insight' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Draw' }));
    expect(screen.queryByRole('form', { name: 'Edit insight' })).toBeNull();
    expect(screen.getByRole('toolbar', { name: 'Drawing tools' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar', { name: 'Drawing tools' })).toBeNull();
  });
});
