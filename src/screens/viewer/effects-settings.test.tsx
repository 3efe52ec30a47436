/**
 * The viewer's effects switches on the screen, by role and text: three labelled
 * checkboxes in an Effects group, all on to start, switched by keyboard, and the split view's
 * note naming the effect it leaves out.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderViewer } from './viewer-test-kit.tsx';

vi.setConfig({ testTimeout: 20_000 });

const VIEWER = '/projects/7/viewer/70/configuration/21/Viewer';

describe('the effects settings', () => {
  it('shows the three switches on, switches them by keyboard and says what the split view leaves out', async () => {
    const user = userEvent.setup();
    renderViewer(VIEWER);
    await screen.findByRole('region', { name: 'Layer picker' });
    const group = within(screen.getByRole('toolbar', { name: 'Viewer tools' })).getByRole('group', { name: 'Effects' });
    const ao = within(group).getByRole('checkbox', { name: 'Ambient occlusion' });
    const outline = within(group).getByRole('checkbox', { name: 'Outlines' });
    const aa = within(group).getByRole('checkbox', { name: 'Antialiasing' });
    for (const box of [ao, outline, aa]) expect(box).toBeChecked();
    expect(within(group).queryByText(/off in split view/)).not.toBeInTheDocument();

    ao.focus();
    await user.keyboard(' ');
    expect(ao).not.toBeChecked();
    await user.tab();
    expect(outline).toHaveFocus();
    await user.keyboard(' ');
    expect(outline).not.toBeChecked();
    expect(aa).toBeChecked();

    // Split with ambient occlusion off: nothing is left out, so no note.
    await user.click(screen.getByRole('button', { name: 'Split view' }));
    expect(within(group).queryByText(/off in split view/)).not.toBeInTheDocument();
    // Switched on while split: kept as the user's choice, and named as left out of the split view.
    await user.click(ao);
    expect(ao).toBeChecked();
    expect(within(group).getByText('Ambient occlusion off in split view')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Split view' }));
    expect(within(group).queryByText(/off in split view/)).not.toBeInTheDocument();
    expect(ao).toBeChecked();
  });
});
