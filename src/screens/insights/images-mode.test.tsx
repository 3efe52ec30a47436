/** Images mode by role and text: a scene view's own capture, added to its insight, keeps the view (issue 16: the PDF draws its drawing, pins and legend). */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageView, StudyImage } from '@canopy/contract/insights.ts';
import { ImagesMode } from './images-mode.tsx';
import { fakeBridge, fakeInsightsServices, insight, renderWith } from './insights-test-kit.tsx';

const image = (id: number, name: string): StudyImage =>
  ({ id, name, source: 'captured', content_type: 'image/png', width: 800, height: 600, byte_size: 10, url: `/x/${id}`, created_at: '' }) as unknown as StudyImage;

describe('images mode', { timeout: 20_000 }, () => {
  it('adds a scene view’s capture with its scene view, and another image without one', async () => {
    const user = userEvent.setup();
    const view = { id: 31, study_image_id: 7 } as unknown as ReturnType<typeof insight>['sceneview_set'][number];
    const services = fakeInsightsServices([insight(1, 0, { title: 'Plaza', sceneview_set: [view] })]);
    services.listImages = async () => [image(7, 'Saved view of Plaza'), image(8, 'Other capture')];
    const added: Array<Record<string, unknown>> = [];
    services.addImageView = async (_s, insightId, body) => {
      added.push({ insightId, ...body });
      return { id: added.length, insight: { id: insightId }, study_image_id: body.study_image_id, scene_view_id: body.scene_view_id ?? null, caption: body.caption, sort_order: 0 } as ImageView;
    };
    renderWith(<ImagesMode projectId={1} studyId={2} configurationId={3} viewer={fakeBridge().bridge} />, services);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Insight' }), 'Plaza');
    await user.click(within(await screen.findByRole('listitem', { name: 'Saved view of Plaza' })).getByRole('button', { name: 'Add to Plaza' }));
    await user.click(within(screen.getByRole('listitem', { name: 'Other capture' })).getByRole('button', { name: 'Add to Plaza' }));
    expect(added).toEqual([
      { insightId: 1, study_image_id: 7, caption: '', sort_order: 0, scene_view_id: 31 },
      { insightId: 1, study_image_id: 8, caption: '', sort_order: 0, scene_view_id: null },
    ]);
  });
});
