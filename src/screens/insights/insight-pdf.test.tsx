/**
 * An insight's PDF (SPEC §2 PDF creation loading screen, §7 POST /api/export-pdf/ saved
 * under the insight's name): 'Download PDF' on the selected insight, for everyone who sees it, through the
 * live services over a recording fake of the API.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InsightsMode } from './insights-mode.tsx';
import { insightsServicesOver } from '../../services/insights-services.ts';
import { fakeBridge, fakeInsightsApi, insight, renderWith } from './insights-test-kit.tsx';

/** The names the browser was asked to save files under (anchor clicks with `download`). */
function recordDownloads() {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  URL.createObjectURL ??= () => 'blob:pdf';
  URL.revokeObjectURL ??= () => undefined;
  return saved;
}

afterEach(() => vi.restoreAllMocks());

const render = (server: ReturnType<typeof fakeInsightsApi>, permissions?: Record<string, string[]>) =>
  renderWith(<InsightsMode projectId={1} studyId={2} configurationId={21} viewer={fakeBridge().bridge} />, insightsServicesOver(server.api), permissions);

describe('an insight’s PDF', () => {
  it("Download PDF posts the insight to /api/export-pdf/ behind the Creating PDF screen and saves it under the insight's name", async () => {
    const saved = recordDownloads();
    let finish: (pdf: Blob) => void = () => undefined;
    const server = fakeInsightsApi([insight(1, 0, { title: 'Corner gusts' }), insight(2, 1, { title: 'Shaded terrace' })], {
      pdf: () => new Promise((resolve) => (finish = resolve)),
    });
    render(server);
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Shaded terrace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    expect(screen.getByRole('status')).toHaveTextContent('Creating PDF');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/export-pdf/', body: { project_id: 1, study_id: 2, insight_id: 2 } },
    ]);
    expect(saved).toEqual([]);

    finish(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // Named after the insight (was downloaded.pdf).
    expect(saved).toEqual(['Shaded terrace.pdf']);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('is offered to those who only read insights; a refusal shows a danger toast and saves nothing', async () => {
    const saved = recordDownloads();
    const server = fakeInsightsApi([insight(1, 0, { title: 'Corner gusts', insight_status: 'Published' })], {
      pdf: async () => {
        throw { kind: 'http', status: 400, detail: null, fields: { images: ['An image could not be read (damaged PNG or JPEG).'] }, body: null };
      },
    });
    render(server, { '1': [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Corner gusts' }));
    expect(screen.queryByRole('toolbar', { name: 'Insight modes' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be created.')).toBeInTheDocument();
    expect(screen.getByText('An image could not be read (damaged PNG or JPEG).')).toBeInTheDocument();
    expect(screen.queryByText('Creating PDF')).toBeNull();
    expect(saved).toEqual([]);
  });
});
