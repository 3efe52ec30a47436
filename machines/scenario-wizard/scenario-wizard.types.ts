/**
 * The scenario wizard's vocabulary (SPEC §2 scenario modals and wizard, §5 form invalid
 * flags). Form values are kept as the user typed them (text for numbers), so going back and
 * forth never loses a half-typed value; src/api/scenarios.ts turns them into the server's payload.
 */
import type { AnalysisType, ParameterSet } from '@canopy/contract/parameter-sets.ts';
import type { CostBreakdown, GeometryFinding, ScenarioStatus } from '@canopy/contract/scenarios.ts';
import type { Capability } from '@canopy/contract/capabilities.ts';
import type { AccountOption } from './approval-outlook.ts';

export type { AnalysisType, CostBreakdown, GeometryFinding, ParameterSet, ScenarioStatus };

export type Engine = 'AI' | 'CFD';
export type CfdTier = 'rapid' | 'detailed';
/** approve: an existing scenario awaiting approval opens at its cost (its steps stay reachable from the step chips). */
export type WizardMode = 'create' | 'edit' | 'append' | 'duplicate' | 'approve';

export const GEOMETRY_ROLES = ['ground', 'study', 'surrounds', 'presentation_planes', 'landscaping', 'mitigations'] as const;
export type GeometryRole = (typeof GEOMETRY_ROLES)[number];

export const SEASONS = ['annual', 'winter', 'spring', 'summer', 'autumn'] as const;
export type Season = (typeof SEASONS)[number];

/** The steps a user fills in, in order; the server steps (validation, cost, submit) follow. */
export const FORM_STEPS = ['basics', 'analyses', 'geometry', 'weather', 'parameters', 'terms'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

/** A stored upload attached to a geometry role. */
export interface GeometryFile {
  upload_id: number;
  filename: string;
  size: number;
}

export interface AnalysisChoice {
  analysis_type: AnalysisType;
  metrics: string[];
}

export interface WizardValues {
  name: string;
  engine: Engine | null;
  analyses: AnalysisChoice[];
  geometry: Record<GeometryRole, GeometryFile[]>;
  /** Use the project's surroundings (OpenStreetMap buildings) when no surrounds file is uploaded. */
  projectSurrounds: boolean;
  /** Generate a pedestrian plane when no presentation plane is uploaded (numbers as typed). */
  pedestrianPlane: PedestrianPlaneValues;
  /** A met source of the project; 'nearest' lets the server take the library station nearest the project; null: not chosen. */
  metSourceId: number | 'nearest' | null;
  seasons: Season[];
  /** One or more HH:MM-HH:MM windows, separated by commas. */
  times: string;
  /** How many wind directions (sectors) are simulated. */
  windDirections: string;
  /** Canopy's CFD wind: the resolution tier (rapid: 4 m cells near the ground; detailed: 2 m). */
  cfdTier: CfdTier;
  /**
   * The terrain upwind of the site (a GET /api/wind-profiles/ id): the approach wind of the CFD and
   * the met-wind correction of thermal comfort. Absent: the server's default (suburban).
   */
  terrain?: string;
  /** Comma-separated return periods (years), per criterion (analysis type rated against them). */
  returnPeriods: Partial<Record<AnalysisType, string>>;
  /** YYYY-MM-DD, for sun hours. */
  singleDate: string;
  /** The hours of the single day, HH:MM-HH:MM. */
  singleDayHours: string;
  minutesInterval: string;
  structuralOrigin: { x: string; y: string; z: string };
  /** Frontal areas (m²) facing the X and Y axes. */
  frontalAreas: { x: string; y: string };
  referenceHeight: string;
  internalPressure: string;
  parameterSets: Partial<Record<AnalysisType, number | null>>;
  termsAccepted: boolean;
}

export interface PedestrianPlaneValues {
  generate: boolean;
  heightM: string;
  spacingM: string;
  marginM: string;
}

/** Every invalid flag the form can raise (docs/scenario-inputs.md lists bound and message). */
export type FlagName =
  | 'name'
  | 'engine'
  | 'analyses'
  | 'filename'
  | 'uploader'
  | 'pedestrianPlane'
  | 'weather'
  | 'seasons'
  | 'times'
  | 'winds'
  | `returnPeriods.${AnalysisType}`
  | 'singleDate'
  | 'singleDayHours'
  | 'minutesInterval'
  | 'structuralOrigin'
  | 'frontalAreas'
  | 'referenceHeight'
  | 'internalPressure'
  | 'parameterSets'
  | 'simulationParameters'
  | 'terms';

export type Flags = Partial<Record<FlagName, string>>;

/** What the wizard needs from the project before it starts. */
export interface MetSourceOption {
  id: number;
  name: string;
}

export interface WizardOptions {
  metSources: MetSourceOption[];
  parameterSets: ParameterSet[];
  /** What runs on this installation, per analysis and job level (scenario-offer.ts). */
  capabilities: Capability[];
  /** The project's surroundings from OpenStreetMap (Resources), or null when it has none. */
  surrounds?: ProjectSurroundsOption | null;
  /**
   * The comfort criteria the server offers (GET /api/criteria/), in its order: pedestrian wind
   * comfort's metric choices. Absent or empty: the built-in list (METRICS).
   */
  criteria?: CriterionOption[];
  /** The terrains upwind (GET /api/wind-profiles/), in the server's order; absent: no choice shown. */
  windProfiles?: WindProfileOption[];
  /** The user's subscription and right to assign one (approval-outlook.ts); absent: not known, nothing is foretold. */
  account?: AccountOption;
  /** Which analyses have a price at which level (GET company/simulation-prices/); absent: not known. */
  prices?: PriceOption[];
}

/** An analysis priced for a level's credits. */
export interface PriceOption {
  analysisType: string;
  creditType: Engine;
}

/** A terrain the server describes (GET /api/wind-profiles/). */
export interface WindProfileOption {
  id: string;
  name: string;
  description: string;
}

export interface CriterionOption {
  id: string;
  name: string;
}

export interface ProjectSurroundsOption {
  buildingCount: number;
  /** ISO time they were generated. */
  createdAt: string;
}

/** An existing scenario, read for edit, append and duplicate. */
export interface ExistingScenario {
  id: number;
  study_id: number;
  name: string;
  status: string;
  values: WizardValues;
  /** Its simulations (the validation run names the first); absent in older fakes. */
  simulation_ids?: number[];
  /** Its latest geometry validation, read to open an approval at the cost; absent: none or not read. */
  validation?: ValidationReport | null;
}

export interface SavedScenario {
  id: number;
  study_id: number;
  simulation_ids: number[];
  engine: Engine;
}

export interface ValidationReport {
  id: number;
  /**
   * pending/running while the job works; passed or failed by the findings; error when the run
   * failed without a finding to show (unreadable files, a crashed job).
   */
  state: 'pending' | 'running' | 'passed' | 'failed' | 'error';
  findings: GeometryFinding[];
  error: string | null;
  /** The user acknowledged the warnings (PATCH geometry-validation/{id}/); absent in older fakes: not yet. */
  warningsAcknowledged?: boolean;
}

export interface SubmitResult {
  status: ScenarioStatus;
  creditsDebited: number;
  /** Held until external results arrive (then debited), returned if cancelled; absent: none. */
  creditsReserved?: number;
  creditsLeft: number;
}

export interface ScenarioRef {
  projectId: number;
  studyId: number;
  configurationId: number;
}
