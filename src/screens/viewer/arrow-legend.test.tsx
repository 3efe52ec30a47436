/**
 * The arrows layer's legend, by role and text: an arrow layer shown in a pane gets
 * its own scale (paneLayerScales, as the pane model makes it) and the legend over the view names
 * it with its unit, marks round ticks and shows a scale arrow: a full-length arrow is the top of
 * the range, in m/s.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findLegend } from '@canopy/engine/analyses/legends.ts';
import { LegendOverlay } from './legend-overlay.tsx';
import { paneLayerScales, type ColourLegend } from './scene-layers.ts';
import { asset } from './viewer-test-kit.tsx';
import type { SceneLayer } from '../../viewer/contracts.ts';

const arrows = asset(1, {
  id: 601,
  layer_type: 'arrows',
  analysis_type: 'wind-directional',
  metric: 'wind-speed',
  wind_direction: '225',
  metadata: { units: 'm/s', fields: ['speed'], legend: { name: 'wind-speed', version: '1' } },
});
const layer: SceneLayer = { id: '601', kind: 'arrows', url: '/assets/arrows.glb', visible: true, field: 'speed' };

describe('the arrows layer legend', () => {
  it('names the speed with its unit, marks round ticks from the arrows’ own speeds, and shows a scale arrow in m/s', () => {
    const legend = findLegend('wind-speed') as ColourLegend;
    const scales = paneLayerScales([layer], [arrows], () => legend, [], {}, { '601': { categorical: false, range: [0.4, 7.3] } });
    render(<LegendOverlay scales={Object.values(scales)} fallbackTitle={null} />);
    const figure = screen.getByRole('figure', { name: 'Legend: Mean pedestrian wind speed (m/s)' });
    expect(
      within(within(figure).getByRole('list', { name: 'Ticks' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0', '2', '4', '6', '8']);
    expect(within(figure).getByRole('img', { name: 'Scale arrow: 8 m/s' })).toBeInTheDocument();
    expect(within(figure).getByText('8 m/s: a full-length arrow (one arrow spacing); slower wind, shorter arrows')).toBeInTheDocument();
  });

  it('shows no scale arrow for a map that is not arrows', () => {
    const legend = findLegend('speed-ratio') as ColourLegend;
    const map = asset(1, { id: 602, analysis_type: 'wind-directional', metric: 'speed-ratio' });
    const scales = paneLayerScales([{ ...layer, id: '602', kind: 'data' }], [map], () => legend, [], {}, {});
    render(<LegendOverlay scales={Object.values(scales)} fallbackTitle={null} />);
    expect(screen.getByRole('figure', { name: 'Legend: Wind speed-up ratio' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Scale arrow/ })).not.toBeInTheDocument();
  });
});
