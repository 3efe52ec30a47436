/**
 * The D3Q19 lattice: 19 discrete velocities, their weights and opposites.
 *
 * Velocities and weights as in Qian, d'Humières & Lallemand, "Lattice BGK models for Navier-Stokes
 * equation", Europhys. Lett. 17 (1992) 479, with the lattice speed of sound cs² = 1/3. The order is
 * fixed by this project so that the generated kernel, the boundary tables and checkpoints agree:
 * 0 rest; then pairs (q, q+1) of opposite directions for odd q — ±x, ±y, ±z, then the twelve
 * edge diagonals in the planes xy, xy', xz, xz', yz, yz'.
 */

export const Q = 19;

/** c_q = (CX[q], CY[q], CZ[q]). */
export const CX: readonly number[] = [0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0];
export const CY: readonly number[] = [0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1];
export const CZ: readonly number[] = [0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1];

/** Weights: 1/3 at rest, 1/18 along the axes, 1/36 along the edge diagonals. */
export const W: readonly number[] = CX.map((_, q) => {
  const n = Math.abs(CX[q]) + Math.abs(CY[q]) + Math.abs(CZ[q]);
  return n === 0 ? 1 / 3 : n === 1 ? 1 / 18 : 1 / 36;
});

/** The opposite direction: c_opp(q) = −c_q. */
export const OPP: readonly number[] = CX.map((_, q) => (q === 0 ? 0 : q % 2 === 1 ? q + 1 : q - 1));

/** Index of the direction with the given velocity components, or −1. */
export function directionOf(cx: number, cy: number, cz: number): number {
  for (let q = 0; q < Q; q++) if (CX[q] === cx && CY[q] === cy && CZ[q] === cz) return q;
  return -1;
}

/**
 * c_q c_q : Π for a symmetric Π given as (xx, yy, zz, xy, xz, yz): the coefficient of each
 * component, the off-diagonal ones counted twice. Pairs each coefficient with the caller's term.
 */
export function stressProjection<T>(q: number, [xx, yy, zz, xy, xz, yz]: readonly T[]): Array<[number, T]> {
  return [
    [CX[q] * CX[q], xx],
    [CY[q] * CY[q], yy],
    [CZ[q] * CZ[q], zz],
    [2 * CX[q] * CY[q], xy],
    [2 * CX[q] * CZ[q], xz],
    [2 * CY[q] * CZ[q], yz],
  ];
}
