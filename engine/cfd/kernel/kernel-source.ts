/**
 * Writes the source of the hot loops (aa-kernel.generated.ts): the regularised BGK collision with
 * a Smagorinsky closure, fused with AA-pattern streaming, unrolled over the 19 populations.
 *
 * Why generated: V8 does not unroll loops over small constant arrays, and the measured JavaScript
 * throughput (shared/CFD.md §2: 8 MLUPS BGK, 5.9 with Smagorinsky on this machine) came from a
 * kernel whose populations are scalar locals. Writing 19 loads, moments and 19 stores by hand
 * invites typos; generating them from the lattice tables does not. `npm run cfd:gen-kernel` writes
 * the file; a test fails when it is stale.
 *
 * Physics, per cell (populations stored shifted, h = f − w, so float32 keeps its digits near rest):
 * - moments ρ = 1 + Σh, j = Σ c h, u = j/ρ, Π_neq = Σ c c h − (ρ−1)cs² I − j u;
 * - Smagorinsky eddy viscosity through the local relaxation time (Hou, Sterling, Chen & Doolen,
 *   "A lattice Boltzmann subgrid model for high Reynolds number flows", Fields Inst. Comm. 6, 1996):
 *   τ = ½(τ0 + √(τ0² + 18√2·Cs²·|Π_neq|/ρ)), τ0 = 3ν0 + ½ with ν0 the base viscosity of the cell;
 * - regularised collision (Latt & Chopard, "Lattice Boltzmann method with regularized
 *   pre-collision distribution functions", Math. Comput. Simul. 72, 2006): f* = f_eq(ρ,u) +
 *   (1 − 1/τ)·w·(Q:Π_neq)/(2cs⁴), with Q = c c − cs² I, which drops the non-hydrodynamic (ghost)
 *   content that makes plain BGK blow up on coarse grids at high Reynolds numbers;
 * - AA pattern (Bailey, Myre, Walsh, Lilja & Saar, "Accelerating lattice Boltzmann fluid flow
 *   simulations using graphics processors", ICPP 2009): the even step reads and writes only the
 *   cell's own slots (post-collision f_q stored in slot opp(q)); the odd step reads f_q from slot
 *   opp(q) of the upstream neighbour x − c_q and writes the post-collision f_q to slot q of the
 *   downstream neighbour x + c_q. One copy of the populations, and each cell of an odd step touches
 *   a set of slots no other cell touches, so threads need no halo exchange, only a barrier.
 */
import { CX, CY, CZ, OPP, Q, W } from '../lattice/d3q19.ts';

const f = (x: number): string => {
  // Exact decimal literals for the weights' multiples.
  const s = x.toPrecision(17);
  return Number(s).toString();
};

function term(coef: number, name: string): string {
  if (coef === 0) return '';
  if (coef === 1) return ` + ${name}`;
  if (coef === -1) return ` - ${name}`;
  return coef > 0 ? ` + ${coef} * ${name}` : ` - ${-coef} * ${name}`;
}

function sum(terms: string): string {
  const t = terms.trim();
  if (t === '') return '0';
  return t.startsWith('+ ') ? t.slice(2) : `-${t.slice(2)}`;
}

function moments(lines: string[], indent: string): void {
  const h = (q: number) => `h${q}`;
  lines.push(`${indent}const rho = 1 + (${Array.from({ length: Q }, (_, q) => h(q)).join(' + ')});`);
  for (const [axis, c] of [['x', CX], ['y', CY], ['z', CZ]] as const) {
    let t = '';
    for (let q = 0; q < Q; q++) t += term(c[q], h(q));
    lines.push(`${indent}const j${axis} = ${sum(t)};`);
  }
  lines.push(`${indent}const ir = 1 / rho;`);
  lines.push(`${indent}const ux = jx * ir, uy = jy * ir, uz = jz * ir;`);
  const pairs: Array<[string, readonly number[], readonly number[]]> = [
    ['xx', CX, CX], ['yy', CY, CY], ['zz', CZ, CZ], ['xy', CX, CY], ['xz', CX, CZ], ['yz', CY, CZ],
  ];
  for (const [ab, ca, cb] of pairs) {
    let t = '';
    for (let q = 0; q < Q; q++) t += term(ca[q] * cb[q], h(q));
    const diag = ab[0] === ab[1];
    const ja = `j${ab[0]}`;
    const ub = `u${ab[1]}`;
    lines.push(`${indent}const p${ab} = ${sum(t)}${diag ? ' - (rho - 1) * CS2' : ''} - ${ja} * ${ub};`);
  }
}

/** The collision from moments to the 19 post-collision (shifted) populations g0..g18. */
function collide(lines: string[], indent: string, les: boolean): void {
  lines.push(`${indent}const tau0 = 3 * nu0 + 0.5;`);
  if (les) {
    lines.push(`${indent}const pn = Math.sqrt(pxx * pxx + pyy * pyy + pzz * pzz + 2 * (pxy * pxy + pxz * pxz + pyz * pyz));`);
    lines.push(`${indent}const tau = 0.5 * (tau0 + Math.sqrt(tau0 * tau0 + smag * pn * ir));`);
  } else {
    lines.push(`${indent}const tau = tau0;`);
  }
  lines.push(`${indent}const c1 = 4.5 * (1 - 1 / tau);`);
  lines.push(`${indent}const u2 = 1.5 * (ux * ux + uy * uy + uz * uz);`);
  lines.push(`${indent}const rm = rho - 1;`);
  lines.push(`${indent}const tr = (pxx + pyy + pzz) * CS2;`);
  lines.push(`${indent}const g0 = ${f(W[0])} * (rm - rho * u2 - c1 * tr);`);
  // Opposite directions share the even part of the equilibrium and the whole non-equilibrium
  // part; only 3ρ(c·u) changes sign.
  for (let q = 1; q < Q; q += 2) {
    let cu = '';
    cu += term(CX[q], 'ux') + term(CY[q], 'uy') + term(CZ[q], 'uz');
    let qp = '';
    const comp: Array<[number, string]> = [
      [CX[q] * CX[q], 'pxx'], [CY[q] * CY[q], 'pyy'], [CZ[q] * CZ[q], 'pzz'],
      [2 * CX[q] * CY[q], 'pxy'], [2 * CX[q] * CZ[q], 'pxz'], [2 * CY[q] * CZ[q], 'pyz'],
    ];
    for (const [c, name] of comp) qp += term(c, name);
    const w = f(W[q]);
    lines.push(`${indent}const cu${q} = ${sum(cu)};`);
    lines.push(`${indent}const s${q} = ${w} * (rm + rho * (4.5 * cu${q} * cu${q} - u2) + c1 * (${sum(qp)} - tr));`);
    lines.push(`${indent}const a${q} = ${f(3 * W[q])} * rho * cu${q};`);
    lines.push(`${indent}const g${q} = s${q} + a${q}, g${OPP[q]} = s${q} - a${q};`);
  }
}

function header(): string[] {
  return [
    '// Generated by engine/cfd/kernel/kernel-source.ts (`npm run cfd:gen-kernel`). Do not edit by hand.',
    '// D3Q19 regularised BGK + Smagorinsky, AA-pattern streaming, over runs of interior cells.',
    '',
    'const CS2 = 1 / 3;',
    '',
  ];
}

/**
 * A run is four integers: first cell index, length, z index k, x index of the first cell. The
 * base viscosity of a cell is nuZ[k] + nuX[i] (lattice units): the background atmospheric
 * eddy viscosity by height, the outlet sponge by x; len2[x] is the square of the cell's closure
 * length (lattice units): ν_t = len2·|S| (18√2 = 25.4558441227157, see cell.ts relaxationTime).
 */
function runLoop(odd: boolean, les: boolean): string[] {
  const lines: string[] = [];
  const name = (odd ? 'collideRunsOdd' : 'collideRunsEven') + (les ? '' : 'Laminar');
  lines.push(
    `/** ${odd ? 'Odd' : 'Even'} AA step over runs r0..r1 of interior cells (all 18 neighbours streamable)${les ? '' : ', without the Smagorinsky closure (benchmarks)'}. */`,
    `export function ${name}(f: Float32Array, n: number, px: number, pxy: number, runs: Int32Array, r0: number, r1: number, nuZ: Float32Array, nuX: Float32Array, ${les ? 'len2' : '_len2'}: Float32Array): void {`,
  );
  for (let q = 1; q < Q; q++) lines.push(`  const n${q} = ${q} * n;`);
  // Neighbour offsets o_q = cx + cy·px + cz·pxy (the even step is local and needs none).
  for (let q = 1; q < Q && odd; q++) {
    const parts: string[] = [];
    if (CX[q]) parts.push(CX[q] > 0 ? '1' : '-1');
    if (CY[q]) parts.push(CY[q] > 0 ? 'px' : '-px');
    if (CZ[q]) parts.push(CZ[q] > 0 ? 'pxy' : '-pxy');
    lines.push(`  const o${q} = ${parts.join(' + ').replace(/\+ -/g, '- ')};`);
  }
  lines.push('  for (let r = r0; r < r1; r++) {');
  lines.push('    const base = runs[4 * r], len = runs[4 * r + 1], kk = runs[4 * r + 2], i0 = runs[4 * r + 3];');
  lines.push('    const nuk = nuZ[kk];');
  lines.push('    for (let t = 0; t < len; t++) {');
  lines.push('      const x = base + t;');
  lines.push('      const nu0 = nuk + nuX[i0 + t];');
  if (les) lines.push('      const smag = 25.455844122715710 * len2[x];');
  const ind = '      ';
  for (let q = 0; q < Q; q++) {
    const slotBase = q === 0 ? '' : `n${OPP[q]} + `;
    if (!odd) {
      lines.push(`${ind}const h${q} = f[${q === 0 ? '' : `n${q} + `}x];`);
    } else {
      lines.push(q === 0 ? `${ind}const h0 = f[x];` : `${ind}const h${q} = f[${slotBase}x - o${q}];`);
    }
  }
  moments(lines, ind);
  collide(lines, ind, les);
  for (let q = 0; q < Q; q++) {
    if (!odd) {
      lines.push(q === 0 ? `${ind}f[x] = g0;` : `${ind}f[n${OPP[q]} + x] = g${q};`);
    } else {
      lines.push(q === 0 ? `${ind}f[x] = g0;` : `${ind}f[n${q} + x + o${q}] = g${q};`);
    }
  }
  lines.push('    }', '  }', '}', '');
  return lines;
}

/**
 * The single-cell building blocks of the slow path (cell.ts), unrolled the same way: moments of 19
 * populations held in an array, and the regularised post-collision populations.
 */
function cellFunctions(): string[] {
  const lines: string[] = [];
  lines.push('/** ρ, u and Π_neq (m[0..9]) of the shifted populations h[0..18]. */');
  lines.push('export function momentsOf19(h: Float64Array, m: Float64Array): void {');
  for (let q = 0; q < Q; q++) lines.push(`  const h${q} = h[${q}];`);
  moments(lines, '  ');
  lines.push('  m[0] = rho; m[1] = ux; m[2] = uy; m[3] = uz;');
  lines.push('  m[4] = pxx; m[5] = pyy; m[6] = pzz; m[7] = pxy; m[8] = pxz; m[9] = pyz;');
  lines.push('}', '');
  lines.push('/** Regularised post-collision populations (shifted) from ρ, the equilibrium velocity, Π_neq (m[4..9]) and τ. */');
  lines.push('export function regularizedPost19(rho: number, ux: number, uy: number, uz: number, m: Float64Array, tau: number, g: Float64Array): void {');
  lines.push('  const pxx = m[4], pyy = m[5], pzz = m[6], pxy = m[7], pxz = m[8], pyz = m[9];');
  const body: string[] = [];
  collide(body, '  ', false);
  // The collision body computes τ from ν0; here τ is given.
  for (const line of body) {
    if (line.includes('const tau0 =') || line.includes('const tau = tau0;')) continue;
    lines.push(line);
  }
  for (let q = 0; q < Q; q++) lines.push(`  g[${q}] = g${q};`);
  lines.push('}', '');
  return lines;
}

export function kernelSource(): string {
  return [...header(), ...runLoop(false, true), ...runLoop(true, true), ...runLoop(false, false), ...runLoop(true, false), ...cellFunctions()].join('\n');
}

/**
 * The same kernel in C (double arithmetic on float storage, as the TypeScript), for the
 * benchmark's ratio to a native build: the TypeScript lines with C declarations.
 */
export function kernelSourceC(): string {
  const ts = [...runLoop(false, true), ...runLoop(true, true), ...runLoop(false, false), ...runLoop(true, false)];
  const out = ['/* Generated by engine/cfd/kernel/kernel-source.ts for the CFD benchmark. */', '#include <math.h>', '#define CS2 (1.0 / 3.0)', ''];
  for (const line of ts) {
    const sig = line.match(/^export function (\w+)\(/);
    if (sig) {
      out.push(`void ${sig[1]}(float *restrict f, long n, long px, long pxy, const int *runs, long r0, long r1, const float *nuZ, const float *nuX, const float *len2) {`);
      continue;
    }
    out.push(
      line
        .replace(/^(\s*)const (n\d+|o\d+) = /, '$1const long $2 = ')
        .replace(/for \(let (\w+) = /, 'for (long $1 = ')
        .replace(/^(\s*)const base = /, '$1const long base = ')
        .replace(/^(\s*)const x = /, '$1const long x = ')
        .replace(/^(\s*)const (?!long )/, '$1const double ')
        .replace(/Math\.sqrt/g, 'sqrt'),
    );
  }
  return out.join('\n');
}
