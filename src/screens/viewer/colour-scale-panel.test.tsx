/** The colour scale's range fields (Minimum and Maximum were once misaligned), by role and text. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ColourScalePanel } from './colour-scale-panel.tsx';

const scale = { min: 0, max: 2, colours: ['#ffffcc', '#253494'], discrete: false, unit: '' };
const settings = { min: null, max: null, palette: 'legend' as const };

describe('colour scale range', () => {
  it('puts Minimum and Maximum side by side the same way: each label above its input, the inputs alike, Apply in the same row', () => {
    render(<ColourScalePanel id="c" scale={scale} title="Wind speed-up ratio" settings={settings} onRange={vi.fn()} onPalette={vi.fn()} onReset={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Colour scale' });
    const min = within(panel).getByRole('textbox', { name: 'Minimum' });
    const max = within(panel).getByRole('textbox', { name: 'Maximum' });
    expect(min).toHaveValue('0');
    expect(max).toHaveValue('2');
    // the same field layout for both: a label (not wrapping the input) then the input, in one container
    for (const [inputEl, text] of [
      [min, 'Minimum'],
      [max, 'Maximum'],
    ] as const) {
      const fieldEl = inputEl.parentElement!;
      expect(fieldEl.firstElementChild).toHaveTextContent(text);
      expect(fieldEl.firstElementChild!.tagName).toBe('LABEL');
      expect(fieldEl.lastElementChild).toBe(inputEl);
    }
    expect(min.className).toBe(max.className);
    expect(min.parentElement!.className).toBe(max.parentElement!.className);
    const form = min.closest('form')!;
    expect(form).toBe(max.closest('form'));
    expect(within(form).getByRole('button', { name: 'Apply range' })).toBeInTheDocument();
    expect([...form.children].map((c) => c.tagName)).toEqual(['DIV', 'DIV', 'BUTTON']);
  });
});
