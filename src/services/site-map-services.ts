/**
 * Binds the site map machine's actor stubs to the API (src/api/site.ts). Tests bind fakes the same
 * way through SiteMapLogicContext. The settings are read once per page load: they are the
 * operator's configuration and do not change while the app runs.
 */
import { fromPromise } from 'xstate';
import { siteMapMachine, type MapSettings } from '@machines/site-map/site-map.machine.ts';
import type { GeocodeResults } from '@canopy/contract/site.ts';
import type { ProjectSurrounds } from '@canopy/contract/surrounds.ts';
import { api } from '../api/client.ts';
import * as siteApi from '../api/site.ts';
import { getSurrounds } from '../api/weather.ts';
import { asServerCall as call } from '../api/errors.ts';

export interface SiteMapServices {
  loadSettings(): Promise<MapSettings>;
  geocode(query: string): Promise<GeocodeResults>;
  loadSurrounds(projectId: number): Promise<ProjectSurrounds>;
}

let settings: Promise<MapSettings> | null = null;

const liveSiteMapServices: SiteMapServices = {
  loadSettings: () => {
    settings ??= siteApi.getMapSettings(api).catch((error: unknown) => {
      settings = null;
      throw error;
    });
    return settings;
  },
  geocode: (query) => siteApi.geocode(api, query),
  loadSurrounds: (projectId) => getSurrounds(api, projectId),
};

export function bindSiteMapLogic(services: SiteMapServices) {
  return siteMapMachine.provide({
    actors: {
      loadSettings: fromPromise<MapSettings, void>(() => call(() => services.loadSettings())),
      geocode: fromPromise<GeocodeResults, { query: string }>(({ input }) => call(() => services.geocode(input.query))),
      loadSurrounds: fromPromise<ProjectSurrounds, { projectId: number }>(({ input }) => call(() => services.loadSurrounds(input.projectId))),
    },
  });
}

export type SiteMapLogic = ReturnType<typeof bindSiteMapLogic>;

export const liveSiteMapLogic: SiteMapLogic = bindSiteMapLogic(liveSiteMapServices);
