/**
 * The projects context's public entry: what other contexts may use of it (project access, criteria,
 * reference places, the weather library). Another context imports from here, never a module inside:
 * `npm run lint` refuses a deep import (eslint.server-layers.js, ADR 28). Routes and the entry
 * points may still import any module.
 */
export {
  accessColumns,
  accessFrom,
  accessValues,
  acceptedBy,
  acceptedToEditBy,
  administeredBy,
  decideAccess,
  projectAccess,
  requireChangeableProject,
  requireVisibleProject,
  visibleProjects,
  type ProjectAccess,
} from './access.ts';
export { resolveCriteria } from './criteria/company-criteria.ts';
export { jobCriteria } from './criteria/job-criteria.ts';
export { isCountry, normalizeProvince } from './reference/places.ts';
export { decodeHourly, HOURLY_FORMAT, HourlyCodecError } from './weather/hourly-codec.ts';
export { createWeatherLibrary, weatherLibraryDir, type LoadedWeather, type WeatherLibrary } from './weather/library.ts';
export { metSourceByMetId } from './weather/met-sources.ts';
export { PVGIS_ID, PVGIS_PROVENANCE } from './weather/pvgis.ts';
export { canonicalLocation, findShared, loadStationEpw, loadStationWeather, stationValues, type StationValues } from './weather/stations.ts';
export { projectUpload, type UploadRow } from './weather/upload-text.ts';
