/** The report route by role and text: finding the study that holds the report, and saying why when it cannot. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { refuse } from '../workspace-testing/workspace-test-kit.tsx';
import { fakeInsightsServices, REPORT as report, renderWith } from './insights-test-kit.tsx';
import { ReportScreen } from './report-screen.tsx';

describe('report screen', () => {
  it('finds the study that holds the report when the address names none', async () => {
    const services = fakeInsightsServices([]);
    const asked: number[] = [];
    services.projectStudies = async () => [1, 2];
    services.getReport = async (scope) => {
      asked.push(scope.studyId);
      return scope.studyId === 2 ? report : refuse(404, { detail: 'Not found.' });
    };
    renderWith(<ReportScreen projectId={1} reportId={4} />, services);
    expect(await screen.findByRole('heading', { name: 'Wind comfort summary' })).toBeInTheDocument();
    expect(asked[0]).toBe(1);
    expect(asked).toContain(2);
  });

  it('says the report was not found when no study holds it', async () => {
    const services = fakeInsightsServices([]);
    services.projectStudies = async () => [1, 2];
    services.getReport = () => refuse(404, { detail: 'Not found.' });
    renderWith(<ReportScreen projectId={1} reportId={4} />, services);
    expect(await screen.findByRole('alert')).toHaveTextContent('This report was not found.');
  });

  it('gives the server’s words, not "not found", when the server is down, and tries again', async () => {
    const user = userEvent.setup();
    const services = fakeInsightsServices([]);
    let down = true;
    services.projectStudies = async () => (down ? refuse(503, { detail: 'Service unavailable.' }) : [2]);
    services.getReport = async () => report;
    renderWith(<ReportScreen projectId={1} reportId={4} />, services);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable.');
    expect(alert).not.toHaveTextContent('not found');
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Wind comfort summary' })).toBeInTheDocument();
  });
});
