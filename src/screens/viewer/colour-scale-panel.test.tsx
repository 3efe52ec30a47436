/** The colour scale's range fields (Minimum and Maximum were once misaligned) and a CFD layer's method, by role and text. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColourScalePanel } from './colour-scale-panel.tsx';
import { methodNotesOf } from './method-notes.ts';

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

describe('how a layer of Canopy’s CFD was computed', () => {
  // The asset row as the server writes it for a CFD direction: the method at the top, the run's
  // manifest summary (with what it validated) under the provenance.
  const cfdAsset = {
    metadata: {
      method: 'lattice Boltzmann (D3Q19, regularised BGK) with a RANS one-equation k–ℓ turbulence closure (transported k)',
      provenance: {
        engine: 'canopy-cfd',
        manifest: {
          method: {
            name: 'lattice Boltzmann …',
            quantities: [
              { quantity: 'speed ratio (mean wind speed)', status: 'validated', why: 'against AIJ Case A; known limits, both on the calm side' },
              { quantity: 'turbulence intensity', status: 'indicative', why: 'from the transported k' },
              { quantity: 'not a quantity', status: 'unknown', why: 3 },
            ],
          },
        },
      },
    },
  };

  it('folds the method and each quantity’s standing under one line of the panel, opened with the keyboard', async () => {
    render(
      <ColourScalePanel
        id="c"
        scale={scale}
        title="Wind speed-up ratio"
        settings={settings}
        onRange={vi.fn()}
        onPalette={vi.fn()}
        onReset={vi.fn()}
        method={methodNotesOf(cfdAsset)}
      />,
    );
    const summary = screen.getByText('How this layer was computed');
    expect(summary.tagName).toBe('SUMMARY');
    await userEvent.setup().click(summary);
    expect(screen.getByText(/^lattice Boltzmann \(D3Q19, regularised BGK\) with a RANS one-equation k–ℓ/)).toBeVisible();
    const list = screen.getByRole('list', { name: 'What is validated' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Speed ratio (mean wind speed): validated — against AIJ Case A; known limits, both on the calm side',
      'Turbulence intensity: indicative — from the transported k',
    ]);
  });

  it('says nothing for a layer whose metadata names no method, and names the wind’s source for a comfort map counted from it', () => {
    expect(methodNotesOf({ metadata: { provenance: { engine: 'canopy' } } })).toBeNull();
    expect(methodNotesOf(null)).toBeNull();
    expect(methodNotesOf({ metadata: { provenance: { windSource: 'canopy-cfd (canopy-lbm 1.1 (RANS one-equation k–ℓ closure))' } } })).toEqual({
      method: "counted from the wind of Canopy's CFD: canopy-cfd (canopy-lbm 1.1 (RANS one-equation k–ℓ closure))",
      quantities: [],
    });
    const windMethod = { name: 'lattice Boltzmann …', quantities: [{ quantity: 'gust equivalent mean (GEM)', status: 'indicative', why: 'built on σ' }] };
    expect(methodNotesOf({ metadata: { provenance: { windSource: 'canopy-cfd (canopy-lbm 1.1)', windMethod } } })?.quantities).toEqual(windMethod.quantities);
    render(<ColourScalePanel id="c" scale={scale} title="Wind comfort" settings={settings} onRange={vi.fn()} onPalette={vi.fn()} onReset={vi.fn()} />);
    expect(screen.queryByText('How this layer was computed')).not.toBeInTheDocument();
  });
});
