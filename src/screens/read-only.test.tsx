/**
 * Read-only means read-only on screen: a view-only collaborator (an accepted view share: the project
 * reads can_change false, and the per-project permission list, which the server narrows by the same
 * rule it enforces, holds nothing that changes it) walks the project's pages and finds no control
 * that writes — no Delete, Publish, uploader, Export, Add, Save or Approve.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { fakeWorkspace, renderWorkspace } from './workspace-testing/workspace-test-kit.tsx';

/** Names of controls that change something. */
const WRITE =
  /\b(delete|remove|add|upload|save|export|import|publish|approve|edit|new|create|invite|share with|revoke|unmark|drop|generate|fetch|get weather|duplicate|hide|apply)\b/i;

function writeControls(): string[] {
  const named = [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link'), ...screen.queryAllByRole('menuitem')]
    .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '')
    // The app's own navigation and the user menu are not the project's.
    .filter((name) => !/^(Projects|Company|User menu|Canopy)$/.test(name.trim()));
  const inputs = [...document.querySelectorAll('input:not([type="search"]):not([disabled]), textarea:not([disabled]), [data-testid="file-input"]')].map(
    (el) => `input ${el.getAttribute('id') ?? el.getAttribute('name') ?? ''}`,
  );
  return [...named.filter((name) => WRITE.test(name)), ...inputs];
}

const viewOnly = () =>
  fakeWorkspace({
    getProject: async (id) => ({ ...fullProject(id), can_change: false }),
    loadScenarios: async () => ({ 70: [{ id: 5, name: 'Three towers', status: 'awaiting_approval', engine: 'CFD' as const, outputs: [] }] }),
  });

describe('a view-only collaborator', () => {
  for (const path of [
    '/projects/7',
    '/projects/7/details',
    '/projects/7/scenarios',
    '/projects/7/parameter-sets',
    '/projects/7/share',
    '/projects/7/admin',
    '/projects/7/files',
  ]) {
    it(`finds no write control on ${path}`, async () => {
      renderWorkspace(path, viewOnly(), { permissions: [], projectPermissions: { '7': [] } });
      await screen.findByRole('heading', { level: 1 });
      // Every read landed (lists, permissions) before looking.
      await waitFor(() => expect(screen.queryByText(/^Loading/)).toBeNull());
      expect(writeControls()).toEqual([]);
    });
  }

  it('is told apart from an editor: the same walk finds an editor’s controls', async () => {
    renderWorkspace('/projects/7/files', fakeWorkspace(), { projectPermissions: { '7': ['projects.change_project', 'custom_auth.change_user'] } });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(writeControls().length).toBeGreaterThan(0));
    renderWorkspace('/projects/7/details', fakeWorkspace(), { projectPermissions: { '7': ['projects.change_project', 'custom_auth.change_user'] } });
    await waitFor(() => expect(writeControls()).toContain('Export project'));
  });
});
