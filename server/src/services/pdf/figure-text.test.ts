import { describe, expect, it } from 'vitest';
import { cleanCaption, pinValue, readableLegend } from './figure-text.ts';
import type { Pin } from '@canopy/contract/insights.ts';

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
});
