/** Country and subdivision look-ups for the sign-up and profile forms. */
import { COUNTRIES } from './countries.ts';
import { SUBDIVISIONS, type Subdivision } from './subdivisions.ts';

export interface Country {
  code: string;
  name: string;
}

export interface Province extends Subdivision {
  country: string;
}

const BY_CODE = new Map(COUNTRIES.map(([code, name]) => [code, name]));

export function listCountries(): Country[] {
  return COUNTRIES.map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function isCountry(code: string): boolean {
  return BY_CODE.has(code.toUpperCase());
}

/** Subdivisions of one country (empty for a country we hold none for), or of all when omitted. */
export function listProvinces(country?: string): Province[] {
  const codes = country ? [country.toUpperCase()] : Object.keys(SUBDIVISIONS).sort();
  return codes.flatMap((code) => (SUBDIVISIONS[code] ?? []).map((s) => ({ ...s, country: code })));
}

/**
 * A province is accepted as its ISO code (CA-ON), its bare code (ON) or its name, and stored as
 * the ISO code. Countries we hold no subdivisions for take any text. Returns null when invalid.
 */
export function normalizeProvince(country: string, province: string): string | null {
  const value = province.trim();
  if (!value) return '';
  const known = SUBDIVISIONS[country.toUpperCase()];
  if (!known) return value;
  const upper = value.toUpperCase();
  const match = known.find((s) => s.code === upper || s.code === `${country.toUpperCase()}-${upper}` || s.name.toUpperCase() === upper);
  return match ? match.code : null;
}
