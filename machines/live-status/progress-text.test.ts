import { describe, expect, it } from 'vitest';
import { describeProgress, etaText } from './progress-text.ts';

describe('progress in words', () => {
  it('says the percentage, the direction i of n with its angle, the phase and the time left', () => {
    const view = describeProgress({ percent: 42.7, eta_s: 725, phase: 'averaging', direction: { index: 3, total: 8, deg: 90, done: 2 }, updated_at: '' });
    expect(view).toEqual({
      percent: 42,
      detail: 'direction 3 of 8 (90°) · averaging · about 12 min left',
      text: '42 % · direction 3 of 8 (90°) · averaging · about 12 min left',
    });
  });

  it('names the phases in words and keeps only what is known', () => {
    expect(describeProgress({ percent: 3, eta_s: null, phase: 'spin-up', direction: { index: 1, total: 16, deg: 22.5, done: 0 }, updated_at: '' }).text).toBe(
      '3 % · direction 1 of 16 (22.5°) · spinning up the flow',
    );
    expect(describeProgress({ percent: 60, eta_s: null, phase: null, direction: null, updated_at: '' }).text).toBe('60 %');
  });

  it('never shows 100 % while still running', () => {
    expect(describeProgress({ percent: 100, eta_s: 0, phase: 'post-processing', direction: null, updated_at: '' }).percent).toBe(99);
  });

  it('rounds the time left as a person says it', () => {
    expect(etaText(20)).toBe('less than a minute left');
    expect(etaText(150)).toBe('about 3 min left');
    expect(etaText(89 * 60)).toBe('about 89 min left');
    expect(etaText(2 * 3600 + 10 * 60)).toBe('about 2 h 10 min left');
    expect(etaText(3 * 3600)).toBe('about 3 h left');
  });

  it('says which directions lost their worker, since when, and by when another worker takes them over', () => {
    // Local clock times: built from local hours so the test reads the same in any time zone.
    const at = (h: number, m: number, sec: number) => new Date(2026, 10, 28, h, m, sec).toISOString();
    const view = describeProgress({
      percent: 30,
      eta_s: null,
      phase: 'averaging',
      direction: { index: 4, total: 8, deg: 135, done: 2 },
      updated_at: '',
      stalled: [
        { index: 1, deg: 0, since: at(14, 2, 11), resumes_by: at(14, 2, 41) },
        { index: 2, deg: 45, since: at(14, 1, 5), resumes_by: null },
      ],
    });
    expect(view.detail).toBe(
      'direction 4 of 8 (135°) · averaging · direction 1 (0°): no word from its worker since 14:02:11; another worker resumes it from its last checkpoint by 14:02:41' +
        ' · direction 2 (45°): no word from its worker since 14:01:05; it resumes from its last checkpoint as soon as a worker is free',
    );
  });
});
