/** The layer picker's filter options in words. */
import { describe, expect, it } from 'vitest';
import { filterOptionLabel } from './layer-panel.tsx';

describe('filter options', () => {
  it('names a date as the times name their days, and leaves what is not a date as it came', () => {
    expect(filterOptionLabel('single_date', '2025-06-21')).toBe('21 June 2025');
    expect(filterOptionLabel('single_date', '2025-12-21')).toBe('21 December 2025');
    expect(filterOptionLabel('single_date', 'Solstice')).toBe('Solstice');
    expect(filterOptionLabel('single_date', '2025-13-45')).toBe('2025-13-45');
    expect(filterOptionLabel('wind_direction', '45')).toBe('45°');
    expect(filterOptionLabel('time_filter', '21 June')).toBe('21 June');
  });
});
