/**
 * The insight sorter (drag to reorder, saved as sort_order): a drag of a row's handle with the
 * pointer, Alt+↑/↓ in a row, ↑/↓ on the handle and the Move buttons each PUT the moved insight's new
 * sort_order — asserted on the requests the live services send to a recording fake of the API,
 * which renumbers like the server — and the list shows the server's order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InsightsMode } from './insights-mode.tsx';
import { insightsServicesOver } from '../../services/insights-services.ts';
import { fakeBridge, fakeInsightsApi, insight, renderWith } from './insights-test-kit.tsx';

const ROW_HEIGHT = 40;

afterEach(() => vi.restoreAllMocks());

/** jsdom lays nothing out: each insight row is ROW_HEIGHT tall, stacked from y = 0. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const i = row?.parentElement ? Array.from(row.parentElement.children).indexOf(row) : 0;
    return {
      x: 0,
      y: i * ROW_HEIGHT,
      top: i * ROW_HEIGHT,
      bottom: (i + 1) * ROW_HEIGHT,
      left: 0,
      right: 300,
      width: 300,
      height: ROW_HEIGHT,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

function setup() {
  layOutRows();
  const server = fakeInsightsApi([insight(1, 0, { title: 'A' }), insight(2, 1, { title: 'B' }), insight(3, 2, { title: 'C' })]);
  renderWith(<InsightsMode projectId={1} studyId={2} configurationId={21} viewer={fakeBridge().bridge} />, insightsServicesOver(server.api));
  const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => ({ path: r.path, body: r.body }));
  const shown = () =>
    within(screen.getByRole('list', { name: 'Insights list' }))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label'));
  const stored = () => [...server.insights].sort((a, b) => a.sort_order - b.sort_order).map((i) => i.title);
  return { server, puts, shown, stored };
}

const put = (id: number, sortOrder: number) => ({ path: `/api/project/1/study/2/insight/${id}/`, body: { sort_order: sortOrder } });
/** Waits for the move to be answered (the panel is idle again: its Delete buttons are enabled). */
const settled = () => waitFor(() => screen.getAllByRole('button', { name: /^Delete / }).forEach((b) => expect(b).toBeEnabled()));

describe('insight sorter', () => {
  it('drag with the pointer, Alt+arrows, arrows on the handle and the Move buttons PUT the new sort_order', async () => {
    const user = userEvent.setup();
    const { puts, shown, stored } = setup();
    await screen.findByRole('listitem', { name: 'C' });
    expect(shown()).toEqual(['A', 'B', 'C']);

    // Drag C's handle up over A's row (y 0–40) and let go there: C goes first.
    const handleC = screen.getByRole('button', { name: 'Reorder C' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: handleC, coords: { clientX: 10, clientY: 2 * ROW_HEIGHT + 20 } },
      { coords: { clientX: 10, clientY: ROW_HEIGHT + 20 } },
      { coords: { clientX: 10, clientY: 15 } },
    ]);
    expect(screen.getByRole('listitem', { name: 'C' }).className).toMatch(/dragging/);
    expect(screen.getByRole('listitem', { name: 'A' }).className).toMatch(/dropBefore/);
    await user.pointer({ keys: '[/MouseLeft]', coords: { clientX: 10, clientY: 15 } });
    await waitFor(() => expect(puts()).toEqual([put(3, 0)]));
    await settled();
    expect(shown()).toEqual(['C', 'A', 'B']);

    // Alt+↓ on A's title: A goes down one place, to sort_order 2.
    screen.getByRole('button', { name: 'A' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(puts()).toEqual([put(3, 0), put(1, 2)]));
    await settled();
    expect(shown()).toEqual(['C', 'B', 'A']);
    expect(screen.getByText('A moved to position 3 of 3.')).toBeInTheDocument();

    // ↑ on B's drag handle (the handle needs no Alt).
    screen.getByRole('button', { name: 'Reorder B' }).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(puts()).toEqual([put(3, 0), put(1, 2), put(2, 0)]));
    await settled();
    expect(shown()).toEqual(['B', 'C', 'A']);

    // The Move down button.
    await user.click(screen.getByRole('button', { name: 'Move C down' }));
    await waitFor(() => expect(puts()).toEqual([put(3, 0), put(1, 2), put(2, 0), put(3, 2)]));
    await settled();
    expect(shown()).toEqual(['B', 'A', 'C']);
    // The server's renumbered order is the one on screen.
    expect(stored()).toEqual(['B', 'A', 'C']);
  });

  it('a drag let go on its own row, or cancelled with Escape, and plain arrows outside the handle send nothing', async () => {
    const user = userEvent.setup();
    const { puts, shown } = setup();
    await screen.findByRole('listitem', { name: 'C' });
    const handleB = screen.getByRole('button', { name: 'Reorder B' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: handleB, coords: { clientX: 10, clientY: ROW_HEIGHT + 10 } },
      { coords: { clientX: 10, clientY: ROW_HEIGHT + 30 } },
      { keys: '[/MouseLeft]' },
    ]);
    await user.pointer([{ keys: '[MouseLeft>]', target: handleB, coords: { clientX: 10, clientY: ROW_HEIGHT + 10 } }, { coords: { clientX: 10, clientY: 5 } }]);
    expect(screen.getByRole('listitem', { name: 'A' }).className).toMatch(/dropBefore/);
    handleB.focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('listitem', { name: 'A' }).className).not.toMatch(/dropBefore/);
    expect(screen.getByRole('listitem', { name: 'B' }).className).not.toMatch(/dragging/);
    await user.pointer({ keys: '[/MouseLeft]', coords: { clientX: 10, clientY: 5 } });
    screen.getByRole('button', { name: 'A' }).focus();
    await user.keyboard('{ArrowDown}');
    // Alt+↑ on the first row has nowhere to go.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(puts()).toEqual([]);
    expect(shown()).toEqual(['A', 'B', 'C']);
  });
});
