/**
 * The wind rose's summary call: the viewer asked for time=all, which the server refuses
 * (SPEC §5: HH:MM-HH:MM). The whole-day filter must be a window the server's own parser reads as
 * every hour of the day.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, createLocalLock } from './client.ts';
import { weatherSummary, wholeDayFilter } from './weather.ts';
import { ALL_DAY, hourInWindow, parseTimeWindow } from '@canopy/engine/weather/hour-mask.ts';

describe('wholeDayFilter', () => {
  it('sends the season and a HH:MM-HH:MM window that selects all 24 hours', async () => {
    const urls: URL[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input)));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const api = createApiClient({
      tokens: { read: () => null, write: () => {} },
      lock: createLocalLock(),
      fetch: fetch as typeof globalThis.fetch,
      baseURL: 'http://canopy.test',
    });
    await weatherSummary(api, 7, 'chicago-725300', wholeDayFilter('winter'));
    const query = Object.fromEntries(urls[0]!.searchParams);
    expect(urls[0]!.pathname).toBe('/api/project/7/weather-summary/');
    expect(query).toEqual({ met_id: 'chicago-725300', season: 'winter', time: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d$/) });
    const window = parseTimeWindow(query.time!);
    expect(window).toEqual(ALL_DAY);
    expect(Array.from({ length: 24 }, (_, i) => hourInWindow(i + 1, window)).every(Boolean)).toBe(true);
  });
});
