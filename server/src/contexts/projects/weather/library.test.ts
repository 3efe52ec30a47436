import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWeatherLibrary, WeatherNotFoundError, weatherLibraryDir } from './library.ts';

const bundled = createWeatherLibrary(weatherLibraryDir({ WEATHER_LIBRARY_DIR: undefined }));
const dir = mkdtempSync(join(tmpdir(), 'canopy-weather-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the weather library', () => {
  it('bundles Chicago O’Hare TMY3 and describes it for provenance', async () => {
    const files = await bundled.list();
    expect(files.map((f) => f.id)).toContain('USA_IL_Chicago-OHare.Intl.AP.725300_TMY3');
    const weather = await bundled.load('USA_IL_Chicago-OHare.Intl.AP.725300_TMY3');
    expect(weather.epw.hours).toBe(8760);
    expect(weather.source).toBe('EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300');
    expect(weather.years).toBe('TMY3 (typical months of 1977–2002)');
    // Cached: the same parsed object comes back.
    expect(await bundled.load('USA_IL_Chicago-OHare.Intl.AP.725300_TMY3')).toBe(weather);
  });

  it('picks the nearest station, skips files that are not EPW, and refuses unknown ids', async () => {
    copyFileSync(new URL('../../../../../tests/fixtures/chicago.epw', import.meta.url), join(dir, 'chicago.epw'));
    const chicago = await import('node:fs').then((fs) => fs.readFileSync(join(dir, 'chicago.epw'), 'utf8'));
    writeFileSync(
      join(dir, 'toronto.epw'),
      chicago.replace('LOCATION,Chicago Ohare Intl Ap,IL,USA,TMY3,725300,41.98,-87.92', 'LOCATION,Toronto,ON,CAN,CWEC,716240,43.67,-79.63'),
    );
    writeFileSync(join(dir, 'notes.epw'), 'not a weather file');
    const library = createWeatherLibrary(dir);
    expect((await library.list()).map((f) => f.id)).toEqual(['chicago', 'toronto']);
    expect((await library.nearest(43.64, -79.38))?.id).toBe('toronto');
    expect((await library.nearest(41.9, -87.6))?.id).toBe('chicago');
    expect((await library.nearest(null, null))?.id).toBe('chicago');
    await expect(library.load('../secret')).rejects.toBeInstanceOf(WeatherNotFoundError);
    await expect(library.load('notes')).rejects.toBeInstanceOf(WeatherNotFoundError);
    expect(await createWeatherLibrary(join(dir, 'missing')).nearest(0, 0)).toBeNull();
  });
});
