import { describe, expect, it } from 'vitest';
import { cleanCaption, pinValue, readableLegend } from './figure-text.ts';
import { pdfFileName, type Pin } from '@canopy/contract/insights.ts';

describe('figure text', () => {
  it('takes a leading "Figure …:" off captions, and nothing else', () => {
    expect(cleanCaption('Figure: Plaza at noon')).toBe('Plaza at noon');
    expect(cleanCaption('Fig. 2 - Plaza')).toBe('Plaza');
    expect(cleanCaption('figure 3: Figure: Plaza')).toBe('Plaza');
    expect(cleanCaption('Figures of merit')).toBe('Figures of merit');
  });

  it('titles a legend stored with its id by the layer name and unit; leaves human titles alone', () => {
    const colours = ['#000000', '#ffffff'];
    expect(readableLegend({ title: 'utci-pct-comfortable', colours, min: 0, max: 100 })).toMatchObject({
      title: 'Time thermally comfortable (9 < UTCI ≤ 26 °C)',
      unit: '%',
    });
    expect(readableLegend({ title: 'Lawson comfort', unit: 'class', colours })).toEqual({ title: 'Lawson comfort', unit: undefined, colours });
  });

  it('prints pin values to three significant digits', () => {
    const pin = { item: { position: [0, 0, 0], value: 6.123456789012345, unit: 'm/s' } } as unknown as Pin;
    expect(pinValue(pin)).toBe(' · value 6.12 m/s');
    expect(pinValue({ item: { position: [0, 0, 0] } } as unknown as Pin)).toBe('');
  });

  it('prints a pin on a category map by its class name: the words the viewer read, else the class from the view’s legend', () => {
    const colours = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'];
    const labels = ['Sitting', 'Standing', 'Strolling', 'Walking', 'Uncomfortable'];
    const legend = { title: 'Wind comfort — Lawson LDDC', colours, class_labels: labels, discrete: true, min: -0.5, max: 4.5 };
    const pin = (item: Record<string, unknown>) => ({ item: { position: [0, 0, 0], ...item } }) as unknown as Pin;
    expect(pinValue(pin({ value: 1, unit: 'class', value_text: 'Standing' }))).toBe(' · Standing');
    expect(pinValue(pin({ value: 1, unit: 'class' }), legend)).toBe(' · Standing');
    expect(pinValue(pin({ value: 4, unit: 'class' }), legend)).toBe(' · Uncomfortable');
    // A number in words is printed as the number it is.
    expect(pinValue(pin({ value: 1.234, unit: 'm/s', value_text: '1.234 m/s' }))).toBe(' · value 1.23 m/s');
  });

  it('names the file after the project and the report, without what file systems refuse', () => {
    expect(pdfFileName('Pedestrian wind report', 'Quay Street')).toBe('Quay Street - Pedestrian wind report.pdf');
    expect(pdfFileName('Comfort: north/east ≤ 4 m/s?', '')).toBe('Comfort north east ≤ 4 m s.pdf');
    expect(pdfFileName('Towers', 'Towers')).toBe('Towers.pdf');
    expect(pdfFileName('  ', null)).toBe('Canopy report.pdf');
  });
});
