import { describe, expect, it } from 'vitest';
import { stalledDirections, type DirectionLease } from './stalled-directions.ts';

const now = new Date('2026-11-28T14:00:00.000Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const ahead = (s: number) => new Date(now.getTime() + s * 1000);
const degs = [0, 45, 90, 135];

describe('stalled CFD directions', () => {
  it('passes over a worker that beat within two renewals, and one late beat under load', () => {
    // 30 s leases renewed every 10 s: 15 s of silence is one late beat, not a dead worker.
    const leases: DirectionLease[] = [
      { index: 0, status: 'running', updatedAt: ago(2), lockedUntil: ahead(28) },
      { index: 1, status: 'running', updatedAt: ago(15), lockedUntil: ahead(15) },
    ];
    expect(stalledDirections(leases, degs, now)).toEqual([]);
  });

  it('names a direction silent for more than two renewals, with the time its lease ends', () => {
    const leases: DirectionLease[] = [{ index: 2, status: 'running', updatedAt: ago(21), lockedUntil: ahead(9) }];
    expect(stalledDirections(leases, degs, now)).toEqual([{ index: 3, deg: 90, since: ago(21).toISOString(), resumes_by: ahead(9).toISOString() }]);
  });

  it('says a direction whose lease has ended waits for a free worker (no time to promise)', () => {
    const leases: DirectionLease[] = [{ index: 3, status: 'running', updatedAt: ago(40), lockedUntil: ago(10) }];
    expect(stalledDirections(leases, degs, now)).toEqual([{ index: 4, deg: 135, since: ago(40).toISOString(), resumes_by: null }]);
  });

  it('ignores directions that are queued, finished or hold no lease', () => {
    const leases: DirectionLease[] = [
      { index: 0, status: 'queued', updatedAt: ago(100), lockedUntil: null },
      { index: 1, status: 'completed', updatedAt: ago(100), lockedUntil: null },
      { index: 2, status: 'running', updatedAt: ago(100), lockedUntil: null },
    ];
    expect(stalledDirections(leases, degs, now)).toEqual([]);
  });
});
