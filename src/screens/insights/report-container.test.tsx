import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportContainer } from './report-container.tsx';
import { fakeInsightsServices, insight, REPORT as report, renderWith } from './insights-test-kit.tsx';

describe('report container', () => {
  it('shows the cover, adds a view from an insight image, and downloads the PDF behind the Creating PDF screen', async () => {
    const services = fakeInsightsServices([
      insight(1, 0, {
        title: 'Corner gusts',
        imageview_set: [{ id: 8, insight: { id: 1 }, study_image_id: 3, scene_view_id: null, caption: 'North entrance', sort_order: 0 }],
      }),
    ]);
    const added: unknown[] = [];
    services.getReport = async () => report;
    services.addReportView = async (_s, insightId, body) => {
      added.push({ insightId, ...body });
      return {
        id: 1,
        report: { id: 4 },
        insight: { id: insightId },
        image_view: services.insights[0]!.imageview_set[0]!,
        caption: body.caption,
        sort_order: 0,
      };
    };
    let finish: (b: Blob) => void = () => undefined;
    const exports: unknown[] = [];
    services.exportPdf = (body) => {
      exports.push(body);
      return new Promise((resolve) => (finish = resolve));
    };
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;

    renderWith(<ReportContainer projectId={1} studyId={2} reportId={4} />, services);
    expect(await screen.findByText('Author: Ada')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Image'), 'Corner gusts · North entrance');
    await userEvent.click(screen.getByRole('button', { name: 'Add to report' }));
    await waitFor(() => expect(added).toEqual([{ insightId: 1, report_id: 4, image_view_id: 8, caption: 'North entrance' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByRole('status')).toHaveTextContent('Creating PDF');
    expect(exports).toEqual([{ project_id: 1, study_id: 2, report_id: 4 }]);
    finish(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // Named after the project and the report (was downloaded.pdf).
    expect(clicks).toEqual(['Harbour Tower - Wind comfort summary.pdf']);
    click.mockRestore();
  });

  it('asks before removing a view from the report; Cancel keeps it', async () => {
    const imageView = { id: 8, insight: { id: 1 }, study_image_id: 3, scene_view_id: null, caption: 'North entrance', sort_order: 0 };
    const services = fakeInsightsServices([insight(1, 0, { title: 'Corner gusts', imageview_set: [imageView] })]);
    services.getReport = async () => ({
      ...report,
      report_views: [{ id: 11, report: { id: 4 }, insight: { id: 1 }, image_view: imageView, caption: 'North entrance', sort_order: 0 }],
    });
    const removed: number[] = [];
    services.removeReportView = async (_s, _insight, id) => {
      removed.push(id);
    };
    renderWith(<ReportContainer projectId={1} studyId={2} reportId={4} />, services);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove view 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove view from the report?' })).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove view 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove view from the report?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([11]));
  });
});
