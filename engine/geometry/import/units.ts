/**
 * Length units a model may be drawn in, and their size in metres (exact by definition: the inch is
 * 25.4 mm and the foot 0.3048 m since the 1959 international yard and pound agreement).
 */
export const LENGTH_UNITS = ['m', 'cm', 'mm', 'ft', 'in'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

export const METRES_PER_UNIT: Record<LengthUnit, number> = { m: 1, cm: 0.01, mm: 0.001, ft: 0.3048, in: 0.0254 };

export const UNIT_WORDS: Record<LengthUnit, string> = { m: 'metres', cm: 'centimetres', mm: 'millimetres', ft: 'feet', in: 'inches' };
