/**
 * GET /api/wind-profiles/ (SPEC §7, study_type filter): the terrain categories of
 * engine/wind/profile.ts with their roughness length, power-law exponent and boundary-layer height,
 * and the profile curve the scenario wizard plots.
 *
 * `speed_ratio` is the power law relative to the met station (open country at 10 m, ASHRAE
 * Fundamentals 2009 ch. 24 eq. 4); `log_law_ratio` is U(z)/U(10 m) within the terrain by the log law
 * (Wieringa 1993), undefined at or below z0. The study type chooses the heights the curve covers:
 * pedestrian and thermal studies care about the first 100 m, structural and cladding studies about
 * the whole boundary layer.
 */
import { DomainError } from '../../../kernel/domain-errors.ts';
import { STUDY_TYPE_VALUES, type WindProfile } from '@canopy/contract/weather.ts';
import { MET_STATION_HEIGHT_M, MET_STATION_TERRAIN, TERRAINS, logLawSpeed, profileCurve, type TerrainId } from '@canopy/engine/wind/profile.ts';

type StudyType = (typeof STUDY_TYPE_VALUES)[number];

const PEDESTRIAN_HEIGHTS = [1.5, 2, 5, 10, 15, 20, 30, 50, 75, 100];
const FULL_HEIGHTS = [1.5, 2, 5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500];

const HEIGHTS: Record<StudyType, number[]> = {
  'pedestrian-wind-comfort': PEDESTRIAN_HEIGHTS,
  'thermal-comfort': PEDESTRIAN_HEIGHTS,
  'directional-wind': FULL_HEIGHTS.filter((z) => z <= 300),
  'structural-loading': FULL_HEIGHTS,
  'cladding-pressure': FULL_HEIGHTS,
};

function isStudyType(value: string): value is StudyType {
  return (STUDY_TYPE_VALUES as readonly string[]).includes(value);
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function windProfiles(studyType: string | undefined): WindProfile[] {
  if (studyType !== undefined && studyType !== '' && !isStudyType(studyType)) {
    throw DomainError.field('study_type', `"${studyType}" is not a valid choice.`);
  }
  const heights = studyType ? HEIGHTS[studyType as StudyType] : FULL_HEIGHTS;
  return (Object.keys(TERRAINS) as TerrainId[]).map((id) => {
    const terrain = TERRAINS[id];
    const curve = profileCurve(id, heights);
    return {
      id: terrain.id,
      name: terrain.name,
      description: terrain.description,
      roughness_length_m: terrain.roughnessLengthM,
      exponent: terrain.exponent,
      boundary_layer_height_m: terrain.boundaryLayerHeightM,
      study_types: [...STUDY_TYPE_VALUES],
      reference: { met_terrain: MET_STATION_TERRAIN, met_height_m: MET_STATION_HEIGHT_M },
      curve: heights.map((z, i) => ({
        height_m: z,
        speed_ratio: round(curve.speedsMs[i]!),
        log_law_ratio: z > terrain.roughnessLengthM ? round(logLawSpeed(1, 10, z, terrain.roughnessLengthM)) : null,
      })),
    };
  });
}
