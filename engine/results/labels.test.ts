import { describe, expect, it } from 'vitest';
import { analysisLabel, formatValue, layerLabel, metricLabel, resultAnalysisLabel, resultLayerName, statusLabel, withUnit } from './labels.ts';

describe('the label table', () => {
  it('names layers by their legend, with units', () => {
    expect(layerLabel('utci-pct-comfortable')).toEqual({ title: 'Time thermally comfortable (9 < UTCI ≤ 26 °C)', unit: '%' });
    expect(layerLabel('sun-hours')).toEqual({ title: 'Clear-sky sun hours', unit: 'h' });
    expect(layerLabel('wind-comfort-lawson-lddc')).toEqual({ title: 'Wind comfort — Lawson LDDC (City of London)', unit: '' });
    expect(layerLabel('comfort-class')).toEqual({ title: 'Wind comfort class', unit: '' });
    expect(layerLabel('mystery-field', 'kPa')).toEqual({ title: 'Mystery field', unit: 'kPa' });
    expect(withUnit('Sun-lit time', '%')).toBe('Sun-lit time (%)');
    expect(withUnit('Speed ratio', '')).toBe('Speed ratio');
  });

  it('names a saved difference map for the metric it compares, B − A, in that metric’s units', () => {
    expect(layerLabel('pct-sunlit-difference')).toEqual({ title: 'Sun-lit time difference (B − A)', unit: '%' });
    expect(layerLabel('comfort-class-difference')).toEqual({ title: 'Wind comfort class difference (B − A)', unit: '' });
    expect(layerLabel('mystery-field-difference', 'kPa')).toEqual({ title: 'Mystery field difference (B − A)', unit: 'kPa' });
    expect(resultLayerName('solar-sunlit', 'pct-sunlit-difference')).toBe('Solar — sun-lit time difference (B − A)');
    // a key that is only the word keeps its plain reading
    expect(layerLabel('-difference').title).toBe('Difference');
  });

  it('names metrics, analyses and statuses without raw ids', () => {
    expect(metricLabel('lawson-lddc')).toBe('Lawson LDDC (City of London) criterion');
    expect(metricLabel('sunlit_share')).toBe('Share of hours in sun (per season and time window)');
    expect(metricLabel('gust_speed_ratio')).toBe('Gust wind speed ratio');
    expect(metricLabel('SET*')).toMatch(/mapped as SPMV\*/);
    expect(analysisLabel('thermal_comfort')).toBe('Thermal comfort');
    expect(resultAnalysisLabel('solar-sunlit')).toBe('Solar — sun-lit time');
    expect(statusLabel('awaiting_external_results')).toBe('Waiting for external results');
    expect(statusLabel('something_new')).toBe('Something new');
    // a key no table knows keeps the abbreviations a reader knows in capitals
    expect(analysisLabel('external-cfd')).toBe('External CFD');
    expect(layerLabel('utci-pct-mystery').title).toBe('UTCI pct mystery');
    expect(analysisLabel('set_aside')).toBe('Set aside');
  });

  it('names a result layer by its analysis and metric, without repeating itself or showing an id', () => {
    expect(resultLayerName('solar-sunlit', 'pct-sunlit')).toBe('Solar — sun-lit time');
    expect(resultLayerName('solar-sun-hours', 'sun-hours')).toBe('Solar — clear-sky sun hours');
    expect(resultLayerName('wind-comfort', 'wind-comfort-lawson-lddc')).toBe('Pedestrian wind comfort — Lawson LDDC (City of London)');
    expect(resultLayerName('wind-comfort', 'comfort-class')).toBe('Pedestrian wind comfort — wind comfort class');
    expect(resultLayerName('thermal-comfort', 'utci-pct-hot')).toBe('Thermal comfort — time with heat stress (UTCI > 26 °C)');
    expect(resultLayerName('solar', null)).toBe('Solar');
    expect(resultLayerName(null, 'pct-sunlit')).toBe('Sun-lit time');
    for (const name of [resultLayerName('solar-sunlit', 'pct-sunlit'), resultLayerName('thermal-comfort', 'utci-pct-comfortable')]) {
      expect(name).not.toMatch(/\[|solar-sunlit|pct-sunlit|utci-pct/);
    }
  });

  it('formats numbers to three significant digits', () => {
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(12.345678901234567)).toBe('12.3');
    expect(formatValue(1234.5)).toBe('1235');
    expect(formatValue(-0.000123456)).toBe('-0.000123');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(100)).toBe('100');
    expect(formatValue(99.96)).toBe('100');
    expect(formatValue(Number.NaN)).toBe('NaN');
  });
});
