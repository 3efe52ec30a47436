/**
 * The register of measured data the solver is judged on, and whether each set has ever been used
 * to choose anything (a closure, a constant, a grid): a score on data that chose the model
 * flatters it, so the report prints this next to every score. Keep it true: when a set is used to
 * choose something, change its entry here in the same commit, and say what it chose.
 */

export type DatasetUse = 'used to choose something' | 'never used to choose anything';

export interface Dataset {
  id: string;
  /** File in engine/cfd/validation/data/. */
  file: string;
  points: number;
  what: string;
  use: DatasetUse;
  /** What it chose, or how it has been kept apart. */
  note: string;
}

export const DATASETS: readonly Dataset[] = [
  {
    id: 'given-stations',
    file: 'measured-profiles.csv',
    points: 30,
    what: 'AIJ A vertical stations x/b = −0.75, 0.75, 3.25 on y/b = 0 (U, V, W, σ, k)',
    use: 'used to choose something',
    note: 'the mixing-length closure of ADR 11 was chosen on these 30 points, and the transported-k closure kept over it on the checks that include them (docs/cfd-validation.md, "What was tried")',
  },
  {
    id: 'more-stations',
    file: 'vertical-stations-more.csv',
    points: 36,
    what: 'AIJ A vertical stations x/b = −0.5, −0.25, 0, 0.5 (above the roof), 1.25, 2.0 on y/b = 0 (U, V, W, σ, k)',
    use: 'used to choose something',
    note: 'never used until the transported-k closure was kept over the mixing length on the checks over all 66 vertical points, these 36 included (docs/cfd-validation.md, "What was tried"); on the same vertical plane as the given stations',
  },
  {
    id: 'pedestrian-plane',
    file: 'horizontal-plane-z0125.csv',
    points: 60,
    what: 'AIJ A pedestrian plane z/b = 0.125 (U, V, W; Meng & Hibi 1998)',
    use: 'used to choose something',
    note: 'its misses (every far-field point 20–30 % slow) chose what to work on first: the near-ground approach flow; the fixes were then judged on the empty domains, not on these points; its checks were among those the transported-k closure was kept on',
  },
  {
    id: 'plane-z125',
    file: 'horizontal-plane-z125.csv',
    points: 60,
    what: 'AIJ A horizontal plane z/b = 1.25 (U, V, W; Meng & Hibi 1998)',
    use: 'never used to choose anything',
    note: 'scored from the first report of cfd:validate on; in no check: its scores were printed beside the others but did not enter the choice of the closure',
  },
];
