/**
 * The viewer's state in the address, through the viewer screen: an address's view is
 * shown, a malformed one falls back to the default view with a notice, the view's changes are
 * written, and an address changed from outside (back, forward) is followed.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderViewer } from './viewer-test-kit.tsx';

const VIEWER = '/projects/7/viewer/70/configuration/21/Viewer';
const query = (address: string | undefined) => new URLSearchParams(address?.split('?')[1] ?? '');

describe('the view in the address', () => {
  it("opens the address's view: split, theme", async () => {
    renderViewer(`${VIEWER}?split=1&theme=dark`);
    await screen.findByRole('region', { name: 'Layer picker' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Viewer 2' })).toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).toHaveValue('dark');
  });

  it('keeps the opened view as a step of its own when the person changes the theme at once', async () => {
    const user = userEvent.setup();
    const { current, entries } = renderViewer(`${VIEWER}?split=1&theme=dark`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).toHaveValue('dark'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Viewer 1 theme' }), 'light');
    await waitFor(() => expect(query(current()).get('theme')).toBe('light'));
    // Back from here lands on the view opened
    expect(query(entries().at(-2)).get('theme')).toBe('dark');
  });

  it('falls back to the default view with a notice for a malformed address, and cleans the address', async () => {
    const { current } = renderViewer(`${VIEWER}?theme=neon&split=1`);
    expect(await screen.findByText(/The view in this address could not be read, so the default view is shown\. theme: not a theme/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Viewer 2' })).not.toBeInTheDocument();
    await waitFor(() => expect(query(current()).get('theme')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be read/)).not.toBeInTheDocument();
  });

  it('writes the view as it changes, and follows an address changed from outside', async () => {
    const user = userEvent.setup();
    const { current, navigate } = renderViewer(VIEWER);
    await screen.findByRole('region', { name: 'Layer picker' });
    await user.click(screen.getByRole('button', { name: 'Split view' }));
    await waitFor(() => expect(query(current()).get('split')).toBe('1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Viewer 1 theme' }), 'light');
    await waitFor(() => expect(query(current()).get('theme')).toBe('light'));
    // back to an entry without split view and in the dark theme
    navigate(`${VIEWER}?theme=dark`);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Viewer 2' })).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Viewer 1 theme' })).toHaveValue('dark');
  });
});
