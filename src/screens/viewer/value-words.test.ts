/** Values in words: a category map's class by name (not "2.00 class"), numbers with their unit, points in metres. */
import { describe, expect, it } from 'vitest';
import type { ColourScale } from '../../viewer/contracts.ts';
import { className, pointInWords, valueInWords } from './value-words.ts';

// Lawson LDDC's classes 1–5 as scene-layers.ts draws them: one per step from 0.5 to 5.5.
const lawson: ColourScale = {
  min: 0.5,
  max: 5.5,
  colours: ['#1', '#2', '#3', '#4', '#5'],
  discrete: true,
  classLabels: ['Sitting', 'Standing', 'Strolling', 'Walking', 'Uncomfortable'],
};

describe('values in words', () => {
  it('names the class under a category map’s value, as the scene colours it', () => {
    expect(valueInWords(2, lawson, 'class')).toBe('Standing');
    expect(valueInWords(2.49, lawson, 'class')).toBe('Standing');
    expect(valueInWords(5, lawson)).toBe('Uncomfortable');
    // Off the scale: the nearest end class.
    expect(className(0, lawson)).toBe('Sitting');
    expect(className(9, lawson)).toBe('Uncomfortable');
  });

  it('gives a number its unit, and never "class" as one', () => {
    expect(valueInWords(4.25, { ...lawson, discrete: false }, 'm/s')).toBe('4.25 m/s');
    expect(valueInWords(2, null, 'class')).toBe('2');
    expect(valueInWords(1234.56, null, 'h')).toBe('1234.6 h');
  });

  it('names each coordinate of a point, in metres', () => {
    expect(pointInWords([12, 8.04, 1.5])).toBe('x 12.0 m, y 8.0 m, z 1.5 m');
  });
});
