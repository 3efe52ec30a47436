/**
 * What Canopy's wind solver is, named truthfully wherever a result is shown (the wizard, the
 * manifest, the QA report, the layers' field descriptions), and which of its quantities have been
 * validated against measurements and which are indicative, with the reason.
 *
 * The method (ADR 11): a lattice Boltzmann scheme solving for the mean wind with an algebraic,
 * RANS-like turbulence closure (Prandtl's mixing length from the nearest wall). It is not a
 * large-eddy simulation: the inflow carries no resolved turbulence and the closure models all of
 * it, so the mean speed is what the method is built and validated for (docs/cfd-validation.md),
 * while turbulence intensity and gusts rest on the modelled k.
 */

export const METHOD_NAME = 'lattice Boltzmann (D3Q19, regularised BGK) with a RANS-like mixing-length turbulence closure';

/** For a line of text: the wizard's method and the QA report. */
export const METHOD_SHORT = 'lattice Boltzmann, RANS-like mixing-length closure';

export interface QuantityStatus {
  quantity: string;
  status: 'validated' | 'indicative';
  why: string;
}

export const QUANTITY_STATUS: readonly QuantityStatus[] = [
  {
    quantity: 'speed ratio (mean wind speed)',
    status: 'validated',
    why: 'against AIJ Case A (vertical stations and the pedestrian plane) and the empty-domain log law; scores in docs/cfd-validation.md',
  },
  {
    quantity: 'turbulence intensity',
    status: 'indicative',
    why: 'from the closure’s modelled k plus resolved fluctuations; against AIJ Case A’s measured k it misses the factor-of-two target at most points and is a fraction of the measured k in building wakes, so it is likely too low there',
  },
  {
    quantity: 'gust equivalent mean (GEM)',
    status: 'indicative',
    why: 'built on the same σ as the turbulence intensity ((U + 3.5σ)/1.85), so it inherits its underestimate behind buildings',
  },
];

export const INDICATIVE_NOTE = `indicative, not validated: ${QUANTITY_STATUS.filter((q) => q.status === 'indicative')
  .map((q) => q.quantity)
  .join(' and ')} rest on the closure's modelled k (docs/cfd-validation.md)`;
