/**
 * What Canopy's wind solver is, named truthfully wherever a result is shown (the wizard, the
 * manifest, the QA report, the layers' field descriptions), and which of its quantities have been
 * validated against measurements and which are indicative, with the reason.
 *
 * The method (ADR 11): a lattice Boltzmann scheme solving for the mean wind with a RANS
 * one-equation turbulence closure: the turbulent kinetic energy k is transported by the mean flow
 * (produced with the Kato–Launder limiter, dissipated over the wall-distance length ℓ; Wolfshtein's
 * k–ℓ model, engine/cfd/turbulence). It is not a large-eddy simulation: the inflow carries no
 * resolved turbulence and the closure models all of it, so the mean speed is what the method is
 * built for, and turbulence intensity and gusts rest on the transported k (docs/cfd-validation.md).
 */

export const METHOD_NAME = 'lattice Boltzmann (D3Q19, regularised BGK) with a RANS one-equation k–ℓ turbulence closure (transported k)';

/** For a line of text: the wizard's method and the QA report. */
export const METHOD_SHORT = 'lattice Boltzmann, RANS k–ℓ closure with transported k';

export interface QuantityStatus {
  quantity: string;
  status: 'validated' | 'indicative';
  why: string;
}

export const QUANTITY_STATUS: readonly QuantityStatus[] = [
  {
    quantity: 'speed ratio (mean wind speed)',
    status: 'validated',
    why:
      'against AIJ Case A (pedestrian plane: 82 % of the 60 points within tolerance, r 0.87; vertical stations: 83 % of 66, r 0.98) and the empty-domain log law (within 1 %); ' +
      'known limits, both on the calm side: within a quarter of a building width of a windward corner at pedestrian height the corner stream comes out too slow ' +
      '(0.55 of the approach speed where the tunnel measured 1.27: the corner vortex near the ground is finer than the cells), ' +
      'and the calm zone behind a building reaches 2.01 building widths where the tunnel’s ends at 1.42; scores in docs/cfd-validation.md',
  },
  {
    quantity: 'turbulence intensity',
    status: 'indicative',
    why: 'from the transported k (plus resolved fluctuations): within a factor of two of AIJ Case A’s measured k at 97 % of the 66 vertical-station points, but 0.59–0.69 of the measured k at pedestrian height in the building’s wake (σ about 0.77–0.83 of the real one there), and not yet checked at pedestrian height elsewhere',
  },
  {
    quantity: 'gust equivalent mean (GEM)',
    status: 'indicative',
    why: 'built on the same σ as the turbulence intensity ((U + 3.5σ)/1.85), so it inherits its underestimate at pedestrian height behind buildings',
  },
];

export const INDICATIVE_NOTE = `indicative, not validated: ${QUANTITY_STATUS.filter((q) => q.status === 'indicative')
  .map((q) => q.quantity)
  .join(' and ')} rest on the transported k, not validated at pedestrian height (docs/cfd-validation.md)`;
