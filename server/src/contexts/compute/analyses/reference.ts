/**
 * Reference data the analyses publish: criteria with their recipe defaults, and colour legends.
 * Pure lookups over engine data; the routes add HTTP.
 */
import { recipeDefaults, type Criterion, type RecipeDefaults } from '@canopy/engine/wind/criteria.ts';
import { LEGENDS, type Legend } from '@canopy/engine/analyses/legends.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

export type CriteriaType = 'comfort' | 'safety';

/**
 * A criterion's defaults for a new scenario. 'safety' keeps only what safety needs: safety limits
 * are annual rates, so the whole year and day, and only the safety thresholds.
 */
export function criterionRecipeDefaults(
  criterion: Criterion,
  pathId: string,
  body: { criteria_id?: string; criteria_type?: CriteriaType; hemisphere?: 'north' | 'south' },
): RecipeDefaults & { criteria_id: string; criteria_type: CriteriaType } {
  if (body.criteria_id !== undefined && body.criteria_id !== pathId) {
    throw DomainError.field('criteria_id', `Does not match the criterion in the path ("${pathId}").`);
  }
  const type = body.criteria_type ?? 'comfort';
  const defaults = recipeDefaults(criterion, { hemisphere: body.hemisphere ?? 'north' });
  if (type === 'safety') {
    if (criterion.safety.length === 0) throw DomainError.field('criteria_type', `${criterion.name} has no safety limits.`);
    return {
      ...defaults,
      seasons: defaults.seasons.filter((s) => s.id === 'annual'),
      timeWindows: defaults.timeWindows.filter((w) => w.id === 'all-day'),
      thresholdsMs: criterion.safety.map((s) => s.thresholdMs),
      criteria_id: pathId,
      criteria_type: type,
    };
  }
  return { ...defaults, criteria_id: pathId, criteria_type: type };
}

/** One legend by name (and version; latest when absent), or 404. */
export function findColorLegend(name: string, version?: string): Legend {
  const candidates = LEGENDS.filter((l) => l.name === name && (version === undefined || l.version === version));
  const latest = candidates.sort((a, b) => Number(b.version) - Number(a.version))[0];
  if (!latest) throw DomainError.notFound();
  return latest;
}

export function listColorLegends(): readonly Legend[] {
  return LEGENDS;
}
