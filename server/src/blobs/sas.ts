/**
 * Shared access signatures for the local blob store, in the style of an Azure service SAS, so the
 * web client treats `{container_url}/{uuid}/{filename}?{sas_token}` the same against either store.
 *
 * Fields: sv (version), sp (permissions, "cw" for uploads), st (optional start), se (expiry, ISO
 * 8601 UTC), sr=d with sdd=1 (a directory one level deep: the upload's uuid), spr (protocols), and
 * Canopy's addition sdir (that directory — Azure puts it in the canonical resource only; carrying it
 * lets the server tell "this path is outside your token" from "this token was tampered with"), and
 * sig: base64 HMAC-SHA256 over the string to sign below, keyed by a key derived from the server's
 * secret (so a SAS can never pass for a JWT signature, nor the other way round).
 *
 * authenticateSas answers AuthenticationFailed (missing, malformed, tampered or expired);
 * authorizeSas answers AuthorizationPermissionMismatch (wrong permission, or a blob outside sdir).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SasPermission } from './blob-store.ts';

export const SAS_VERSION = '2024-11-04';
/** The account name in the canonical resource; Azure's is the storage account. */
const ACCOUNT = 'canopy';
const PERMISSION_ORDER: readonly SasPermission[] = ['r', 'c', 'w', 'd'];

export type SasKey = { readonly bytes: Buffer };

export function deriveSasKey(secretKey: Uint8Array): SasKey {
  return { bytes: createHmac('sha256', secretKey).update('canopy/blob-sas/v1').digest() };
}

export interface SasGrant {
  container: string;
  /** One path segment: the upload's uuid. */
  directory: string;
  permissions: readonly SasPermission[];
  expiresOn: Date;
  startsOn?: Date;
}

/** Azure writes times without milliseconds. */
function sasTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface SignedFields {
  sv: string;
  sp: string;
  st: string;
  se: string;
  sr: string;
  sdd: string;
  spr: string;
  sdir: string;
}

function stringToSign(container: string, f: SignedFields): string {
  return [f.sp, f.st, f.se, `/blob/${ACCOUNT}/${container}/${f.sdir}`, '', '', f.spr, f.sv, f.sr, f.sdd].join('\n');
}

function signature(key: SasKey, container: string, fields: SignedFields): Buffer {
  return createHmac('sha256', key.bytes).update(stringToSign(container, fields), 'utf8').digest();
}

export function signSas(key: SasKey, grant: SasGrant): string {
  const fields: SignedFields = {
    sv: SAS_VERSION,
    sp: PERMISSION_ORDER.filter((p) => grant.permissions.includes(p)).join(''),
    st: grant.startsOn ? sasTime(grant.startsOn) : '',
    se: sasTime(grant.expiresOn),
    sr: 'd',
    sdd: '1',
    spr: 'https,http',
    sdir: grant.directory,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== '') query.set(name, value);
  query.set('sig', signature(key, grant.container, fields).toString('base64'));
  return query.toString();
}

export type SasErrorCode = 'AuthenticationFailed' | 'AuthorizationPermissionMismatch';

export interface SasFailure {
  ok: false;
  code: SasErrorCode;
  /** Azure's AuthenticationErrorDetail: says which check failed, never the expected signature. */
  detail: string;
}

export interface AuthenticatedSas {
  ok: true;
  directory: string;
  permissions: ReadonlySet<string>;
  expiresOn: Date;
}

const fail = (code: SasErrorCode, detail: string): SasFailure => ({ ok: false, code, detail });

function parseTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Checks that the query carries a well-formed, untampered signature for `container` that is valid at `now`. */
export function authenticateSas(key: SasKey, container: string, query: URLSearchParams, now: Date): AuthenticatedSas | SasFailure {
  const sig = query.get('sig');
  if (!sig) return fail('AuthenticationFailed', 'The request carries no shared access signature (sig is missing).');
  const fields: SignedFields = {
    sv: query.get('sv') ?? '',
    sp: query.get('sp') ?? '',
    st: query.get('st') ?? '',
    se: query.get('se') ?? '',
    sr: query.get('sr') ?? '',
    sdd: query.get('sdd') ?? '',
    spr: query.get('spr') ?? '',
    sdir: query.get('sdir') ?? '',
  };
  const expiresOn = parseTime(fields.se);
  const startsOn = fields.st ? parseTime(fields.st) : null;
  if (!fields.sv || !fields.sp || !fields.sr || !fields.sdir || !expiresOn || (fields.st && !startsOn)) {
    return fail('AuthenticationFailed', 'Signature fields not well formed.');
  }
  const given = Buffer.from(sig, 'base64');
  const expected = signature(key, container, fields);
  // Equal lengths first: timingSafeEqual throws otherwise, and the length is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail('AuthenticationFailed', 'Signature did not match.');
  }
  if (now.getTime() >= expiresOn.getTime() || (startsOn && now.getTime() < startsOn.getTime())) {
    return fail(
      'AuthenticationFailed',
      `Signature not valid in the specified time frame: Start [${fields.st || '-'}] - Expiry [${fields.se}] - Current [${sasTime(now)}]`,
    );
  }
  return { ok: true, directory: fields.sdir, permissions: new Set(fields.sp.split('')), expiresOn };
}

/** Checks that an authenticated signature covers `blobName` and grants one of `anyOf`. */
export function authorizeSas(sas: AuthenticatedSas, blobName: string, anyOf: readonly SasPermission[]): SasFailure | null {
  if (!anyOf.some((p) => sas.permissions.has(p))) {
    return fail('AuthorizationPermissionMismatch', `The signature grants "${[...sas.permissions].join('')}", not "${anyOf.join('" or "')}".`);
  }
  const slash = blobName.indexOf('/');
  // sdd=1: exactly one level below the signed directory.
  if (slash < 0 || blobName.slice(0, slash) !== sas.directory || blobName.indexOf('/', slash + 1) >= 0) {
    return fail('AuthorizationPermissionMismatch', 'The blob is outside the directory the signature covers.');
  }
  return null;
}
