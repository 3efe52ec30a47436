/**
 * The project form (create modal and the details tab): what the user typed, read into the API's
 * body. Checked in the browser first with the server's own messages, so a mistyped coordinate is
 * named before anything is sent; the server checks again.
 */
import type { ProjectCreate } from '@canopy/contract/projects.ts';
import type { ServerError } from '@machines/shared/actors.ts';

export interface ProjectFormValues {
  name: string;
  location: string;
  latitude: string;
  longitude: string;
  reference_id: string;
  generateSurrounds?: boolean;
  /** With generateSurrounds: the radius (m) of OpenStreetMap buildings fetched; '' leaves it to a map upload. */
  surrounds_radius_m?: string;
  fetch_met?: boolean;
}

export const emptyProjectForm: ProjectFormValues = {
  name: '',
  location: '',
  latitude: '',
  longitude: '',
  reference_id: '',
  generateSurrounds: false,
  surrounds_radius_m: '300',
  fetch_met: false,
};

/** The site the typed coordinates name, or null while either is blank or not a coordinate. */
export function typedPosition(values: Pick<ProjectFormValues, 'latitude' | 'longitude'>): { latitude: number; longitude: number } | null {
  if (values.latitude.trim() === '' || values.longitude.trim() === '') return null;
  const latitude = Number(values.latitude);
  const longitude = Number(values.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

const BLANK = 'This field may not be blank.';
const NUMBER = 'A valid number is required.';

function coordinate(text: string, min: number, max: number): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { value: null, error: NUMBER };
  if (value < min) return { value: null, error: `Ensure this value is greater than or equal to ${min}.` };
  if (value > max) return { value: null, error: `Ensure this value is less than or equal to ${max}.` };
  return { value, error: null };
}

export type ProjectFormResult = { ok: true; project: ProjectCreate } | { ok: false; error: ServerError };

export function readProjectForm(values: ProjectFormValues): ProjectFormResult {
  const fields: Record<string, string[]> = {};
  const name = values.name.trim();
  if (!name) fields.name = [BLANK];
  const latitude = coordinate(values.latitude, -90, 90);
  const longitude = coordinate(values.longitude, -180, 180);
  if (latitude.error) fields.latitude = [latitude.error];
  if (longitude.error) fields.longitude = [longitude.error];
  if (!latitude.error && !longitude.error && (latitude.value === null) !== (longitude.value === null)) {
    fields[latitude.value === null ? 'latitude' : 'longitude'] = ['Give both latitude and longitude, or neither.'];
  }
  if (Object.keys(fields).length > 0) return { ok: false, error: { kind: 'http', status: null, detail: null, fields, body: null } };
  const project: ProjectCreate = {
    name,
    location: values.location.trim(),
    latitude: latitude.value,
    longitude: longitude.value,
    reference_id: values.reference_id.trim(),
  };
  if (values.generateSurrounds !== undefined) project.generateSurrounds = values.generateSurrounds;
  const radius = values.generateSurrounds && latitude.value !== null ? Number(values.surrounds_radius_m ?? '') : NaN;
  if (values.surrounds_radius_m?.trim() && radius > 0) project.surrounds_radius_m = radius;
  if (values.fetch_met !== undefined) project.fetch_met = values.fetch_met;
  return { ok: true, project };
}
