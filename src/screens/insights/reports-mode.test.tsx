/** Reports mode by role and text: the default report template names a new report and suggests its sections. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report } from '@canopy/contract/insights.ts';
import { ReportsMode } from './reports-mode.tsx';
import { fakeBridge, fakeInsightsServices, renderWith } from './insights-test-kit.tsx';

const props = { projectId: 1, studyId: 2, configurationId: 21, viewer: fakeBridge().bridge };

describe('Reports mode', () => {
  it('a new report starts from the default report template (GET /api/global-template)', async () => {
    const services = fakeInsightsServices([]);
    const created: string[] = [];
    services.createReport = vi.fn(async (_scope, body) => {
      created.push(body.title);
      throw { kind: 'http', status: 400, detail: 'stop here', fields: {}, body: null };
    });
    renderWith(<ReportsMode {...props} />, services);
    const title = await screen.findByLabelText('New report');
    await waitFor(() => expect(title).toHaveValue('Microclimate study report'));
    expect(screen.getByText(/Suggested sections \(Microclimate study report\): Introduction · Method · Results · Conclusions/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create report' }));
    await waitFor(() => expect(created).toEqual(['Microclimate study report']));
    expect(await screen.findByRole('alert')).toHaveTextContent('stop here');
  });

  it('without templates the form starts empty and nothing is suggested', async () => {
    const services = fakeInsightsServices([]);
    services.listGlobalTemplates = async () => [];
    services.listReports = async () => [] as Report[];
    renderWith(<ReportsMode {...props} />, services);
    expect(await screen.findByText('No reports yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('New report')).toHaveValue('');
    expect(screen.queryByText(/Suggested sections/)).toBeNull();
  });
});
