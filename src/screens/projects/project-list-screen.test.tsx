/** The project list screen by role and text, with fake services bound through `.provide`. */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { project } from '@machines/project-list/project-list.fixtures.ts';
import { notification, share } from '@machines/sharing/sharing.fixtures.ts';
import { fakeWorkspace, pushableLive, refuse, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';

const tile = async (name: string) => screen.findByRole('article', { name });

describe('project list', () => {
  it("is titled 'Projects' and shows each project's tile", async () => {
    renderWorkspace('/projects/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Projects | Canopy'));
    const harbour = within(await tile('Harbour Tower'));
    expect(harbour.getByText('Toronto')).toBeInTheDocument();
    expect(harbour.getByText('43.6500° N, 79.3800° W')).toBeInTheDocument();
    expect(harbour.getByText('REF-1')).toBeInTheDocument();
    expect(harbour.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/projects/1');
    expect(harbour.getByRole('link', { name: 'Properties' })).toHaveAttribute('href', '/projects/1/details');
    // The scenario wizard is not there yet, so neither is its button.
    expect(harbour.queryByRole('button', { name: 'Add scenario' })).not.toBeInTheDocument();
    expect(within(await tile('Riverside Park')).getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks a project whose surroundings could not be fetched at creation on its tile', async () => {
    renderWorkspace(
      '/projects/',
      fakeWorkspace({
        listProjects: async () => ({
          count: 2,
          next: null,
          previous: null,
          results: [
            project(1, { name: 'Harbour Tower', surrounds_error: 'The surroundings could not be fetched from OpenStreetMap: …' }),
            project(2, { name: 'Riverside Park' }),
          ],
        }),
      }),
    );
    expect(within(await tile('Harbour Tower')).getByText('Surroundings not fetched')).toBeInTheDocument();
    expect(within(await tile('Riverside Park')).queryByText('Surroundings not fetched')).not.toBeInTheDocument();
  });

  it('stars a project at once and keeps the star when saved', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/projects/', services);
    const star = within(await tile('Harbour Tower')).getByRole('button', { name: 'Favorite' });
    star.focus();
    await user.keyboard('{Enter}');
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(services.setFavorite).toHaveBeenCalledWith(1, true));
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls the star back with a danger toast when the save fails', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({ setFavorite: () => refuse(500, { detail: 'Server error.' }) });
    renderWorkspace('/projects/', services);
    const star = within(await tile('Riverside Park')).getByRole('button', { name: 'Favorite' });
    await user.click(star);
    expect(await screen.findByText('Could not remove "Riverside Park" from favorites.')).toBeInTheDocument();
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches as the user types, from page 1', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/projects/', services);
    await tile('Harbour Tower');
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'harb{Enter}');
    await waitFor(() => expect(services.listProjects).toHaveBeenLastCalledWith({ tab: 'all', search: 'harb', ordering: '-created', page: 1, pageSize: 24 }));
  });

  it('switches tabs with the arrow keys and says when a tab is empty', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({
      listProjects: async (r) =>
        r.tab === 'all' ? { count: 1, next: null, previous: null, results: [project(1)] } : { count: 0, next: null, previous: null, results: [] },
    });
    renderWorkspace('/projects/', services);
    const all = await screen.findByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    all.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Favorites' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: 'Nothing shared with you' })).toBeInTheDocument();
    expect(services.listProjects).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'shared', page: 1 }));
  });

  it('loads more pages until there is no next page', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({
      listProjects: async (r) => ({
        count: 3,
        next: r.page < 2 ? 'http://x/api/project/?page=2' : null,
        previous: null,
        results: r.page === 1 ? [project(1), project(2)] : [project(3, { name: 'Third' })],
      }),
    });
    renderWorkspace('/projects/', services);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await tile('Third')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
  });

  it('says on the card why the weather failed: the retry words only when a retry can help', async () => {
    const retry =
      "An error occurred getting meteorological data for your project. Please try again by clicking on the 'Details' button of the project card and resubmitting the request.";
    const noStation =
      'No weather station within 1000 km of this site is in the library (nearest: Chicago Ohare Intl Ap, 5,712 km). Upload an EPW file for the site, or turn on the online provider.';
    const services = fakeWorkspace({
      listProjects: async () => ({
        count: 2,
        next: null,
        previous: null,
        results: [project(1, { name: 'London wharf', met_error: noStation }), project(2, { name: 'Chicago loop', met_error: retry })],
      }),
    });
    renderWorkspace('/projects/', services);
    const london = within(await tile('London wharf'));
    expect(london.getByText('Weather failed')).toBeInTheDocument();
    expect(london.getByText(noStation)).toBeInTheDocument();
    expect(london.queryByText(/Please try again/)).not.toBeInTheDocument();
    expect(within(await tile('Chicago loop')).getByText(retry)).toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const services = fakeWorkspace({
      listProjects: async () => (fail ? refuse(503, { detail: 'Service unavailable.' }) : { count: 1, next: null, previous: null, results: [project(1)] }),
    });
    renderWorkspace('/projects/', services);
    expect(await screen.findByRole('alert')).toHaveTextContent('The projects could not be loaded: Service unavailable.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await tile('Project 1')).toBeInTheDocument();
  });

  it('creates a project from the modal, keeping field errors next to their fields', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/projects/', services);
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude (°)' }), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This field may not be blank.');
    expect(within(dialog).getByRole('textbox', { name: 'Latitude (°)' })).toHaveAccessibleDescription('Ensure this value is less than or equal to 90.');
    expect(services.createProject).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pier 4');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Latitude (°)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() =>
      expect(services.createProject).toHaveBeenCalledWith({
        name: 'Pier 4',
        location: '',
        latitude: null,
        longitude: null,
        reference_id: '',
        generateSurrounds: false,
        fetch_met: false,
      }),
    );
    expect(await screen.findByText('Project “Pier 4” created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers New project only with projects.add_project', async () => {
    renderWorkspace('/projects/', fakeWorkspace(), { permissions: [] });
    await tile('Harbour Tower');
    expect(screen.queryByRole('button', { name: 'New project' })).not.toBeInTheDocument();
  });

  it('accepts a pending share: it shows Accepted, leaves the list 500 ms later, and the shared tab is fetched again', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({
      loadInbox: async () => ({ pending: [share(4, { project_name: 'Pier 9' })], notifications: [notification(4)] }),
      answerShare: async (id, answer) => share(id, { project_name: 'Pier 9', share_status: answer }),
    });
    renderWorkspace('/projects/', services);
    const inbox = within(await screen.findByRole('complementary', { name: 'Inbox' }));
    const item = await inbox.findByRole('listitem', { name: 'Pier 9, shared by Ada Lovelace' });
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await within(item).findByText('Accepted')).toBeInTheDocument();
    expect(services.answerShare).toHaveBeenCalledWith(4, 'accepted');
    await waitFor(() => expect(inbox.queryByRole('listitem', { name: 'Pier 9, shared by Ada Lovelace' })).not.toBeInTheDocument(), { timeout: 30_000 });
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    await waitFor(() => expect(services.listProjects).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'shared', page: 1 })));
  });

  it('dismisses a notification', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({ loadInbox: async () => ({ pending: [], notifications: [notification(4)] }) });
    renderWorkspace('/projects/', services);
    await user.click(await screen.findByRole('button', { name: 'Dismiss: Ada shared Tower 4 with you' }));
    await waitFor(() => expect(screen.getByText('You are all caught up.')).toBeInTheDocument());
    expect(services.dismissNotification).toHaveBeenCalledWith(4);
  });

  it('fetches the whole tab with Show all', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({
      listProjects: vi.fn(async (r) => ({
        count: 30,
        next: r.pageSize === 999 ? null : 'http://x/?page=2',
        previous: null,
        results: Array.from({ length: r.pageSize === 999 ? 30 : 24 }, (_, i) => project(i + 1)),
      })),
    });
    renderWorkspace('/projects/', services);
    await user.click(await screen.findByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.getByText('Showing 30 of 30')).toBeInTheDocument());
    expect(services.listProjects).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 999 }));
    await act(async () => {});
  });
});

describe('the inbox, live', () => {
  it('reads the inbox again when the server says it changed, without a reload', async () => {
    const live = pushableLive();
    let pending = [] as ReturnType<typeof share>[];
    const services = fakeWorkspace({ loadInbox: vi.fn(async () => ({ pending, notifications: [] })) });
    renderWorkspace('/projects/', services, { live: live.logic });
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    expect(await within(invitations).findByText('No invitations waiting.')).toBeInTheDocument();
    pending = [share(4, { project_name: 'Quay Street' })];
    act(() => live.push({ type: 'inbox.changed', project_id: 104, reason: 'shared' }));
    expect(await within(invitations).findByText(/Quay Street/)).toBeInTheDocument();
    expect(services.loadInbox).toHaveBeenCalledTimes(2);
  });
});
