/**
 * A trial of the k–ℓ closure near the ground: a length for horizontal strain that the ground does
 * not limit.
 *
 * The closure's ℓ = κ·d takes d from the nearest wall, the ground included, so 1.25 m above the
 * ground ℓ is 0.5 m wherever the flow is. That is right for the ground's own shear, dU/dz: the
 * eddies that carry u′w′ need vertical motion, and the ground blocks it within about its distance.
 * It does not block the horizontal motion. Rapid-distortion theory of turbulence meeting a wall
 * (Hunt & Graham, "Free-stream turbulence near plane boundaries", J. Fluid Mech. 84, 1978, 209–235)
 * shows that the wall-normal component falls to zero over about the integral scale, while the
 * wall-parallel components keep their scale and grow. A lateral shear near the ground, such as a
 * wake's edge or the side of a corner stream, is mixed by those horizontal eddies. AIJ Case A's
 * wake at pedestrian height has σ_v of 0.75–0.89 m/s against σ_w of 0.41–0.47. The k–ℓ closure
 * gives it the ground's 0.5 m length, and the wake's k there comes out half the measured.
 *
 * The nearest scalar form: each cell's length is blended between the wall's ℓ and the length
 * without the ground, κ·(distance to the nearest building face), by the share of its strain that
 * is horizontal:
 *   w = |D_h|² / (S:S), D_h the horizontal deviatoric part of S, |D_h|² = 2·((S_xx − S_yy)/2)² + 2·S_xy².
 *   ℓ = ℓ_wall + w·(ℓ_free − ℓ_wall).
 * In the approach flow the strain is dU/dz alone, w = 0, and the log layer's equilibrium is
 * untouched; in a purely lateral shear w = 1. ν_t and ε both take the blended length, as they take
 * ℓ everywhere in the closure. The ground's first layer keeps its wall-function length.
 *
 * Measured on AIJ Case A (docs/cfd-validation.md, part 20), and not the product's: blended
 * everywhere, it closes the wake at 0.96b. Taken only where the strain is more than a share S
 * horizontal (`lateralShareAbove`), X_F/b follows S (1.25, 1.53, 1.83 at S = 0.8, 0.9, 0.95).
 * The form with no threshold, an anisotropic eddy viscosity (the long length for the horizontal
 * stresses only; the JavaScript kernel's Aniso variants), closes it at 1.08b: the length itself
 * grows without bound down the wake.
 */

/** The share of the strain that is horizontal, from the velocity gradient g[3a + b] = ∂u_a/∂x_b (z is axis 2). */
export function horizontalStrainShare(g: ArrayLike<number>): number {
  // Sums and products in this order: the WebAssembly k pass (kernel/k-pass-wat.ts) repeats them.
  const s = (a: number, b: number) => 0.5 * (g[3 * a + b] + g[3 * b + a]);
  let ss = 0;
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      const e = s(a, b);
      ss += e * e;
    }
  if (!(ss > 0)) return 0;
  const half = 0.5 * (s(0, 0) - s(1, 1)),
    xy = s(0, 1);
  return Math.min(1, (2 * half * half + 2 * xy * xy) / ss);
}
