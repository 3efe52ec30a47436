import { describe, expect, it } from 'vitest';
import { fac2, hitRate, pearson, reattachmentLength } from './metrics.ts';
import { REPORT_BEGIN, REPORT_END, spliceReport } from './report.ts';

describe('validation scores', () => {
  it('count a hit within 25 % or within the absolute tolerance, per point when asked', () => {
    // 1.2 vs 1 (20 %): hit; 0.3 vs 0.1: 200 % but 0.2 off, within W = 0.25; 2 vs 1: miss.
    expect(hitRate([1.2, 0.3, 2], [1, 0.1, 1], 0.25)).toEqual({ rate: 2 / 3, hits: 2, count: 3 });
    expect(hitRate([1.2, 0.3, 2], [1, 0.1, 1], (i) => (i === 1 ? 0.1 : 0.25)).hits).toBe(1);
  });

  it("compute Pearson's r and FAC2", () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(fac2([1, 1, 1, 1], [0.6, 2, 2.1, 0.4])).toEqual({ rate: 0.5, hits: 2, count: 4 });
  });

  it('find the first reverse-to-forward change of sign, and none without reverse flow', () => {
    expect(reattachmentLength([0, 1, 2, 3], [-1, -0.5, 0.5, 1])).toBeCloseTo(1.5, 12);
    expect(reattachmentLength([0, 1, 2], [0.5, 1, 1])).toBeNull();
    expect(reattachmentLength([0, 1, 2], [-0.5, -1, -1])).toBeNull();
  });

  it('replace only the generated block of the validation page', () => {
    const page = `# Title\n\n${REPORT_BEGIN}\nold\n${REPORT_END}\n\n## History\nkept\n`;
    expect(spliceReport(page, 'new')).toBe(`# Title\n\n${REPORT_BEGIN}\nnew\n${REPORT_END}\n\n## History\nkept\n`);
    expect(spliceReport('# Title\n', 'new')).toBe(`# Title\n\n${REPORT_BEGIN}\nnew\n${REPORT_END}\n`);
  });
});
