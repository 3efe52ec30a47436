/**
 * Writes the source of the hot loops (aa-kernel.generated.ts): the regularised BGK collision with
 * a Smagorinsky closure, fused with AA-pattern streaming, unrolled over the 19 populations.
 *
 * Why generated: V8 does not unroll loops over small constant arrays, and the measured JavaScript
 * throughput (docs/reference/CFD.md §2: 8 MLUPS BGK, 5.9 with Smagorinsky on this machine) came from a
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
import { CX, CY, CZ, OPP, Q, W, stressProjection } from '../lattice/d3q19.ts';

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
  for (const [axis, c] of [
    ['x', CX],
    ['y', CY],
    ['z', CZ],
  ] as const) {
    let t = '';
    for (let q = 0; q < Q; q++) t += term(c[q], h(q));
    lines.push(`${indent}const j${axis} = ${sum(t)};`);
  }
  lines.push(`${indent}const ir = 1 / rho;`);
  lines.push(`${indent}const ux = jx * ir, uy = jy * ir, uz = jz * ir;`);
  const pairs: Array<[string, readonly number[], readonly number[]]> = [
    ['xx', CX, CX],
    ['yy', CY, CY],
    ['zz', CZ, CZ],
    ['xy', CX, CY],
    ['xz', CX, CZ],
    ['yz', CY, CZ],
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
function collide(lines: string[], indent: string, les: boolean, aniso = false): void {
  relaxation(lines, indent, les);
  if (aniso) {
    relaxationH(lines, indent);
    postAniso(lines, indent, ['ux', 'uy', 'uz'], ['pxx', 'pyy', 'pzz', 'pxy', 'pxz', 'pyz']);
  } else post(lines, indent, ['ux', 'uy', 'uz'], ['pxx', 'pyy', 'pzz', 'pxy', 'pxz', 'pyz']);
}

/** τH of the horizontal stresses, as relaxation() with the closure, from ν0H (the base viscosity plus ν_h). */
function relaxationH(lines: string[], indent: string): void {
  lines.push(`${indent}const tauH0 = 3 * nu0H + 0.5;`);
  lines.push(`${indent}const tauH = 0.5 * (tauH0 + Math.sqrt(tauH0 * tauH0 + smag * pn * ir));`);
}

/** τ from the base viscosity ν0 and, with the closure, |Π_neq| (Hou et al. 1996). */
function relaxation(lines: string[], indent: string, les: boolean): void {
  lines.push(`${indent}const tau0 = 3 * nu0 + 0.5;`);
  if (les) {
    lines.push(`${indent}const pn = Math.sqrt(pxx * pxx + pyy * pyy + pzz * pzz + 2 * (pxy * pxy + pxz * pxz + pyz * pyz));`);
    lines.push(`${indent}const tau = 0.5 * (tau0 + Math.sqrt(tau0 * tau0 + smag * pn * ir));`);
  } else {
    lines.push(`${indent}const tau = tau0;`);
  }
}

/** Post-collision g0..g18 from ρ, the equilibrium velocity `u` and Π_neq `p` (names), and τ. */
function post(lines: string[], indent: string, u: [string, string, string], p: string[]): void {
  const [pxx, pyy, pzz] = p;
  lines.push(`${indent}const c1 = 4.5 * (1 - 1 / tau);`);
  postTerms(lines, indent, u, p, { name: 'tr', value: `(${pxx} + ${pyy} + ${pzz}) * CS2` }, 'c1 * ');
}

/**
 * post() with the horizontal deviatoric part of Π_neq, ((Π_xx − Π_yy)/2, Π_xy), relaxed with its own
 * τH and the rest with τ: an eddy viscosity ν_h for the horizontal stresses and ν for the others
 * (the lateral length's anisotropic form, turbulence/lateral-length.ts; a trial). With τH = τ it
 * is post() with the terms grouped differently: the relaxation factors are applied to Π first.
 */
function postAniso(lines: string[], indent: string, u: [string, string, string], p: string[]): void {
  const [pxx, pyy, pzz, pxy, pxz, pyz] = p;
  lines.push(`${indent}const c1 = 4.5 * (1 - 1 / tau), c1h = 4.5 * (1 - 1 / tauH);`);
  lines.push(`${indent}const mh = 0.5 * (${pxx} + ${pyy}), dh = 0.5 * (${pxx} - ${pyy});`);
  lines.push(`${indent}const Pxx = c1 * mh + c1h * dh, Pyy = c1 * mh - c1h * dh, Pzz = c1 * ${pzz}, Pxy = c1h * ${pxy}, Pxz = c1 * ${pxz}, Pyz = c1 * ${pyz};`);
  postTerms(lines, indent, u, ['Pxx', 'Pyy', 'Pzz', 'Pxy', 'Pxz', 'Pyz'], { name: 'trc', value: `c1 * (${pxx} + ${pyy} + ${pzz}) * CS2` }, '');
}

/**
 * The populations from the equilibrium of ρ and `u` plus the non-equilibrium part of `p` (names),
 * each multiplied by `scale` ('c1 * ', or '' when `p` is already relaxed); `trace` is Π's trace
 * term, named and defined here, in the same scaling.
 */
function postTerms(lines: string[], indent: string, u: [string, string, string], p: string[], trace: { name: string; value: string }, scale: string): void {
  const [ux, uy, uz] = u;
  const tr = trace.name;
  lines.push(`${indent}const u2 = 1.5 * (${ux} * ${ux} + ${uy} * ${uy} + ${uz} * ${uz});`);
  lines.push(`${indent}const rm = rho - 1;`);
  lines.push(`${indent}const ${tr} = ${trace.value};`);
  lines.push(`${indent}const g0 = ${f(W[0])} * (rm - rho * u2 - ${scale}${tr});`);
  // Opposite directions share the even part of the equilibrium and the whole non-equilibrium
  // part; only 3ρ(c·u) changes sign.
  for (let q = 1; q < Q; q += 2) {
    let cu = '';
    cu += term(CX[q], ux) + term(CY[q], uy) + term(CZ[q], uz);
    let qp = '';
    for (const [c, name] of stressProjection(q, p)) qp += term(c, name);
    const w = f(W[q]);
    lines.push(`${indent}const cu${q} = ${sum(cu)};`);
    lines.push(`${indent}const s${q} = ${w} * (rm + rho * (4.5 * cu${q} * cu${q} - u2) + ${scale}(${sum(qp)} - ${tr}));`);
    lines.push(`${indent}const a${q} = ${f(3 * W[q])} * rho * cu${q};`);
    lines.push(`${indent}const g${q} = s${q} + a${q}, g${OPP[q]} = s${q} - a${q};`);
  }
}

/**
 * The slow path, unrolled: cells next to walls, faces and interfaces, porous cells and cells whose
 * state the interfaces read. wallShear: the first cell's gradient per unit friction velocity
 * (lattice units, build-hierarchy.ts wallShearPerFrictionVelocity). Odd steps go through the cell's link table (f_q is read from
 * read[q]; f_opp(q) is written there); momentum sinks (the ground's log-law stress with the wall
 * model's shear, vegetation drag, the top's driving stress) and recording as in step.ts's notes.
 */
function slowLoop(odd: boolean, aniso = false): string[] {
  const lines: string[] = [];
  const name = (odd ? 'collideSlowOdd' : 'collideSlowEven') + (aniso ? 'Aniso' : '');
  lines.push(
    `/** ${odd ? 'Odd' : 'Even'} AA step of slow-path cells s0..s1 (see kernel-source.ts slowLoop). */`,
    `export function ${name}(f: Float32Array, n: number, cells: Int32Array, read: Int32Array, nuArr: Float32Array, len2: Float32Array, dragKind: Uint8Array, drag: Float32Array, record: Int32Array, rec: Float32Array, wallShear: number, s0: number, s1: number, nut: Float32Array${aniso ? ', nutH: Float32Array' : ''}): void {`,
  );
  for (let q = 1; q < Q && !odd; q++) lines.push(`  const n${q} = ${q} * n;`);
  lines.push('  for (let s = s0; s < s1; s++) {');
  lines.push('    const x = cells[s];');
  if (odd) lines.push('    const b = 19 * s;');
  const ind = '    ';
  for (let q = 0; q < Q; q++) {
    if (odd) lines.push(`${ind}const r${q} = read[b + ${q}];`);
    lines.push(odd ? `${ind}const h${q} = f[r${q}];` : `${ind}const h${q} = f[${q === 0 ? '' : `n${q} + `}x];`);
  }
  moments(lines, ind);
  lines.push(`${ind}const nu0 = nuArr[s] + nut[x], smag = 25.455844122715710 * len2[x];`);
  relaxation(lines, ind, true);
  if (aniso) {
    lines.push(`${ind}const nu0H = nuArr[s] + nutH[x];`);
    relaxationH(lines, ind);
  }
  lines.push(
    `${ind}let ex = ux, ey = uy, ez = uz, qxz = pxz, qyz = pyz;`,
    `${ind}const kind = dragKind[s];`,
    `${ind}if (kind === 1) {`,
    `${ind}  // Ground: Δu = −C_f·|u_h|·u_h (implicit); the cell's shear from the wall model,`,
    `${ind}  // ∂u/∂z = u*·wallShear = √C_f·|u_h|·wallShear (lattice units; build-hierarchy.ts wallShearPerFrictionVelocity).`,
    `${ind}  const cf = drag[s], sp = Math.sqrt(ux * ux + uy * uy), c = cf * sp, k = -c / (1 + c);`,
    `${ind}  ex = ux + k * ux;`,
    `${ind}  ey = uy + k * uy;`,
    `${ind}  const g = -(rho * tau * Math.sqrt(cf) * wallShear) / 3;`,
    `${ind}  qxz = g * ux;`,
    `${ind}  qyz = g * uy;`,
    `${ind}} else if (kind === 2) {`,
    `${ind}  // Vegetation: Δu = −C_d·a·dx·|u|·u (implicit).`,
    `${ind}  const c = drag[s] * Math.sqrt(ux * ux + uy * uy + uz * uz), k = -c / (1 + c);`,
    `${ind}  ex = ux + k * ux;`,
    `${ind}  ey = uy + k * uy;`,
    `${ind}  ez = uz + k * uz;`,
    `${ind}} else if (kind === 3) {`,
    `${ind}  // Top: the ABL's shear stress u*² drives the top layer along +x.`,
    `${ind}  ex = ux + drag[s];`,
    `${ind}}`,
    `${ind}const slot = record[s];`,
    `${ind}if (slot >= 0) {`,
    `${ind}  // Recorded state: ρ, u at the half-forced velocity, strain S = −Π_neq/(2ρ·cs²·τ).`,
    `${ind}  const o = 10 * slot, ks = -1.5 / (rho * tau);`,
    `${ind}  rec[o] = rho; rec[o + 1] = 0.5 * (ux + ex); rec[o + 2] = 0.5 * (uy + ey); rec[o + 3] = 0.5 * (uz + ez);`,
    ...(aniso
      ? [
          // The horizontal deviatoric part of the strain from its own τH.
          `${ind}  const ksh = -1.5 / (rho * tauH), sm = 0.5 * ks * (pxx + pyy), sd = 0.5 * ksh * (pxx - pyy);`,
          `${ind}  rec[o + 4] = sm + sd; rec[o + 5] = sm - sd; rec[o + 6] = ks * pzz; rec[o + 7] = ksh * pxy; rec[o + 8] = ks * qxz; rec[o + 9] = ks * qyz;`,
        ]
      : [`${ind}  rec[o + 4] = ks * pxx; rec[o + 5] = ks * pyy; rec[o + 6] = ks * pzz; rec[o + 7] = ks * pxy; rec[o + 8] = ks * qxz; rec[o + 9] = ks * qyz;`]),
    `${ind}}`,
  );
  (aniso ? postAniso : post)(lines, ind, ['ex', 'ey', 'ez'], ['pxx', 'pyy', 'pzz', 'pxy', 'qxz', 'qyz']);
  for (let q = 0; q < Q; q++) {
    if (odd) lines.push(`${ind}f[r${OPP[q]}] = g${q};`);
    else lines.push(q === 0 ? `${ind}f[x] = g0;` : `${ind}f[n${OPP[q]} + x] = g${q};`);
  }
  lines.push('  }', '}', '');
  return lines;
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
 * length (lattice units): ν_t = len2·|S| (18√2 = 25.4558441227157, see cell.ts relaxationTime);
 * nut[x] is an eddy viscosity given per cell (lattice units; the transported-k closure writes it,
 * engine/cfd/turbulence; zero with the mixing length), added to the base viscosity.
 */
function runLoop(odd: boolean, les: boolean, aniso = false): string[] {
  const lines: string[] = [];
  const name = (odd ? 'collideRunsOdd' : 'collideRunsEven') + (les ? '' : 'Laminar') + (aniso ? 'Aniso' : '');
  lines.push(
    `/** ${odd ? 'Odd' : 'Even'} AA step over runs r0..r1 of interior cells (all 18 neighbours streamable)${les ? '' : ', without the Smagorinsky closure (benchmarks)'}. */`,
    `export function ${name}(f: Float32Array, n: number, px: number, pxy: number, runs: Int32Array, r0: number, r1: number, nuZ: Float32Array, nuX: Float32Array, ${les ? 'len2' : '_len2'}: Float32Array, ${les ? 'nut' : '_nut'}: Float32Array${aniso ? ', nutH: Float32Array' : ''}): void {`,
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
  lines.push(les ? '      const nu0 = nuk + nuX[i0 + t] + nut[x];' : '      const nu0 = nuk + nuX[i0 + t];');
  if (aniso) lines.push('      const nu0H = nuk + nuX[i0 + t] + nutH[x];');
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
  collide(lines, ind, les, aniso);
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
 * Prescribed cells, unrolled: each sends out f_eq(ρ, u) + (1 − 1/τ)·f_neq(S) for its state
 * (ρ, u, S; 10 per cell) with τ = 3(ν0 + L²·√2·|S|) + ½ and the pre-collision Π_neq = −2ρ·cs²·τ·S
 * (see cell.ts emitFromStrain); the even step stores them at home, the odd step through the
 * cell's write table.
 */
function emitLoop(odd: boolean, aniso = false): string[] {
  const lines: string[] = [];
  const name = (odd ? 'emitPrescribedOdd' : 'emitPrescribedEven') + (aniso ? 'Aniso' : '');
  lines.push(
    `/** ${odd ? 'Odd' : 'Even'} AA step of prescribed cells p0..p1. */`,
    `export function ${name}(f: Float32Array, n: number, cells: Int32Array, write: Int32Array, nuArr: Float32Array, len2: Float32Array, state: Float32Array, p0: number, p1: number, nut: Float32Array${aniso ? ', nutH: Float32Array' : ''}): void {`,
  );
  for (let q = 1; q < Q && !odd; q++) lines.push(`  const n${q} = ${q} * n;`);
  lines.push('  for (let p = p0; p < p1; p++) {');
  const ind = '    ';
  lines.push(
    `${ind}const x = cells[p], o = 10 * p;`,
    `${ind}const rho = state[o], ux = state[o + 1], uy = state[o + 2], uz = state[o + 3];`,
    `${ind}const sxx = state[o + 4], syy = state[o + 5], szz = state[o + 6], sxy = state[o + 7], sxz = state[o + 8], syz = state[o + 9];`,
    `${ind}const sn = Math.sqrt(sxx * sxx + syy * syy + szz * szz + 2 * (sxy * sxy + sxz * sxz + syz * syz));`,
    `${ind}const tau = 3 * (nuArr[p] + nut[x] + len2[x] * 1.4142135623730951 * sn) + 0.5;`,
    `${ind}const kp = -2 * rho * CS2 * tau;`,
    ...(aniso
      ? [
          `${ind}const tauH = 3 * (nuArr[p] + nutH[x] + len2[x] * 1.4142135623730951 * sn) + 0.5;`,
          `${ind}const kph = -2 * rho * CS2 * tauH, pm = 0.5 * kp * (sxx + syy), pd = 0.5 * kph * (sxx - syy);`,
          `${ind}const pxx = pm + pd, pyy = pm - pd, pzz = kp * szz, pxy = kph * sxy, pxz = kp * sxz, pyz = kp * syz;`,
        ]
      : [`${ind}const pxx = kp * sxx, pyy = kp * syy, pzz = kp * szz, pxy = kp * sxy, pxz = kp * sxz, pyz = kp * syz;`]),
  );
  (aniso ? postAniso : post)(lines, ind, ['ux', 'uy', 'uz'], ['pxx', 'pyy', 'pzz', 'pxy', 'pxz', 'pyz']);
  if (odd) lines.push(`${ind}const b = 19 * p;`);
  for (let q = 0; q < Q; q++) {
    if (odd) lines.push(`${ind}f[write[b + ${q}]] = g${q};`);
    else lines.push(q === 0 ? `${ind}f[x] = g0;` : `${ind}f[n${OPP[q]} + x] = g${q};`);
  }
  lines.push('  }', '}', '');
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
  return [
    ...header(),
    ...runLoop(false, true),
    ...runLoop(true, true),
    ...runLoop(false, false),
    ...runLoop(true, false),
    ...slowLoop(false),
    ...slowLoop(true),
    ...emitLoop(false),
    ...emitLoop(true),
    // The anisotropic eddy viscosity's variants (a trial; the JavaScript kernel only).
    ...runLoop(false, true, true),
    ...runLoop(true, true, true),
    ...slowLoop(false, true),
    ...slowLoop(true, true),
    ...emitLoop(false, true),
    ...emitLoop(true, true),
    ...cellFunctions(),
  ].join('\n');
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
      out.push(
        `void ${sig[1]}(float *restrict f, long n, long px, long pxy, const int *runs, long r0, long r1, const float *nuZ, const float *nuX, const float *len2, const float *nut) {`,
      );
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
