/**
 * The WebAssembly text of the transported-k closure's per-cell work (turbulence/k-transport.ts),
 * emitted into the same module as the collision (wasm-source.ts kernelWat, `npm run
 * cfd:gen-kernel`): the velocities and the lattice's strain of the transported cells, the
 * production (Kato–Launder limiter, the ground's wall function), one upwind transport substep, and
 * the eddy viscosity handed to the collision. k-transport.ts stays the reference and the solver's
 * path with the JavaScript kernel; a test runs both on one grid and compares.
 *
 * Arithmetic is double precision over the float32 arrays, in the order the JavaScript reference
 * computes (the same sums, left to right; the moments from cell-program.ts, which is the order of
 * the JavaScript kernel's momentsOf19), so the two agree to the last bit of a float32 but where
 * a library square root differed (it does not: both are the correctly rounded IEEE one).
 *
 * Why a port at all: the pass walks every transported cell once for the velocities and the
 * production, and every level's cells 2^l times for the substeps (the finest levels hold most
 * cells), which in JavaScript cost about as much as all the collisions in WebAssembly.
 *
 * Arguments are byte addresses in the module's memory and counts, as the collision's.
 */
import { moments, type Assign, type Expr } from './cell-program.ts';
import { CMU_QUARTER, CMU_THREE_QUARTERS, SIGMA_K } from '../turbulence/k-l-model.ts';
import { NUT_MAX, ROLE } from '../turbulence/k-fields.ts';

const Q = 19;

/** A double-precision literal that round-trips (WAT float syntax). */
function f64(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`a constant of the k pass is not finite: ${x}`);
  const s = x.toString();
  return `(f64.const ${s.includes('e') || s.includes('.') ? s : `${s}.0`})`;
}

/** A cell-program expression in double precision (locals d_<name>). */
function emit(e: Expr): string {
  switch (e.op) {
    case 'var':
      return `(local.get $d_${e.name})`;
    case 'const':
      return f64(e.value);
    case 'sqrt':
    case 'neg':
      return `(f64.${e.op} ${emit(e.a)})`;
    default:
      return `(f64.${e.op} ${emit(e.a)} ${emit(e.b)})`;
  }
}

const get = (name: string) => `(local.get $${name})`;
const d = (name: string) => `(local.get $d_${name})`;
/** float32 element `index` (an i32 expression) of array `ptr`, promoted. */
const f32At = (ptr: string, index: string) => `(f64.promote_f32 (f32.load (i32.add ${get(ptr)} (i32.shl ${index} (i32.const 2)))))`;
const storeF32 = (ptr: string, index: string, value: string) => `(f32.store (i32.add ${get(ptr)} (i32.shl ${index} (i32.const 2))) (f32.demote_f64 ${value}))`;
const i32At = (ptr: string, index: string) => `(i32.load (i32.add ${get(ptr)} (i32.shl ${index} (i32.const 2))))`;
const roleAt = (index: string) => `(i32.load8_u (i32.add ${get('role')} ${index}))`;
/** Cell 3x + a of the velocity array. */
const uAt = (cell: string, a: number) => f32At('u', `(i32.add (i32.mul ${cell} (i32.const 3)) (i32.const ${a}))`);

function header(name: string, params: string[], ints: string[], doubles: string[], what: string): string[] {
  return [
    `  ;; ${what}`,
    `  (func $${name} (export "${name}") ${params.map((p) => (p.includes(':') ? `(param $${p.split(':')[0]} ${p.split(':')[1]})` : `(param $${p} i32)`)).join(' ')}`,
    `    ${ints.map((i) => `(local $${i} i32)`).join(' ')}`,
    `    ${[...new Set(doubles)].map((s) => `(local $d_${s} f64)`).join(' ')}`,
  ];
}

/** for (c = c0; c < c1; c++) { x = cells[c]; body } */
function cellLoop(body: string[]): string[] {
  return [
    `    (local.set $c ${get('c0')})`,
    '    (block $done',
    '      (loop $cells',
    `        (br_if $done (i32.ge_s ${get('c')} ${get('c1')}))`,
    `        (local.set $x ${i32At('cells', get('c'))})`,
    ...body.map((line) => `        ${line}`),
    `        (local.set $c (i32.add ${get('c')} (i32.const 1)))`,
    '        (br $cells)))',
    '  )',
    '',
  ];
}

/**
 * k-transport.ts velocities (the transported cells): u from the populations at home and the
 * lattice's strain |S| = (1.5/(ρτ))·√2·|Π_neq|, τ = 3(ν_z + ν_x + ν_t) + ½.
 */
function velocitiesFunction(): string[] {
  const program: Assign[] = moments();
  const names = [...Array.from({ length: Q }, (_, q) => `h${q}`), ...program.map((a) => a.name), 'tau', 'pn'];
  const body = [
    `(local.set $b (i32.add ${get('f')} (i32.shl ${get('x')} (i32.const 2))))`,
    ...Array.from(
      { length: Q },
      (_, q) => `(local.set $d_h${q} (f64.promote_f32 (f32.load (i32.add ${get('b')} (i32.mul ${get('n')} (i32.const ${4 * q}))))))`,
    ),
    ...program.map((a) => `(local.set $d_${a.name} ${emit(a.value)})`),
    ...['ux', 'uy', 'uz'].map((v, a) => storeF32('u', `(i32.add (i32.mul ${get('x')} (i32.const 3)) (i32.const ${a}))`, d(v))),
    // k = ⌊x/pxy⌋ − 1, i = x mod px − 1 (padded indexing).
    `(local.set $k (i32.sub (i32.div_u ${get('x')} ${get('pxy')}) (i32.const 1)))`,
    `(local.set $i (i32.sub (i32.rem_u ${get('x')} ${get('px')}) (i32.const 1)))`,
    `(local.set $d_tau (f64.add (f64.mul (f64.const 3) (f64.add (f64.add ${f32At('nuZ', get('k'))} ${f32At('nuX', get('i'))}) ${f32At('nut', get('x'))})) (f64.const 0.5)))`,
    `(local.set $d_pn (f64.sqrt (f64.add (f64.add (f64.add (f64.mul ${d('pxx')} ${d('pxx')}) (f64.mul ${d('pyy')} ${d('pyy')})) (f64.mul ${d('pzz')} ${d('pzz')})) (f64.mul (f64.const 2) (f64.add (f64.add (f64.mul ${d('pxy')} ${d('pxy')}) (f64.mul ${d('pxz')} ${d('pxz')})) (f64.mul ${d('pyz')} ${d('pyz')}))))))`,
    storeF32('strain', get('x'), `(f64.mul (f64.mul (f64.div (f64.const 1.5) (f64.mul ${d('rho')} ${d('tau')})) ${f64(Math.SQRT2)}) ${d('pn')})`),
  ];
  // Two cells at a time, x and x1, in f64x2 lanes: each lane the one-cell body's operations in its
  // order (lane-wise IEEE arithmetic, division and square root), so the same numbers.
  const v = (name: string) => `(local.get $v_${name})`;
  const pair = (ptr: string, i0: string, i1: string) =>
    `(f64x2.promote_low_f32x4 (v128.load32_lane 1 (i32.add ${get(ptr)} (i32.shl ${i1} (i32.const 2))) (v128.load32_zero (i32.add ${get(ptr)} (i32.shl ${i0} (i32.const 2))))))`;
  const storePair = (ptr: string, i0: string, i1: string, value: string) => [
    `(local.set $v_out (f32x4.demote_f64x2_zero ${value}))`,
    `(v128.store32_lane 0 (i32.add ${get(ptr)} (i32.shl ${i0} (i32.const 2))) ${v('out')})`,
    `(v128.store32_lane 1 (i32.add ${get(ptr)} (i32.shl ${i1} (i32.const 2))) ${v('out')})`,
  ];
  const three = (x: string, a: number) => `(i32.add (i32.mul ${x} (i32.const 3)) (i32.const ${a}))`;
  const two = [
    `(local.set $x ${i32At('cells', get('c'))})`,
    `(local.set $x1 (i32.load offset=4 (i32.add ${get('cells')} (i32.shl ${get('c')} (i32.const 2)))))`,
    ...Array.from(
      { length: Q },
      (_, q) =>
        `(local.set $v_h${q} ${pair('f', `(i32.add ${get('x')} (i32.mul ${get('n')} (i32.const ${q})))`, `(i32.add ${get('x1')} (i32.mul ${get('n')} (i32.const ${q})))`)})`,
    ),
    ...program.map((a) => `(local.set $v_${a.name} ${emit2(a.value)})`),
    ...['ux', 'uy', 'uz'].flatMap((name, a) => storePair('u', three(get('x'), a), three(get('x1'), a), v(name))),
    `(local.set $k (i32.sub (i32.div_u ${get('x')} ${get('pxy')}) (i32.const 1)))`,
    `(local.set $i (i32.sub (i32.rem_u ${get('x')} ${get('px')}) (i32.const 1)))`,
    `(local.set $k1 (i32.sub (i32.div_u ${get('x1')} ${get('pxy')}) (i32.const 1)))`,
    `(local.set $i1 (i32.sub (i32.rem_u ${get('x1')} ${get('px')}) (i32.const 1)))`,
    `(local.set $v_tau (f64x2.add (f64x2.mul (f64x2.splat (f64.const 3)) (f64x2.add (f64x2.add ${pair('nuZ', get('k'), get('k1'))} ${pair('nuX', get('i'), get('i1'))}) ${pair('nut', get('x'), get('x1'))})) (f64x2.splat (f64.const 0.5))))`,
    `(local.set $v_pn (f64x2.sqrt (f64x2.add (f64x2.add (f64x2.add (f64x2.mul ${v('pxx')} ${v('pxx')}) (f64x2.mul ${v('pyy')} ${v('pyy')})) (f64x2.mul ${v('pzz')} ${v('pzz')})) (f64x2.mul (f64x2.splat (f64.const 2)) (f64x2.add (f64x2.add (f64x2.mul ${v('pxy')} ${v('pxy')}) (f64x2.mul ${v('pxz')} ${v('pxz')})) (f64x2.mul ${v('pyz')} ${v('pyz')}))))))`,
    ...storePair(
      'strain',
      get('x'),
      get('x1'),
      `(f64x2.mul (f64x2.mul (f64x2.div (f64x2.splat (f64.const 1.5)) (f64x2.mul ${v('rho')} ${v('tau')})) (f64x2.splat ${f64(Math.SQRT2)})) ${v('pn')})`,
    ),
    `(local.set $c (i32.add ${get('c')} (i32.const 2)))`,
  ];
  return [
    ...header(
      'kVelocities',
      ['f', 'n', 'px', 'pxy', 'cells', 'c0', 'c1', 'nuZ', 'nuX', 'nut', 'u', 'strain'],
      ['c', 'x', 'b', 'k', 'i', 'x1', 'k1', 'i1'],
      names,
      'The transported cells c0..c1: mean velocity and the lattice strain (k-transport.ts velocities), two at a time, the last one alone.',
    ),
    `    ${[...new Set([...names, 'out'])].map((name) => `(local $v_${name} v128)`).join(' ')}`,
    `    (local.set $c ${get('c0')})`,
    '    (block $pairsDone',
    '      (loop $pairs',
    `        (br_if $pairsDone (i32.gt_s (i32.add ${get('c')} (i32.const 2)) ${get('c1')}))`,
    ...two.map((line) => `        ${line}`),
    '        (br $pairs)))',
    `    (if (i32.lt_s ${get('c')} ${get('c1')}) (then`,
    `      (local.set $x ${i32At('cells', get('c'))})`,
    ...body.map((line) => `      ${line}`),
    '    ))',
    '  )',
    '',
  ];
}

/** A cell-program expression in double precision, two lanes (locals v_<name>). */
function emit2(e: Expr): string {
  switch (e.op) {
    case 'var':
      return `(local.get $v_${e.name})`;
    case 'const':
      return `(f64x2.splat ${f64(e.value)})`;
    case 'sqrt':
    case 'neg':
      return `(f64x2.${e.op} ${emit2(e.a)})`;
    default:
      return `(f64x2.${e.op} ${emit2(e.a)} ${emit2(e.b)})`;
  }
}

/**
 * velocityGradient (k-transport.ts) of cell $x into locals $d_g0..$d_g8: centred where both
 * neighbours carry a velocity, one-sided where one does, a wall u = 0 half a cell away.
 */
function gradientLines(): string[] {
  const WALL = ROLE.WALL,
    NONE = ROLE.NONE;
  const gradient: string[] = [];
  for (let b = 0; b < 3; b++) {
    const o = ['(i32.const 1)', get('px'), get('pxy')][b];
    gradient.push(
      `(local.set $yp (i32.add ${get('x')} ${o}))`,
      `(local.set $ym (i32.sub ${get('x')} ${o}))`,
      `(local.set $rp ${roleAt(get('yp'))})`,
      `(local.set $rm ${roleAt(get('ym'))})`,
      `(local.set $d_dp (select (f64.const 0.5) (f64.const 1) (i32.eq ${get('rp')} (i32.const ${WALL}))))`,
      `(local.set $d_dm (select (f64.const 0.5) (f64.const 1) (i32.eq ${get('rm')} (i32.const ${WALL}))))`,
      `(local.set $hp (i32.ne ${get('rp')} (i32.const ${NONE})))`,
      `(local.set $hm (i32.ne ${get('rm')} (i32.const ${NONE})))`,
      `(local.set $d_den (select (f64.add ${d('dp')} ${d('dm')}) (select ${d('dp')} (select ${d('dm')} (f64.const 1) ${get('hm')}) ${get('hp')}) (i32.and ${get('hp')} ${get('hm')})))`,
      // The spacing is 0.5, 1, 1.5 or 2 (cells); dividing by 0.5, 1 or 2 is multiplying by 2, 1 or
      // 0.5 exactly (powers of two), so only a spacing of 1.5 (one wall neighbour) needs the division.
      `(local.set $third (f64.eq ${d('den')} (f64.const 1.5)))`,
      `(local.set $d_inv (select (f64.const 0.5) (select (f64.const 2) (f64.const 1) (f64.eq ${d('den')} (f64.const 0.5))) (f64.eq ${d('den')} (f64.const 2))))`,
    );
    for (let a = 0; a < 3; a++) {
      gradient.push(
        `(local.set $d_ua ${uAt(get('x'), a)})`,
        `(local.set $d_vp (select (f64.const 0) ${uAt(get('yp'), a)} (i32.eq ${get('rp')} (i32.const ${WALL}))))`,
        `(local.set $d_vm (select (f64.const 0) ${uAt(get('ym'), a)} (i32.eq ${get('rm')} (i32.const ${WALL}))))`,
        // The numerator and the spacing of whichever difference the neighbours allow (centred,
        // one-sided, or none: 0/1), the same quotient the reference computes.
        `(local.set $d_num (select (f64.sub ${d('vp')} ${d('vm')}) (select (f64.sub ${d('vp')} ${d('ua')}) (select (f64.sub ${d('ua')} ${d('vm')}) (f64.const 0) ${get('hm')}) ${get('hp')}) (i32.and ${get('hp')} ${get('hm')})))`,
        `(local.set $d_g${3 * a + b} (if (result f64) ${get('third')} (then (f64.div ${d('num')} ${d('den')})) (else (f64.mul ${d('num')} ${d('inv')}))))`,
      );
    }
  }
  return gradient;
}

/** The gradient's locals: the i32 ones and the doubles. */
const GRADIENT_INTS = ['c', 'x', 'yp', 'ym', 'rp', 'rm', 'hp', 'hm', 'third'];
const GRADIENT_DOUBLES = ['vp', 'vm', 'ua', 'dp', 'dm', 'den', 'inv', 'num', ...Array.from({ length: 9 }, (_, g) => `g${g}`)];

/**
 * k-transport.ts production: on the ground's first layer ν_t·(u*·wallShear)², u* = √C_f·|u_h|;
 * elsewhere ν_t·|S|²·min(1, |Ω|/|S|) with |Ω|/|S| from velocityGradient's differences (centred
 * where both neighbours carry a velocity, one-sided where one does, a wall u = 0 half a cell away).
 */
function productionFunction(): string[] {
  const GROUND = ROLE.GROUND;
  const doubles = ['ux', 'uy', 'shear', 'nut', 's', 's2', 'o2', 'e', 'ratio', 'vp', 'vm', 'ua', 'dp', 'dm', 'den', 'inv', 'num'];
  for (let g = 0; g < 9; g++) doubles.push(`g${g}`);
  const gradient = gradientLines();
  const sums: string[] = [`(local.set $d_s2 (f64.const 0))`, `(local.set $d_o2 (f64.const 0))`];
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      const ab = d(`g${3 * a + b}`),
        ba = d(`g${3 * b + a}`);
      sums.push(
        `(local.set $d_e (f64.mul (f64.const 0.5) (f64.add ${ab} ${ba})))`,
        `(local.set $d_s2 (f64.add ${d('s2')} (f64.mul ${d('e')} ${d('e')})))`,
        `(local.set $d_e (f64.mul (f64.const 0.5) (f64.sub ${ab} ${ba})))`,
        `(local.set $d_o2 (f64.add ${d('o2')} (f64.mul ${d('e')} ${d('e')})))`,
      );
    }
  const body = [
    `(local.set $d_nut ${f32At('nut', get('x'))})`,
    `(if (i32.eq ${roleAt(get('x'))} (i32.const ${GROUND})) (then`,
    `  (local.set $d_ux ${uAt(get('x'), 0)})`,
    `  (local.set $d_uy ${uAt(get('x'), 1)})`,
    `  (local.set $d_shear (f64.mul (f64.sqrt (f64.mul ${get('groundDrag')} (f64.add (f64.mul ${d('ux')} ${d('ux')}) (f64.mul ${d('uy')} ${d('uy')})))) ${get('groundShear')}))`,
    `  ${storeF32('prod', get('x'), `(f64.mul (f64.mul ${d('nut')} ${d('shear')}) ${d('shear')})`)}`,
    ') (else',
    ...gradient.map((line) => `  ${line}`),
    ...sums.map((line) => `  ${line}`),
    `  (local.set $d_ratio (select (f64.min (f64.const 1) (f64.sqrt (f64.div ${d('o2')} ${d('s2')}))) (f64.const 1) (f64.gt ${d('s2')} (f64.const 0))))`,
    `  (local.set $d_s ${f32At('strain', get('x'))})`,
    `  ${storeF32('prod', get('x'), `(f64.mul (f64.mul (f64.mul ${d('nut')} ${d('s')}) ${d('s')}) ${d('ratio')})`)}`,
    '))',
  ];
  return [
    ...header(
      'kProduction',
      ['cells', 'c0', 'c1', 'role', 'u', 'strain', 'prod', 'nut', 'px', 'pxy', 'groundDrag:f64', 'groundShear:f64'],
      ['c', 'x', 'yp', 'ym', 'rp', 'rm', 'hp', 'hm', 'third'],
      doubles,
      'Production of k of the transported cells c0..c1 (k-transport.ts production).',
    ),
    ...cellLoop(body),
  ];
}

/**
 * k-transport.ts lateralLengths (turbulence/lateral-length.ts): where the cell has a length without
 * the ground's limit, its share of horizontal strain w from the gradient and, above `above`,
 * len = wall + w·(free − wall); the wall length below it.
 */
function lateralLengthsFunction(): string[] {
  const s = (a: number, b: number) => `(f64.mul (f64.const 0.5) (f64.add ${d(`g${3 * a + b}`)} ${d(`g${3 * b + a}`)}))`;
  const sums: string[] = ['(local.set $d_ss (f64.const 0))'];
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) sums.push(`(local.set $d_e ${s(a, b)})`, `(local.set $d_ss (f64.add ${d('ss')} (f64.mul ${d('e')} ${d('e')})))`);
  const body = [
    `(local.set $d_fr ${f32At('free', get('x'))})`,
    `(if (f64.gt ${d('fr')} (f64.const 0)) (then`,
    ...gradientLines().map((line) => `  ${line}`),
    ...sums.map((line) => `  ${line}`),
    `  (local.set $d_half (f64.mul (f64.const 0.5) (f64.sub ${s(0, 0)} ${s(1, 1)})))`,
    `  (local.set $d_xy ${s(0, 1)})`,
    `  (local.set $d_w (select (f64.min (f64.const 1) (f64.div (f64.add (f64.mul (f64.mul (f64.const 2) ${d('half')}) ${d('half')}) (f64.mul (f64.mul (f64.const 2) ${d('xy')}) ${d('xy')})) ${d('ss')})) (f64.const 0) (f64.gt ${d('ss')} (f64.const 0))))`,
    `  (local.set $d_wl ${f32At('wall', get('x'))})`,
    `  ${storeF32('len', get('x'), `(select (f64.add ${d('wl')} (f64.mul ${d('w')} (f64.sub ${d('fr')} ${d('wl')}))) ${d('wl')} (f64.gt ${d('w')} ${get('above')}))`)}`,
    '))',
  ];
  return [
    ...header(
      'kLateralLengths',
      ['cells', 'c0', 'c1', 'role', 'u', 'len', 'free', 'wall', 'above:f64', 'px', 'pxy'],
      GRADIENT_INTS,
      [...GRADIENT_DOUBLES, 'ss', 'e', 'half', 'xy', 'w', 'fr', 'wl'],
      'The lateral length of the transported cells c0..c1 (k-transport.ts lateralLengths).',
    ),
    ...cellLoop(body),
  ];
}

/**
 * Where coefficient `j` (0..7) of transported cell `c` sits in the substeps' scratch (f64): cells
 * are paired (c, c + 1 for even c) and each coefficient of a pair is two neighbouring doubles, so
 * the paired loop reads an f64x2 per coefficient and the one-cell loop the lane of its cell.
 * Byte address: scratch + 8·(16·(c >> 1) + 2j + (c & 1)).
 */
const coefAddress = (j: number) =>
  `(i32.add ${get('coef')} (i32.shl (i32.add (i32.shl (i32.shr_u ${get('c')} (i32.const 1)) (i32.const 4)) (i32.add (i32.const ${2 * j}) (i32.and ${get('c')} (i32.const 1)))) (i32.const 3)))`;
const pairAddress = `(i32.add ${get('coef')} (i32.shl (i32.shr_u ${get('c')} (i32.const 1)) (i32.const 7)))`;

const STORE_PARAMS = ['cells', 'c0', 'c1', 'role', 'u', 'prod', 'len', 'nut', 'src', 'dst', 'dt:f64', 'px', 'pxy', 'coef'];
const REUSE_PARAMS = ['cells', 'c0', 'c1', 'len', 'src', 'dst', 'dt:f64', 'px', 'pxy', 'coef'];

/** What a closed face (a wall or a NONE neighbour) stores as its coefficient: no open face's coefficient is negative. */
const CLOSED = -1;

/**
 * k-transport.ts transportSubstep: src → dst over dt steps of the level; upwind advection and
 * face-averaged diffusion through the six faces (walls and NONE cells pass nothing), the
 * transport scaled down where its coefficients sum to more than 0.9/dt, dissipation implicit.
 *
 * With `store`, it also writes what the level's further substeps of this pass reuse (the face
 * coefficients, the scaled step dtT and dt·P: velocities, ν_t and production stay as they are
 * through a pass, only k changes) to the scratch, for kSubstepReuse.
 */
function substepFunction(store: boolean): string[] {
  // ν/σ_k; x/1 is x exactly, so with σ_k = 1 the division (six per cell) is left out.
  const diffusion = (nu: string) => (SIGMA_K === 1 ? nu : `(f64.div ${nu} ${f64(SIGMA_K)})`);
  const WALL = ROLE.WALL,
    NONE = ROLE.NONE;
  const faces: string[] = [];
  for (let face = 0; face < 6; face++) {
    const axis = face >> 1;
    const sign = face & 1 ? -1 : 1;
    const o = ['(i32.const 1)', get('px'), get('pxy')][axis];
    faces.push(
      `(local.set $y (i32.${sign > 0 ? 'add' : 'sub'} ${get('x')} ${o}))`,
      `(local.set $r ${roleAt(get('y'))})`,
      `(local.set $open (i32.and (i32.ne ${get('r')} (i32.const ${WALL})) (i32.ne ${get('r')} (i32.const ${NONE}))))`,
      `(local.set $d_un (f64.mul (f64.const ${sign * 0.5}) (f64.add ${uAt(get('x'), axis)} ${uAt(get('y'), axis)})))`,
      `(local.set $d_a (f64.add (select (f64.neg ${d('un')}) (f64.const 0) (f64.lt ${d('un')} (f64.const 0))) ${diffusion(`(f64.mul (f64.const 0.5) (f64.add ${d('nx')} ${f32At('nut', get('y'))}))`)}))`,
      `(local.set $d_acc (select (f64.add ${d('acc')} (f64.mul ${d('a')} (f64.sub ${f32At('src', get('y'))} ${d('kx')}))) ${d('acc')} ${get('open')}))`,
      `(local.set $d_coef (select (f64.add ${d('coef')} ${d('a')}) ${d('coef')} ${get('open')}))`,
      ...(store ? [`(f64.store ${coefAddress(face)} (select ${d('a')} (f64.const ${CLOSED}) ${get('open')}))`] : []),
    );
  }
  const name = store ? 'kSubstepStore' : 'kSubstep';
  const body = [
    `(local.set $d_kx ${f32At('src', get('x'))})`,
    `(local.set $d_nx ${f32At('nut', get('x'))})`,
    '(local.set $d_acc (f64.const 0))',
    '(local.set $d_coef (f64.const 0))',
    ...faces,
    `(local.set $d_dtT (select (f64.div (f64.const 0.9) ${d('coef')}) ${get('dt')} (f64.gt (f64.mul ${d('coef')} ${get('dt')}) (f64.const 0.9))))`,
    `(local.set $d_dtP (f64.mul ${get('dt')} ${f32At('prod', get('x'))}))`,
    ...(store ? [`(f64.store ${coefAddress(6)} ${d('dtT')})`, `(f64.store ${coefAddress(7)} ${d('dtP')})`] : []),
    `(local.set $d_kStar (f64.max (f64.const 0) (f64.add (f64.add ${d('kx')} (f64.mul ${d('dtT')} ${d('acc')})) ${d('dtP')})))`,
    storeF32(
      'dst',
      get('x'),
      `(f64.div ${d('kStar')} (f64.add (f64.const 1) (f64.div (f64.mul (f64.mul ${get('dt')} ${f64(CMU_THREE_QUARTERS)}) (f64.sqrt (f64.max ${d('kx')} (f64.const 0)))) ${f32At('len', get('x'))})))`,
    ),
  ];
  return [
    ...header(
      name,
      store ? STORE_PARAMS : STORE_PARAMS.slice(0, -1),
      ['c', 'x', 'y', 'r', 'open'],
      ['kx', 'nx', 'acc', 'coef', 'un', 'a', 'dtT', 'dtP', 'kStar'],
      store
        ? 'One transport substep of k, cells c0..c1, src to dst, keeping its coefficients in the scratch (coef) for the next substeps.'
        : 'One transport substep of k, cells c0..c1, src to dst (k-transport.ts transportSubstep).',
    ),
    ...cellLoop(body),
  ];
}

/**
 * A further substep of the same pass from the coefficients kSubstepStore kept: the same
 * operations in the same order on the same values (a closed face is skipped, as there), so the
 * same float32 results; two cells at a time in f64x2 lanes (lane-wise IEEE arithmetic and square
 * root, each lane the one-cell loop), the odd cells at either end one at a time. What it saves is
 * the faces' velocities, viscosities and roles and a division per cell, on levels that make two or
 * more substeps per pass (the finer levels, which hold most cells).
 */
function substepReuseFunction(): string[] {
  const offsets = ['(i32.const 1)', get('px'), get('pxy')];
  const neighbour = (face: number, x: string) => `(i32.${face & 1 ? 'sub' : 'add'} ${x} ${offsets[face >> 1]})`;
  const dtC = `(f64.mul ${get('dt')} ${f64(CMU_THREE_QUARTERS)})`;
  // One cell (scalar, its own lane of the scratch).
  const one: string[] = [`(local.set $d_kx ${f32At('src', get('x'))})`, '(local.set $d_acc (f64.const 0))'];
  for (let face = 0; face < 6; face++)
    one.push(
      `(local.set $d_a (f64.load ${coefAddress(face)}))`,
      `(local.set $d_acc (select (f64.add ${d('acc')} (f64.mul ${d('a')} (f64.sub ${f32At('src', neighbour(face, get('x')))} ${d('kx')}))) ${d('acc')} (f64.ne ${d('a')} (f64.const ${CLOSED}))))`,
    );
  one.push(
    `(local.set $d_kStar (f64.max (f64.const 0) (f64.add (f64.add ${d('kx')} (f64.mul (f64.load ${coefAddress(6)}) ${d('acc')})) (f64.load ${coefAddress(7)}))))`,
    storeF32(
      'dst',
      get('x'),
      `(f64.div ${d('kStar')} (f64.add (f64.const 1) (f64.div (f64.mul ${d('dtC')} (f64.sqrt (f64.max ${d('kx')} (f64.const 0)))) ${f32At('len', get('x'))})))`,
    ),
  );
  const oneCell = (label: string) => [
    `(local.set $x ${i32At('cells', get('c'))})`,
    ...one,
    `(local.set $c (i32.add ${get('c')} (i32.const 1)))`,
    `;; ${label}`,
  ];
  // Two cells, x0 and x1: a float32 of each, promoted, as an f64x2.
  const pair = (ptr: string, i0: string, i1: string) =>
    `(f64x2.promote_low_f32x4 (v128.load32_lane 1 (i32.add ${get(ptr)} (i32.shl ${i1} (i32.const 2))) (v128.load32_zero (i32.add ${get(ptr)} (i32.shl ${i0} (i32.const 2))))))`;
  const v = (name: string) => `(local.get $v_${name})`;
  const two: string[] = [
    `(local.set $x ${i32At('cells', get('c'))})`,
    `(local.set $x1 (i32.load offset=4 (i32.add ${get('cells')} (i32.shl ${get('c')} (i32.const 2)))))`,
    `(local.set $p ${pairAddress})`,
    `(local.set $v_kx ${pair('src', get('x'), get('x1'))})`,
    '(local.set $v_acc (v128.const f64x2 0 0))',
  ];
  for (let face = 0; face < 6; face++)
    two.push(
      `(local.set $v_a (v128.load offset=${16 * face} ${get('p')}))`,
      `(local.set $v_acc (v128.bitselect (f64x2.add ${v('acc')} (f64x2.mul ${v('a')} (f64x2.sub ${pair('src', neighbour(face, get('x')), neighbour(face, get('x1')))} ${v('kx')}))) ${v('acc')} (f64x2.ne ${v('a')} (v128.const f64x2 ${CLOSED} ${CLOSED}))))`,
    );
  two.push(
    `(local.set $v_kStar (f64x2.max (v128.const f64x2 0 0) (f64x2.add (f64x2.add ${v('kx')} (f64x2.mul (v128.load offset=96 ${get('p')}) ${v('acc')})) (v128.load offset=112 ${get('p')}))))`,
    `(local.set $v_out (f32x4.demote_f64x2_zero (f64x2.div ${v('kStar')} (f64x2.add (v128.const f64x2 1 1) (f64x2.div (f64x2.mul (f64x2.splat ${d('dtC')}) (f64x2.sqrt (f64x2.max ${v('kx')} (v128.const f64x2 0 0)))) ${pair('len', get('x'), get('x1'))})))))`,
    `(v128.store32_lane 0 (i32.add ${get('dst')} (i32.shl ${get('x')} (i32.const 2))) ${v('out')})`,
    `(v128.store32_lane 1 (i32.add ${get('dst')} (i32.shl ${get('x1')} (i32.const 2))) ${v('out')})`,
    `(local.set $c (i32.add ${get('c')} (i32.const 2)))`,
  );
  const indent = (lines: string[], by: string) => lines.map((line) => `${by}${line}`);
  return [
    ...header(
      'kSubstepReuse',
      REUSE_PARAMS,
      ['c', 'x', 'x1', 'p'],
      ['kx', 'acc', 'a', 'kStar', 'dtC'],
      'A further transport substep of k, cells c0..c1, src to dst, from the coefficients kSubstepStore kept (two cells at a time).',
    ),
    `    ${['kx', 'acc', 'a', 'kStar', 'out'].map((name) => `(local $v_${name} v128)`).join(' ')}`,
    `    (local.set $d_dtC ${dtC})`,
    `    (local.set $c ${get('c0')})`,
    // An odd first cell alone, so the pairs start on even cells (the scratch's pairs).
    `    (if (i32.and (i32.lt_s ${get('c')} ${get('c1')}) (i32.and ${get('c')} (i32.const 1))) (then`,
    ...indent(oneCell('the odd first cell'), '      '),
    '    ))',
    '    (block $pairsDone',
    '      (loop $pairs',
    `        (br_if $pairsDone (i32.gt_s (i32.add ${get('c')} (i32.const 2)) ${get('c1')}))`,
    ...indent(two, '        '),
    '        (br $pairs)))',
    `    (if (i32.lt_s ${get('c')} ${get('c1')}) (then`,
    ...indent(oneCell('the last cell'), '      '),
    '    ))',
    '  )',
    '',
  ];
}

/**
 * kSubstepStore or kSubstepReuse (`name`) over one slab of rows: the rows at y index j of every
 * height, rows[z·ny + j] .. rows[z·ny + j + 1] of the transported cells. The one-thread wavefront
 * (run-kernel.ts) walks the substeps of a pass slab by slab, so a slab's coefficients are read
 * again while they are still in the cache.
 */
function slabFunction(name: string, params: string[]): string[] {
  // The cell range of each row takes the place of c0..c1; everything else is passed on as it is.
  const forwarded = params.map((p) => (p === 'c0' ? get('from') : p === 'c1' ? get('to') : get(p.split(':')[0]))).join(' ');
  return [
    ...header(
      `${name}Slab`,
      ['rows', 'j', 'ny', 'nz', ...params.filter((p) => p !== 'c0' && p !== 'c1')],
      ['z', 'r', 'from', 'to'],
      [],
      `${name} over the slab of rows at y index j.`,
    ),
    '    (block $done',
    '      (loop $heights',
    `        (br_if $done (i32.ge_s ${get('z')} ${get('nz')}))`,
    `        (local.set $r (i32.add (i32.mul ${get('z')} ${get('ny')}) ${get('j')}))`,
    `        (local.set $from ${i32At('rows', get('r'))})`,
    `        (local.set $to (i32.load offset=4 (i32.add ${get('rows')} (i32.shl ${get('r')} (i32.const 2)))))`,
    `        (if (i32.lt_s ${get('from')} ${get('to')}) (then (call $${name} ${forwarded})))`,
    `        (local.set $z (i32.add ${get('z')} (i32.const 1)))`,
    '        (br $heights)))',
    '  )',
    '',
  ];
}

/**
 * k-transport.ts fillGiven, the ring's part: ghost cells g0..g1 take the parent's k, Σ w·k over
 * the up to eight parent cells of their stencil (−1: none), summed in double in the stencil's
 * order, into both k buffers.
 */
function ghostFunction(): string[] {
  const body = [
    '(local.set $d_v (f64.const 0))',
    ...Array.from({ length: 8 }, (_, c) => [
      `(local.set $y ${i32At('from', `(i32.add (i32.shl ${get('g')} (i32.const 3)) (i32.const ${c}))`)})`,
      `(if (i32.ge_s ${get('y')} (i32.const 0)) (then (local.set $d_v (f64.add ${d('v')} (f64.mul ${f32At('weight', `(i32.add (i32.shl ${get('g')} (i32.const 3)) (i32.const ${c}))`)} ${f32At('parentK', get('y'))})))))`,
    ]).flat(),
    `(local.set $x ${i32At('ghost', get('g'))})`,
    storeF32('k', get('x'), d('v')),
    storeF32('kNext', get('x'), d('v')),
  ];
  return [
    ...header(
      'kGhosts',
      ['ghost', 'from', 'weight', 'g0', 'g1', 'parentK', 'k', 'kNext'],
      ['g', 'x', 'y'],
      ['v'],
      'Ghost cells g0..g1 take k from the parent (k-transport.ts fillGiven).',
    ),
    `    (local.set $g ${get('g0')})`,
    '    (block $done',
    '      (loop $ghosts',
    `        (br_if $done (i32.ge_s ${get('g')} ${get('g1')}))`,
    ...body.map((line) => `        ${line}`),
    `        (local.set $g (i32.add ${get('g')} (i32.const 1)))`,
    '        (br $ghosts)))',
    '  )',
    '',
  ];
}

/** k-transport.ts eddyViscosities (the listed cells): ν_t = min(Cμ^¼·√max(k, 0)·ℓ, NUT_MAX). */
function eddyFunction(): string[] {
  const body = [
    storeF32(
      'nut',
      get('x'),
      `(f64.min (f64.mul (f64.mul ${f64(CMU_QUARTER)} (f64.sqrt (f64.max ${f32At('k', get('x'))} (f64.const 0)))) ${f32At('len', get('x'))}) ${f64(NUT_MAX)})`,
    ),
  ];
  return [
    ...header('kEddyViscosity', ['cells', 'c0', 'c1', 'k', 'len', 'nut'], ['c', 'x'], [], 'The eddy viscosity of cells c0..c1 from their k (k-transport.ts).'),
    ...cellLoop(body),
  ];
}

/** The k pass's functions, for the kernel module. */
export function kPassWat(): string[] {
  return [
    ...velocitiesFunction(),
    ...productionFunction(),
    ...lateralLengthsFunction(),
    ...substepFunction(false),
    ...substepFunction(true),
    ...substepReuseFunction(),
    ...slabFunction('kSubstepStore', STORE_PARAMS),
    ...slabFunction('kSubstepReuse', REUSE_PARAMS),
    ...ghostFunction(),
    ...eddyFunction(),
  ];
}
