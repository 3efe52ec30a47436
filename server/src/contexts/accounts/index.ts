/**
 * The accounts context's public entry: what other contexts may use of it (companies' limits,
 * credits and guards, roles, user names, sharing). Another context imports from here, never a
 * module inside: `npm run lint` refuses a deep import (eslint.server-layers.js, ADR 28). Routes and
 * the entry points may still import any module.
 */
export { ownCompanyId, requireCompanyMember, requireCompanyPermission, requirePermission } from './company/guards.ts';
export { projectCompany, requireComputeLeft, storageFullError, storageLeft } from './company/limits.ts';
export { creditsReserved, debitReservations, refundReservations, reserveCredits } from './company/reservations.ts';
export { creditsUsed } from './company/subscriptions.ts';
export { throttle } from './auth/throttle.ts';
export { PERMISSIONS, type Permission } from './roles.ts';
export { linkTokenHash, signLinkAccess, verifyLinkAccess } from './share-links/tokens.ts';
export { shareWithDefaultGroup } from './sharing/default-group.ts';
export { displayName, optionalUserRef } from './users/names.ts';
