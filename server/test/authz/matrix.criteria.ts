/**
 * Matrix rows of a company's own wind comfort criterion tables, spread into MATRIX.
 * The world's table belongs to company A: its members read it, its Org Admin
 * (colleagueWithPermission) changes it, the Org Admin of company C (otherCompany) creates in C but
 * gets 404 for A's tables, the consulting company's sharees get 404, and the company-less
 * superuser has no company to list or create in (404) but may change any table.
 */
import type { MatrixRole } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';

type Statuses = BaseStatuses;

const ownCompany = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: status,
  colleague: status,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: status,
  superuser: 404,
});

/** Creating in one's own company: Org Admins (of A and of C). */
const createOwn = (status: number): Statuses => ({ ...ownCompany(403), anonymous: 401, otherCompany: status, colleagueWithPermission: status, superuser: 404 });

/** Changing a table of company A: its Org Admin and the superuser; other members 403; everyone else 404. */
const changeA = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: 403,
  acceptedShare: 404,
  pendingShare: 404,
  superuser: status,
});

/** Reading a table of company A: its members and the superuser. */
const readA = (status: number): Statuses => ({ ...changeA(status), colleague: status, projectAdmin: status });

const table = (name: string) => ({
  name,
  speedType: 'maxMeanGem',
  classes: [
    { label: 'Sitting', thresholdMs: 4, allowedExceedance: 0.05, colour: '#2c7bb6' },
    { label: 'Walking', thresholdMs: 8, allowedExceedance: 0.05, colour: '#fdae61' },
    { label: 'Uncomfortable', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
  ],
  safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.00022, colour: '#2d004b' }],
});

const one = (id: number) => `/api/company/criteria/${id}/`;

export const CRITERIA_ROWS: Record<string, MatrixRow> = {
  'GET /api/company/criteria': { expect: ownCompany(200) },
  'POST /api/company/criteria': { expect: createOwn(201), request: (_w, role: MatrixRole) => ({ body: table(`Created by ${role}`) }) },
  'GET /api/company/criteria/:id': { expect: readA(200), request: (w) => ({ path: one(w.criteria.criterionId) }) },
  'PUT /api/company/criteria/:id': { expect: changeA(200), request: (w) => ({ path: one(w.criteria.criterionId), body: table('Acme comfort') }) },
  'DELETE /api/company/criteria/:id': { expect: changeA(204), request: (w, role) => ({ path: one(w.criteria.toDelete[role]) }) },
};
