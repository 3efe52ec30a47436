import { describe, expect, it } from 'vitest';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { drawWindRose, ringStep, wedgePaths } from './wind-rose-figure.ts';

/** A wedge's two outer corners (where its line ends and where its arc ends), y down as the path has them. */
function pointsOf(path: string): Array<readonly [number, number]> {
  const m = /^M 0 0 L (\S+) (\S+) A \S+ \S+ 0 0 1 (\S+) (\S+) Z$/.exec(path);
  if (!m) throw new Error(`not a wedge: ${path}`);
  return [
    [Number(m[1]), Number(m[2])],
    [Number(m[3]), Number(m[4])],
  ];
}

describe('the wind rose figure', () => {
  it('puts rings at round shares, two to five up to the largest sector', () => {
    expect(ringStep(0.12)).toBe(0.025);
    expect(ringStep(0.045)).toBe(0.01);
    expect(ringStep(0.3)).toBe(0.1);
  });

  it('draws each sector where the wind comes from, north up and clockwise, as long as its share', () => {
    const shares = Array.from({ length: 16 }, () => 0);
    shares[0] = 0.2; // from the north
    shares[4] = 0.1; // from the east
    const paths = wedgePaths(shares, 0.2, 60);
    expect(paths.filter((p) => p !== '')).toHaveLength(2);
    const north = pointsOf(paths[0]!);
    // Up the page (negative y in the path's y-down frame), at the full radius, straddling x = 0.
    expect(north.every(([, y]) => y < -59)).toBe(true);
    expect(Math.sign(north[0]![0])).toBe(-Math.sign(north[1]![0]));
    const east = pointsOf(paths[4]!);
    // To the right, at half the radius (half the share of the outer ring).
    expect(east.every(([x]) => Math.abs(x - 30) < 1.5)).toBe(true);
  });

  it('draws the rings, the axes, one wedge per sector with hours and the compass letters', () => {
    const calls: Record<string, unknown[][]> = {};
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        (calls[name] ??= []).push(args);
    const page = { drawCircle: record('circle'), drawLine: record('line'), drawSvgPath: record('path'), drawText: record('text') } as unknown as PDFPage;
    const font = { widthOfTextAtSize: (text: string, size: number) => text.length * size * 0.5 } as unknown as PDFFont;
    const shares = [0.12, 0.05, 0.04, 0.03, 0.06, 0.05, 0.07, 0.06, 0.08, 0.07, 0.09, 0.05, 0.04, 0.03, 0.02, 0],
      calm = 0.14;
    drawWindRose(page, font, 300, 400, 60, { shares, calm, hours: 8760 });
    expect(calls.path).toHaveLength(15);
    expect(calls.line).toHaveLength(2);
    // Rings every 2.5 % up to 12.5 %, each labelled.
    expect(calls.circle).toHaveLength(5);
    const texts = calls.text!.map((c) => c[0]);
    expect(texts).toEqual(expect.arrayContaining(['2.5 %', '12.5 %', 'N', 'E', 'S', 'W']));
  });
});
