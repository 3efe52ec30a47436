/** Images mode by role and text: a scene view's own capture, added to its insight, keeps the view (the PDF draws its drawing, pins and legend). */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageView, StudyImage } from '@canopy/contract/insights.ts';
import { ImagesMode } from './images-mode.tsx';
import { fakeBridge, fakeInsightsServices, insight, renderWith } from './insights-test-kit.tsx';

const image = (id: number, name: string): StudyImage =>
  ({
    id,
    name,
    source: 'captured',
    content_type: 'image/png',
    width: 800,
    height: 600,
    byte_size: 10,
    url: `/x/${id}`,
    created_at: '',
  }) as unknown as StudyImage;

describe('images mode', () => {
  it('adds a scene view’s capture with its scene view, and another image without one', async () => {
    const user = userEvent.setup();
    const view = { id: 31, study_image_id: 7 } as unknown as ReturnType<typeof insight>['sceneview_set'][number];
    const services = fakeInsightsServices([insight(1, 0, { title: 'Plaza', sceneview_set: [view] })]);
    services.listImages = async () => [image(7, 'Saved view of Plaza'), image(8, 'Other capture')];
    const added: Array<Record<string, unknown>> = [];
    services.addImageView = async (_s, insightId, body) => {
      added.push({ insightId, ...body });
      return {
        id: added.length,
        insight: { id: insightId },
        study_image_id: body.study_image_id,
        scene_view_id: body.scene_view_id ?? null,
        caption: body.caption,
        sort_order: 0,
      } as ImageView;
    };
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services);
    await screen.findByRole('option', { name: 'Plaza' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Insight' }), 'Plaza');
    await user.click(within(await screen.findByRole('listitem', { name: 'Saved view of Plaza' })).getByRole('button', { name: 'Add to Plaza' }));
    await user.click(within(screen.getByRole('listitem', { name: 'Other capture' })).getByRole('button', { name: 'Add to Plaza' }));
    expect(added).toEqual([
      { insightId: 1, study_image_id: 7, caption: '', sort_order: 0, scene_view_id: 31 },
      { insightId: 1, study_image_id: 8, caption: '', sort_order: 0, scene_view_id: null },
    ]);
  });

  it('shows an image already in the insight as added, and does not offer it twice', async () => {
    const user = userEvent.setup();
    const services = fakeInsightsServices([insight(1, 0, { title: 'Plaza' })]);
    services.listImages = async () => [image(7, 'North capture'), image(8, 'South capture')];
    let added = 0;
    services.addImageView = async (_s, insightId, body) => {
      added += 1;
      const view = {
        id: 40 + added,
        insight: { id: insightId },
        study_image_id: body.study_image_id,
        scene_view_id: null,
        caption: body.caption,
        sort_order: 0,
      } as ImageView;
      // The server's answer: the insight now holds the image (the mode reads the insights again).
      services.insights = services.insights.map((i) => (i.id === insightId ? { ...i, imageview_set: [...i.imageview_set, view] } : i));
      return view;
    };
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services);
    await screen.findByRole('option', { name: 'Plaza' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Insight' }), 'Plaza');
    const north = await screen.findByRole('listitem', { name: 'North capture' });
    await user.click(within(north).getByRole('button', { name: 'Add to Plaza' }));
    const done = await within(north).findByRole('button', { name: 'Added to Plaza' });
    expect(done).toBeDisabled();
    expect(done).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('listitem', { name: 'South capture' })).getByRole('button', { name: 'Add to Plaza' })).toBeEnabled();
    expect(added).toBe(1);
  });

  it('keeps every control of the sidebar with a long insight title and caption: name, Capture, Insight, Caption, Add, Move and Remove', async () => {
    const user = userEvent.setup();
    const title = 'Windy north-east corner of the plaza in winter afternoons, seen from the south-west';
    const caption = 'The corner at 15:00 in January with the wind from the north-east';
    const views = [
      { id: 5, study_image_id: 8, scene_view_id: null, caption, sort_order: 0 },
      { id: 6, study_image_id: 8, scene_view_id: null, caption: '', sort_order: 1 },
    ] as unknown as ImageView[];
    const services = fakeInsightsServices([insight(1, 0, { title, imageview_set: views })]);
    services.listImages = async () => [image(8, 'Plaza from the south-west at pedestrian height')];
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services);
    const panel = screen.getByRole('region', { name: 'Images' });
    // The editing controls show once the permissions are read.
    expect(await within(panel).findByRole('textbox', { name: 'Image name' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Capture image' })).toBeInTheDocument();
    // the insights load after the first render: wait for the one to pick
    await within(panel).findByRole('option', { name: title });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Insight' }), title);
    await user.type(within(panel).getByRole('textbox', { name: 'Caption' }), 'Entrance');
    const item = await within(panel).findByRole('listitem', { name: 'Plaza from the south-west at pedestrian height' });
    // The image is in the insight already: said so, with the whole title.
    expect(within(item).getByRole('button', { name: `Added to ${title}` })).toHaveTextContent(`Added to ${title}`);
    const placed = within(panel).getByRole('list', { name: 'Image views' });
    expect(within(placed).getByRole('listitem', { name: caption })).toBeInTheDocument();
    expect(within(placed).getByRole('button', { name: 'Move image 2 up' })).toBeEnabled();
    expect(within(placed).getByRole('button', { name: 'Remove image 1' })).toBeInTheDocument();
    expect(within(placed).getByText('No caption')).toBeInTheDocument();
  });

  it('asks before removing an image from the insight; Cancel keeps it', async () => {
    const user = userEvent.setup();
    const views = [{ id: 5, study_image_id: 8, scene_view_id: null, caption: 'North corner', sort_order: 0 }] as unknown as ImageView[];
    const services = fakeInsightsServices([insight(1, 0, { title: 'Plaza', imageview_set: views })]);
    services.listImages = async () => [image(8, 'Capture')];
    const removed: number[] = [];
    services.removeImageView = async (_s, _insight, id) => {
      removed.push(id);
    };
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services);
    await screen.findByRole('option', { name: 'Plaza' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Insight' }), 'Plaza');
    await user.click(await screen.findByRole('button', { name: 'Remove image 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove image from the insight?' });
    expect(within(dialog).getByText(/“North corner” and its caption leave the insight/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove image from the insight?' })).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(removed).toEqual([5]), { timeout: 30_000 });
  });

  it('offers a reader of the study nothing to capture, add, move or remove', async () => {
    const views = [{ id: 5, study_image_id: 8, scene_view_id: null, caption: 'North corner', sort_order: 0 }] as unknown as ImageView[];
    const services = fakeInsightsServices([insight(1, 0, { title: 'Plaza', imageview_set: views, insight_status: 'Published' })]);
    services.listImages = async () => [image(8, 'Capture')];
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services, { '1': [] });
    await screen.findByRole('option', { name: 'Plaza' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Insight' }), 'Plaza');
    expect(await screen.findByRole('listitem', { name: 'North corner' })).toBeInTheDocument();
    for (const name of [/^Capture image/, /^Add to/, /^Move image/, /^Remove image/]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Caption' })).toBeNull();
  });
});
