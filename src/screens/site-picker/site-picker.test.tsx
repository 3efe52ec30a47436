/** The site picker by role and text: place search from the keyboard, and the coordinate fields alone when tiles fail. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GeocodeResults, MapSettings } from '@canopy/contract/site.ts';
import { bindSiteMapLogic } from '../../services/site-map-services.ts';
import { SiteMapLogicContext } from './site-picker-logic-context.ts';
import { SitePicker } from './site-picker.tsx';

const SETTINGS: MapSettings = {
  tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  tile_attribution: '© OpenStreetMap contributors',
  geocoder: true,
  overpass: true,
  overpass_max_radius_m: 2000,
};
const FOUND: GeocodeResults = {
  attribution: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  results: [{ name: 'London, Greater London, England, United Kingdom', kind: 'boundary · administrative', latitude: 51.5074456, longitude: -0.1277653 }],
};

function renderPicker(settings: () => Promise<MapSettings> = async () => SETTINGS, disabled = false) {
  const onPick = vi.fn();
  const geocode = vi.fn(async () => FOUND);
  const logic = bindSiteMapLogic({
    loadSettings: settings,
    geocode,
    loadSurrounds: async () => ({ project_name: '', project_latitude: null, project_longitude: null, surrounds: null, surrounds_error: null }),
  });
  render(
    <SiteMapLogicContext.Provider value={logic}>
      <form onSubmit={() => onPick('the project form was submitted')}>
        <SitePicker id="t" position={null} onPick={onPick} disabled={disabled} />
      </form>
    </SiteMapLogicContext.Provider>,
  );
  return { onPick, geocode };
}

describe('SitePicker', () => {
  it('searches a place with Enter (without submitting the form around it) and sets the site from the chosen result', async () => {
    const user = userEvent.setup();
    const { onPick, geocode } = renderPicker();
    await user.type(await screen.findByRole('textbox', { name: 'Find a place' }), 'London{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('1 place found for “London”: choose one to set the site.');
    expect(geocode).toHaveBeenCalledWith('London');
    expect(screen.getByText(/^Search: Data © OpenStreetMap contributors/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^London, Greater London/ }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith({ latitude: 51.507446, longitude: -0.127765 });
    expect(screen.queryByRole('list', { name: 'Places found' })).not.toBeInTheDocument();
  });

  it('gives way to the coordinate fields when the first tile fails', async () => {
    renderPicker();
    const map = await screen.findByRole('application');
    expect(map).toHaveAccessibleName(/^Site map\. No site yet: click the map or search a place\. Arrow keys move the site 10 m, with Shift 100 m\.$/);
    // Leaflet's tile <img> failing to load, as it does when the tile server cannot be reached.
    const tile = await vi.waitFor(
      () => {
        const img = map.querySelector('img.leaflet-tile');
        if (!img) throw new Error('no tile yet');
        return img;
      },
      { timeout: 30_000 },
    );
    tile.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('note')).toHaveTextContent(
      'The map cannot be shown: its tiles (127.0.0.1:9) cannot be reached from this browser. Type the site’s latitude and longitude below, or find it by name above.',
    );
    expect(screen.queryByRole('application')).not.toBeInTheDocument();
  });

  it('without the map settings, says so and offers no search', async () => {
    renderPicker(async () => {
      throw new Error('offline');
    });
    expect(await screen.findByRole('note')).toHaveTextContent('The map is not available right now. Type the site’s latitude and longitude below.');
    expect(screen.queryByRole('textbox', { name: 'Find a place' })).not.toBeInTheDocument();
  });

  it('on a read-only form, says the map is missing without telling the user to type or search', async () => {
    renderPicker(async () => {
      throw new Error('offline');
    }, true);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('The map is not available right now.');
    expect(note).not.toHaveTextContent('Type');
  });
});
