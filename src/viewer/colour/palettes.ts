/**
 * Colour-blind-safe default palettes for data layers without a legend of their own.
 *
 * - viridis: matplotlib's default colormap (S. van der Walt & N. Smith, 2015), perceptually
 *   uniform and readable with deuteranopia and protanopia. Samples at 0, ⅛, …, 1 of the 256-entry
 *   table in matplotlib's `_cm_listed.py`.
 * - cividis: J. R. Nuñez, C. R. Anderton, R. S. Renslow, "Optimizing colormaps with consideration
 *   for color vision deficiency to enable accurate interpretation of scientific data", PLoS ONE
 *   13(7): e0199239 (2018); shipped in matplotlib ≥ 2.2. Samples at 0, 0.2, …, 1.
 */
export const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

export const CIVIDIS = ['#00224e', '#35456c', '#666970', '#948e77', '#c8b866', '#fee838'];
