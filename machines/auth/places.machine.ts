/**
 * Countries and provinces for the sign-up form (SPEC §3: part of the authentication state). Screen
 * local: the sign-up screen runs one with useActorRef.
 *
 *   places
 *   ├── loadingCountries
 *   ├── countriesFailed        `places.retry` tries again
 *   └── ready
 *       ├── noCountry          nothing chosen yet
 *       ├── loadingProvinces   a new `country.select` restarts the request
 *       ├── provincesLoaded    (possibly empty: the country has no subdivisions)
 *       └── provincesFailed
 *
 * Owned by src/screens/auth/signup-screen.tsx.
 */
import { assign, assertEvent, fromPromise, setup } from 'xstate';

export interface Place {
  code: string;
  name: string;
}

export type PlacesEvent = { type: 'country.select'; country: string } | { type: 'places.retry' };

export interface PlacesContext {
  countries: Place[];
  country: string;
  provinces: Place[];
}

export const placesMachine = setup({
  types: {
    context: {} as PlacesContext,
    events: {} as PlacesEvent,
  },
  actors: {
    loadCountries: fromPromise<Place[], void>(async () => {
      throw new Error('loadCountries actor not provided');
    }),
    loadProvinces: fromPromise<Place[], { country: string }>(async () => {
      throw new Error('loadProvinces actor not provided');
    }),
  },
  actions: {
    chooseCountry: assign(({ event }) => {
      assertEvent(event, 'country.select');
      return { country: event.country, provinces: [] };
    }),
    keepCountries: assign((_, countries: Place[]) => ({ countries })),
    keepProvinces: assign((_, provinces: Place[]) => ({ provinces })),
  },
  guards: {
    choseNothing: ({ event }) => {
      assertEvent(event, 'country.select');
      return event.country === '';
    },
  },
}).createMachine({
  id: 'places',
  context: { countries: [], country: '', provinces: [] },
  initial: 'loadingCountries',
  states: {
    loadingCountries: {
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: { target: 'ready', actions: { type: 'keepCountries', params: ({ event }) => event.output } },
        onError: 'countriesFailed',
      },
    },
    countriesFailed: {
      on: { 'places.retry': 'loadingCountries' },
    },
    ready: {
      initial: 'noCountry',
      on: {
        'country.select': [
          { guard: 'choseNothing', target: '.noCountry', actions: 'chooseCountry' },
          { target: '.loadingProvinces', reenter: true, actions: 'chooseCountry' },
        ],
      },
      states: {
        noCountry: {},
        loadingProvinces: {
          invoke: {
            id: 'loadProvinces',
            src: 'loadProvinces',
            input: ({ context }) => ({ country: context.country }),
            onDone: { target: 'provincesLoaded', actions: { type: 'keepProvinces', params: ({ event }) => event.output } },
            onError: 'provincesFailed',
          },
        },
        provincesLoaded: {},
        provincesFailed: {
          on: { 'places.retry': 'loadingProvinces' },
        },
      },
    },
  },
});
