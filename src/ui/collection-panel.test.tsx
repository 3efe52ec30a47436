import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CollectionPanel } from './collection-panel.tsx';

const table = (
  <table aria-label="People">
    <tbody>
      <tr>
        <td>Ada</td>
      </tr>
    </tbody>
  </table>
);

describe('CollectionPanel', () => {
  it('says it is loading before anything else', () => {
    render(
      <CollectionPanel loading error="Down." empty={{ title: 'Nobody yet' }}>
        {table}
      </CollectionPanel>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure with Retry, which asks again', async () => {
    const onRetry = vi.fn();
    render(
      <CollectionPanel error="The list could not be loaded." onRetry={onRetry}>
        {table}
      </CollectionPanel>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the empty state, then the table once there is something to list', () => {
    const { rerender } = render(<CollectionPanel empty={{ title: 'Nobody yet', description: 'People appear here.' }}>{table}</CollectionPanel>);
    expect(screen.getByRole('heading', { level: 3, name: 'Nobody yet' })).toBeInTheDocument();
    expect(screen.getByText('People appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<CollectionPanel empty={null}>{table}</CollectionPanel>);
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  });
});
