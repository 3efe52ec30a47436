/**
 * The metric a saved difference map (B − A) is stored under: the compared metric's name with
 * "-difference" after it. The viewer's save writes it (src/services/difference.ts); the labels and
 * the saved map's legend read the compared metric back from it.
 */
const SUFFIX = '-difference';

export const differenceMetric = (compared: string): string => `${compared}${SUFFIX}`;

/** The metric a difference map compares, or null for a metric that is no difference map's. */
export function comparedMetric(metric: string): string | null {
  return metric.endsWith(SUFFIX) && metric.length > SUFFIX.length ? metric.slice(0, -SUFFIX.length) : null;
}
