/** Named readings of the countries/provinces machine. */
import type { SnapshotFrom } from 'xstate';
import type { Place, placesMachine } from './places.machine.ts';

type Snapshot = SnapshotFrom<typeof placesMachine>;

export const selectCountries = (s: Snapshot): Place[] => s.context.countries;
export const selectProvinces = (s: Snapshot): Place[] => s.context.provinces;
export const selectCountriesLoading = (s: Snapshot): boolean => s.matches('loadingCountries');
export const selectCountriesFailed = (s: Snapshot): boolean => s.matches('countriesFailed');
export const selectProvincesLoading = (s: Snapshot): boolean => s.matches({ ready: 'loadingProvinces' });
export const selectProvincesFailed = (s: Snapshot): boolean => s.matches({ ready: 'provincesFailed' });
