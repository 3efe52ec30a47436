/** Test fixtures for the scenario wizard: a project's options and a complete, valid form. */
import { emptyValues } from './scenario-inputs.ts';
import type { CostBreakdown, GeometryFinding, ParameterSet, ValidationReport, WizardOptions, WizardValues } from './scenario-wizard.types.ts';
import type { Capability } from './scenario-offer.ts';
import type { CfdEstimateResponse } from './cfd-estimate.machine.ts';

export const pressureSet: ParameterSet = {
  id: 31,
  project_id: 7,
  name: 'Cladding defaults',
  analysis_type: 'pressure',
  values: { wind_directions: 36, return_periods: [10, 50], reference_height_m: 120, internal_pressure_coefficient: -0.3 },
  created_by: 1,
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
};

/** Solar and thermal comfort by Canopy at both levels; the wind analyses from a provider. */
export const fullOffer: Capability[] = [
  ...(['AI', 'CFD'] as const).flatMap((engine) => [
    {
      analysis_type: 'solar' as const,
      engine,
      computed_by: 'canopy' as const,
      provider: 'Canopy',
      method: 'Sun position and ray casting over the scenario geometry',
    },
    {
      analysis_type: 'thermal_comfort' as const,
      engine,
      computed_by: 'canopy' as const,
      provider: 'Canopy',
      method: 'UTCI / SET* from the weather file with sun and shade on the plane',
    },
  ]),
  ...(['pedestrian_wind_comfort', 'directional_wind', 'pressure', 'structural_loading'] as const).flatMap((analysis_type) =>
    (['AI', 'CFD'] as const).map((engine) => ({
      analysis_type,
      engine,
      computed_by: 'external' as const,
      provider: 'Wind lab',
      method: 'Results from Wind lab, delivered when ready',
    })),
  ),
];

/** An installation with no provider: only what Canopy computes. */
export const canopyOnlyOffer: Capability[] = fullOffer.filter((c) => c.computed_by === 'canopy');

export const options: WizardOptions = {
  metSources: [{ id: 5, name: 'Chicago Ohare Intl Ap' }],
  parameterSets: [pressureSet],
  capabilities: fullOffer,
};

/** Every analysis chosen, so every input is needed, and every input valid. */
export function validValues(): WizardValues {
  return {
    ...emptyValues(),
    name: 'Podium option B',
    engine: 'CFD',
    analyses: [
      { analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] },
      { analysis_type: 'solar', metrics: ['sunlit_share', 'sun_hours'] },
      { analysis_type: 'pressure', metrics: ['peak_pressure'] },
      { analysis_type: 'structural_loading', metrics: ['base_moments'] },
      { analysis_type: 'directional_wind', metrics: ['speed_ratio'] },
      { analysis_type: 'thermal_comfort', metrics: ['UTCI'] },
    ],
    geometry: {
      ...emptyValues().geometry,
      study: [{ upload_id: 1, filename: 'tower.stl', size: 684 }],
      ground: [{ upload_id: 2, filename: 'ground.stl', size: 284 }],
      presentation_planes: [{ upload_id: 3, filename: 'plane.stl', size: 184 }],
    },
    metSourceId: 5,
    seasons: ['summer', 'winter'],
    times: '08:00-12:00, 14:00-18:00',
    windDirections: '16',
    returnPeriods: { pressure: '10, 50', structural_loading: '50', directional_wind: '1, 10' },
    singleDate: '2026-06-21',
    singleDayHours: '06:00-20:00',
    minutesInterval: '15',
    structuralOrigin: { x: '0', y: '0', z: '0' },
    frontalAreas: { x: '1200', y: '900.5' },
    referenceHeight: '10',
    internalPressure: '-0.2',
    parameterSets: { pressure: 31 },
    termsAccepted: true,
  };
}

const finding = (severity: GeometryFinding['severity'], role: GeometryFinding['role'], message: string, fix: string): GeometryFinding => ({
  id: `${severity}-${role}`,
  severity,
  code: severity === 'error' ? 'open_edges' : 'suspicious_units',
  message,
  suggested_fix: fix,
  triangles: [4, 5],
  edges: [],
  location: null,
  role,
  asset: `${role}.stl`,
  upload_id: 1,
  count: 2,
  related: null,
  details: {},
});

export const passedReport: ValidationReport = {
  id: 3,
  state: 'passed',
  findings: [finding('warning', 'surrounds', 'The surrounds are 3 km wide.', 'Check that the model is in metres.')],
  error: null,
};

export const failedReport: ValidationReport = {
  id: 3,
  state: 'failed',
  findings: [finding('error', 'study', 'The study geometry has a 1.0 m wide hole.', 'Close the hole and upload the file again.')],
  error: null,
};

export const runningReport: ValidationReport = { id: 3, state: 'running', findings: [], error: null };
export const erroredReport: ValidationReport = { id: 3, state: 'error', findings: [], error: 'The validation job failed.' };

export const enoughCredit: CostBreakdown = {
  configuration_id: 9,
  credit_type: 'CFD',
  lines: [
    {
      simulation_id: 11,
      analysis_type: 'pedestrian_wind_comfort',
      unit_credits: 10,
      wind_directions: 16,
      direction_factor: 1,
      seasons: 2,
      credits: 20,
      description: 'Pedestrian wind comfort: 10 credits × 1 × 2 seasons',
      computed_by: 'external',
      provider: 'Gust ML',
    },
    {
      simulation_id: 12,
      analysis_type: 'solar',
      unit_credits: 4,
      wind_directions: 16,
      direction_factor: 1,
      seasons: 1,
      credits: 4,
      description: 'Solar: 4 credits',
      computed_by: 'canopy',
      provider: 'Canopy',
    },
  ],
  total_credits: 24,
  credits_now: 4,
  credits_reserved: 20,
  subscription: { id: 2, plan: 'Gold', credit_type: 'CFD', credits_left: 100 },
  sufficient: true,
  blocked_reason: null,
  already_approved: false,
};

export const tooLittleCredit: CostBreakdown = {
  ...enoughCredit,
  subscription: { id: 2, plan: 'Gold', credit_type: 'CFD', credits_left: 4 },
  sufficient: false,
  blocked_reason: 'Not enough credits: this scenario needs 24 CFD credits and your subscription has 4 left.',
};

/** Pedestrian wind comfort and directional wind computed by Canopy's CFD at the CFD level. */
export const canopyCfdOffer: Capability[] = [
  ...canopyOnlyOffer,
  ...(['pedestrian_wind_comfort', 'directional_wind'] as const).map((analysis_type) => ({
    analysis_type,
    engine: 'CFD' as const,
    computed_by: 'canopy' as const,
    provider: 'Canopy',
    method: "Canopy's CFD (lattice Boltzmann, RANS-like mixing-length closure: the mean wind) per wind direction",
  })),
];

/** What POST cfd-estimate/ answers for a small district at a tier and number of directions. */
export function cfdEstimate(tier: 'rapid' | 'detailed', directions: number): CfdEstimateResponse {
  const detailed = tier === 'detailed';
  const perDirection = detailed ? 9.6 : 1.2;
  return {
    tier,
    tier_label: detailed ? 'Detailed (2 m)' : 'Rapid (4 m)',
    finest_cell_m: detailed ? 2 : 4,
    cells: detailed ? 4_200_000 : 530_000,
    memory_bytes: detailed ? 1_900_000_000 : 240_000_000,
    levels: [{ dx_m: detailed ? 2 : 4, nx: 100, ny: 100, nz: 40, origin_m: detailed ? [-60, -100, 0] : [-120, -200, 0] }],
    region: { centre: [0, 0], radius_m: 60, context_radius_m: 180, tallest_building_m: 30 },
    wind_directions: directions,
    steps_per_direction: 3000,
    lattice_updates_per_direction: 1.6e9,
    lattice_updates_total: 1.6e9 * directions,
    throughput_mlups: 7.5,
    throughput_source: 'default',
    threads: 2,
    directions_at_once: 1,
    minutes_per_direction: perDirection,
    minutes_total: Math.round(perDirection * directions * 10) / 10,
    compute_factor: detailed ? 3 : 1,
    shortened_schedule: false,
    limits: { max_cells: 12_000_000, max_memory_bytes: 4 * 1024 ** 3 },
    credit_type: 'CFD',
    unit_credits: 10,
    seasons: 1,
    credits: detailed ? 30 : 10,
  };
}

/** The grid refusal the estimate route answers for a tier too fine for the geometry (400 on cfd_tier). */
export const tooLargeForDetailed = {
  kind: 'http' as const,
  status: 400,
  detail: null,
  fields: {
    cfd_tier: [
      'The grid for the detailed tier would need 14,800,000 cells (limit 12,000,000) and 6.6 GB of memory (limit 4.0 GB). Choose the rapid tier (4 m cells): fewer or smaller study files, a smaller presentation plane, or a smaller pedestrian_plane.margin_m.',
    ],
  },
  body: null,
};
