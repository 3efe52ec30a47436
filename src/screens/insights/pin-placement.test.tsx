/**
 * Pins placed by a ray query on the model: a click on the viewer in 'Add pin' goes
 * through ViewerHandle.pick (the viewer's ray query) to the annotation menu, and saving it POSTs the
 * pin — at the picked point, with the probed value — on a pin type of the chosen template with the
 * chosen colour and icon, through the live services over a recording fake of the API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InsightsMode } from './insights-mode.tsx';
import { insightsServicesOver } from '../../services/insights-services.ts';
import { fakeBridge, fakeInsightsApi, insight, mountCanvas, renderWith } from './insights-test-kit.tsx';

const STUDY = '/api/project/1/study/2';
let unmountCanvas = () => undefined as void;
afterEach(() => unmountCanvas());

function setup() {
  const { canvas, remove } = mountCanvas();
  unmountCanvas = remove;
  const picks: [number, number][] = [];
  // The ray query hits the model under the pointer: a point that follows the click, on a data layer.
  // Left of x = 20 is sky: the ray meets nothing.
  const { bridge } = fakeBridge(canvas, (x, y) => {
    picks.push([x, y]);
    return x < 20 ? null : { point: [x / 10, y / 10, 1.5], layerId: '101', value: 4.25, unit: 'm/s' };
  });
  const server = fakeInsightsApi([insight(1, 0, { title: 'Corner gusts' })]);
  renderWith(<InsightsMode projectId={1} studyId={2} configurationId={21} viewer={bridge} />, insightsServicesOver(server.api));
  return { picks, server };
}

async function click(clientX: number, clientY: number) {
  const overlay = screen.getByRole('application', { name: 'Drawing overlay' });
  expect(overlay).toHaveAttribute('data-capture', 'pin');
  await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { clientX, clientY } });
}

async function clickModel(clientX: number, clientY: number) {
  await click(clientX, clientY);
  return screen.findByRole('form', { name: 'Pin' });
}

describe('placing a pin by clicking the model', () => {
  it('creates the pin at the picked point with the chosen type, colour, icon and note, through the insight-pin API', async () => {
    const { picks, server } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Corner gusts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add pin' }));
    expect(screen.getByText('Click the model to place a pin (Escape to stop).')).toBeInTheDocument();

    const form = await clickModel(120, 80);
    expect(picks).toEqual([[120, 80]]);
    expect(within(form).getByText('Pin at x 12.0 m, y 8.0 m, z 1.5 m · 4.25 m/s')).toBeInTheDocument();
    // Choosing a template brings its colour and icon; the user changes both.
    await userEvent.selectOptions(within(form).getByLabelText('Pin type'), 'Concern');
    expect(within(form).getByLabelText('Pin colour')).toHaveValue('#d1242f');
    expect(within(form).getByLabelText('Pin icon')).toHaveValue('warning');
    fireEvent.change(within(form).getByLabelText('Pin colour'), { target: { value: '#00aa55' } });
    await userEvent.selectOptions(within(form).getByLabelText('Pin icon'), 'shield');
    await userEvent.type(within(form).getByLabelText('Pin title'), 'Main entrance');
    await userEvent.type(within(form).getByLabelText('Note'), 'Gusts at the doors in winter.');
    const before = server.requests.length;
    await userEvent.click(within(form).getByRole('button', { name: 'Save pin' }));

    // Saved: the pin type of that template with that look, then the pin on it, then the insight re-read.
    await waitFor(() => expect(server.insights[0]!.pins).toHaveLength(1));
    const writes = server.requests.slice(before).filter((r) => r.method !== 'GET');
    expect(writes).toEqual([
      { method: 'POST', path: `${STUDY}/insight/1/insight-pin-type/`, body: { template_id: 2, colour: '#00aa55', icon: 'shield' } },
      {
        method: 'POST',
        path: `${STUDY}/insight/1/insight-pin/`,
        body: {
          insight_pin_type_id: 500,
          scene_view_id: null,
          item: { position: [12, 8, 1.5], layer_id: '101', value: 4.25, unit: 'm/s', value_text: '4.25 m/s' },
          title: 'Main entrance',
          note: 'Gusts at the doors in winter.',
        },
      },
    ]);
    expect(server.insights[0]!.pin_types).toEqual([{ id: 500, insight: { id: 1 }, name: 'Concern', colour: '#00aa55', icon: 'shield', template_id: 2 }]);

    // The saved pin is drawn over the model in its colour with its icon; the form has closed and
    // the next click places another pin.
    const marker = await screen.findByRole('img', { name: 'Pin Main entrance' });
    expect(marker.querySelector('path')).toHaveAttribute('fill', '#00aa55');
    expect(marker).toHaveTextContent('+');
    expect(screen.queryByRole('form', { name: 'Pin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add pin' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a second pin of the same type and look reuses the insight’s pin type; a click off the model places nothing', async () => {
    const { picks, server } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Corner gusts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add pin' }));
    await click(5, 60);
    expect(await screen.findByText('Click on the model to place the pin')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pin' })).toBeNull();

    let form = await clickModel(50, 60);
    await userEvent.selectOptions(within(form).getByLabelText('Pin type'), 'Concern');
    await userEvent.click(within(form).getByRole('button', { name: 'Save pin' }));
    await waitFor(() => expect(server.insights[0]!.pins).toHaveLength(1));

    // The insight now has its own 'Concern' type (red, warning), offered in place of the template.
    form = await clickModel(70, 90);
    await userEvent.selectOptions(within(form).getByLabelText('Pin type'), 'Concern');
    expect(within(form).getByLabelText('Pin colour')).toHaveValue('#d1242f');
    await userEvent.type(within(form).getByLabelText('Note'), 'Downdraught');
    const before = server.requests.length;
    await userEvent.click(within(form).getByRole('button', { name: 'Save pin' }));
    await waitFor(() => expect(server.insights[0]!.pins).toHaveLength(2));
    expect(
      server.requests
        .slice(before)
        .filter((r) => r.method !== 'GET')
        .map((r) => [r.path, (r.body as { insight_pin_type_id?: number }).insight_pin_type_id]),
    ).toEqual([[`${STUDY}/insight/1/insight-pin/`, 500]]);
    expect(server.insights[0]!.pins[1]!.item.position).toEqual([7, 9, 1.5]);
    expect(server.insights[0]!.pin_types).toHaveLength(1);
    expect(picks).toEqual([
      [5, 60],
      [50, 60],
      [70, 90],
    ]);
  });
});
