/**
 * The collision of one interior cell as a straight-line program (a list of named assignments of
 * arithmetic expressions), built from the lattice tables: the description the WebAssembly kernel
 * is emitted from (wasm-source.ts). It is the same physics as the JavaScript kernel's run loops
 * (kernel-source.ts: moments, relaxation, regularised post-collision populations); a test runs
 * both on one grid and compares.
 *
 * Inputs the loop around the program provides: h0..h18 (the cell's shifted populations), nu0 (the
 * cell's base viscosity) and one value per cell of every array the closure names. Outputs:
 * g0..g18, the post-collision populations (g_q travels along c_q).
 *
 * The closure is its own small piece (Closure below): it names the per-cell arrays it reads and
 * turns ν0, ρ, 1/ρ and Π_neq into the relaxation time τ. The production closure takes both a
 * per-cell eddy viscosity (Level.nut) and the mixing length's strain part, as the JavaScript kernel.
 */
import { CX, CY, CZ, OPP, Q, W, stressProjection } from '../lattice/d3q19.ts';

export type Expr =
  { op: 'var'; name: string } | { op: 'const'; value: number } | { op: 'add' | 'sub' | 'mul' | 'div'; a: Expr; b: Expr } | { op: 'sqrt' | 'neg'; a: Expr };

export interface Assign {
  name: string;
  value: Expr;
}

export const v = (name: string): Expr => ({ op: 'var', name });
export const k = (value: number): Expr => ({ op: 'const', value });
const bin =
  (op: 'add' | 'sub' | 'mul' | 'div') =>
  (a: Expr | string | number, b: Expr | string | number): Expr => ({ op, a: ex(a), b: ex(b) });
export const add = bin('add'),
  sub = bin('sub'),
  mul = bin('mul'),
  div = bin('div');
export const sqrt = (a: Expr | string | number): Expr => ({ op: 'sqrt', a: ex(a) });
export const assign = (name: string, value: Expr | string | number): Assign => ({ name, value: ex(value) });

function ex(x: Expr | string | number): Expr {
  return typeof x === 'string' ? v(x) : typeof x === 'number' ? k(x) : x;
}

/** Σ coef·name over terms with non-zero coefficients (±1 without a multiplication), left to right. */
function linear(terms: Array<[number, string]>): Expr {
  let out: Expr | null = null;
  for (const [c, name] of terms) {
    if (c === 0) continue;
    const mag = Math.abs(c) === 1 ? v(name) : mul(Math.abs(c), name);
    out = out === null ? (c > 0 ? mag : { op: 'neg', a: mag }) : c > 0 ? add(out, mag) : sub(out, mag);
  }
  return out ?? k(0);
}

const CS2 = 1 / 3;
const h = (q: number) => `h${q}`;

/** ρ, j, u = j/ρ and Π_neq = Σ c c h − (ρ−1)cs² I − j u of the shifted populations h0..h18. */
export function moments(): Assign[] {
  const out: Assign[] = [];
  out.push(assign('rho', add(1, linear(Array.from({ length: Q }, (_, q) => [1, h(q)] as [number, string])))));
  const axes = [
    ['x', CX],
    ['y', CY],
    ['z', CZ],
  ] as const;
  for (const [axis, c] of axes) out.push(assign(`j${axis}`, linear(c.map((cq, q) => [cq, h(q)] as [number, string]))));
  out.push(assign('ir', div(1, 'rho')));
  for (const [axis] of axes) out.push(assign(`u${axis}`, mul(`j${axis}`, 'ir')));
  out.push(assign('rm', sub('rho', 1)));
  out.push(assign('iso', mul('rm', CS2)));
  for (const [a, ca] of axes)
    for (const [b, cb] of axes) {
      if (b < a) continue;
      let e = linear(ca.map((cq, q) => [cq * cb[q], h(q)] as [number, string]));
      if (a === b) e = sub(e, 'iso');
      out.push(assign(`p${a}${b}`, sub(e, mul(`j${a}`, `u${b}`))));
    }
  return out;
}

/** A turbulence closure: the per-cell arrays it reads, and τ from nu0, rho, ir and p.. (Π_neq). */
export interface Closure {
  /** Per-cell arrays (padded cell indexing, float32), read into variables of the same names. */
  inputs: string[];
  tau(): Assign[];
}

/**
 * The closure the solver runs, as the JavaScript kernel computes it: the base viscosity ν0 plus the
 * per-cell eddy viscosity `nut` (Level.nut: written by the transported-k closure, zero with the
 * mixing length), then the strain part through the local relaxation time (Hou, Sterling, Chen &
 * Doolen, Fields Inst. Comm. 6, 1996): τ = ½(τ0 + √(τ0² + 18√2·L²·|Π_neq|/ρ)), τ0 = 3(ν0 + ν_t) + ½,
 * len2 = L² (lattice units; zero under the transported k, so τ = τ0 there). Every WebAssembly loop
 * that collides cells (runs, slow path, restriction) takes τ from it, and the grid arrays it names
 * are passed to them.
 */
export const PRODUCTION_CLOSURE: Closure = {
  inputs: ['len2', 'nut'],
  tau: () => [
    assign('tau0', add(mul(3, add('nu0', 'nut')), 0.5)),
    assign(
      'pn',
      sqrt(add(add(add(mul('pxx', 'pxx'), mul('pyy', 'pyy')), mul('pzz', 'pzz')), mul(2, add(add(mul('pxy', 'pxy'), mul('pxz', 'pxz')), mul('pyz', 'pyz'))))),
    ),
    assign('tau', mul(0.5, add('tau0', sqrt(add(mul('tau0', 'tau0'), mul(mul(mul(18 * Math.SQRT2, 'len2'), 'pn'), 'ir')))))),
  ],
};

/** No closure: τ from the base viscosity alone (the benchmark's plain regularised BGK). */
export const LAMINAR: Closure = { inputs: [], tau: () => [assign('tau', add(mul(3, 'nu0'), 0.5))] };

/**
 * Regularised post-collision populations (Latt & Chopard, Math. Comput. Simul. 72, 2006):
 * g_q = w_q[(ρ−1) + ρ(3c·u + 4.5(c·u)² − 1.5u²) + 4.5(1 − 1/τ)(Q_q:Π_neq)], Q = c c − cs² I,
 * from ρ, rm = ρ − 1, τ, the equilibrium velocity `u` and Π_neq `p` (variable names).
 * Opposite directions share everything but the odd term 3ρ(c·u).
 */
export function post(u: [string, string, string] = ['ux', 'uy', 'uz'], p: string[] = ['pxx', 'pyy', 'pzz', 'pxy', 'pxz', 'pyz']): Assign[] {
  const [ux, uy, uz] = u;
  const [pxx, pyy, pzz, pxy, pxz, pyz] = p;
  const out: Assign[] = [];
  out.push(assign('c1', mul(4.5, sub(1, div(1, 'tau')))));
  out.push(assign('u2', mul(1.5, add(add(mul(ux, ux), mul(uy, uy)), mul(uz, uz)))));
  out.push(assign('tr', mul(add(add(pxx, pyy), pzz), CS2)));
  out.push(assign('g0', mul(W[0], sub(sub('rm', mul('rho', 'u2')), mul('c1', 'tr')))));
  for (let q = 1; q < Q; q += 2) {
    out.push(
      assign(
        `cu${q}`,
        linear([
          [CX[q], ux],
          [CY[q], uy],
          [CZ[q], uz],
        ]),
      ),
    );
    const qp = linear(stressProjection(q, [pxx, pyy, pzz, pxy, pxz, pyz]));
    const cu = `cu${q}`;
    out.push(assign(`s${q}`, mul(W[q], add(add('rm', mul('rho', sub(mul(mul(4.5, cu), cu), 'u2'))), mul('c1', sub(qp, 'tr'))))));
    out.push(assign(`a${q}`, mul(mul(3 * W[q], 'rho'), cu)));
    out.push(assign(`g${q}`, add(`s${q}`, `a${q}`)));
    out.push(assign(`g${OPP[q]}`, sub(`s${q}`, `a${q}`)));
  }
  return out;
}

/** The whole cell: moments, the closure's τ, the post-collision populations g0..g18. */
export function cellProgram(closure: Closure): Assign[] {
  return [...moments(), ...closure.tau(), ...post()];
}
