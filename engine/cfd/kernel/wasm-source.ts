/**
 * Writes the WebAssembly text (aa-kernel.wat) of a whole solver step's cell work, emitted from the
 * cell program (cell-program.ts): the AA-pattern step over runs of interior cells (as the
 * JavaScript kernel's collideRuns*, with SIMD over four neighbouring cells of a run, f32x4, and a
 * scalar loop for the run's last one to three cells), and in scalar code the slow path and the
 * prescribed cells (as collideSlow*, emitPrescribed*), the interface states and the restriction
 * (solver/step.ts prepare, restrict) and the statistics pass (solver/natural-pass.ts).
 * `npm run cfd:gen-kernel` writes the text and assembles it (wabt's wat2wasm, run in Node); a test
 * fails when either is stale.
 *
 * Why four cells at once works for both AA steps: a run is a row of cells along x, and the slots a
 * cell reads and writes are at fixed offsets from it (even step: its own slots; odd step: slot
 * opp(q) of x − c_q and slot q of x + c_q). Four neighbouring cells therefore read four
 * consecutive floats per population and write four consecutive floats, and no two cells of an odd
 * step touch the same slot (see kernel-source.ts), so reading all four before writing is safe.
 *
 * Arithmetic is float32, as the storage: populations are stored shifted (h = f − w), which keeps
 * single precision accurate enough for the collision (Lehmann, Krause, Amati, Sega, Harting &
 * Gekle, "Accuracy and performance of the lattice Boltzmann method with 64-bit, 32-bit, and
 * customized 16-bit number formats", Phys. Rev. E 106, 2022). The JavaScript kernel computes in
 * double; the two agree to float32 round-off.
 *
 * Arguments are byte addresses in the module's memory (f, runs, nuZ, nuX, the closure's arrays,
 * tables) and counts (n cells per slot plane, px, pxy, ranges of runs or cells), as the JavaScript
 * kernel's.
 */
import { CX, CY, CZ, OPP, Q, directionOf } from '../lattice/d3q19.ts';
import {
  add,
  assign,
  cellProgram,
  div,
  LAMINAR,
  moments,
  mul,
  post,
  PRODUCTION_CLOSURE,
  sqrt,
  sub,
  type Assign,
  type Closure,
  type Expr,
} from './cell-program.ts';
import { kPassWat } from './k-pass-wat.ts';

const CLOSURE = PRODUCTION_CLOSURE;

type Lane = 'vec' | 'scalar';

const num = (x: number): string => {
  const s = Math.fround(x).toString();
  return s.includes('e') || s.includes('.') ? s : `${s}.0`;
};

function emit(e: Expr, lane: Lane): string {
  const p = lane === 'vec' ? 'f32x4' : 'f32';
  switch (e.op) {
    case 'var':
      return `(local.get $${lane[0]}_${e.name})`;
    case 'const':
      return lane === 'vec' ? `(v128.const f32x4 ${Array(4).fill(num(e.value)).join(' ')})` : `(f32.const ${num(e.value)})`;
    case 'sqrt':
    case 'neg':
      return `(${p}.${e.op} ${emit(e.a, lane)})`;
    default:
      return `(${p}.${e.op} ${emit(e.a, lane)} ${emit(e.b, lane)})`;
  }
}

/** Per population q: the byte offset (from the cell's slot-0 address) it is read from and written to. */
function offsetLines(odd: boolean): string[] {
  const lines: string[] = [];
  for (let q = 1; q < Q; q++) {
    // o_q = cx + cy·px + cz·pxy, the neighbour offset (cells).
    const o = `(i32.add (i32.add (i32.const ${CX[q]}) (i32.mul (i32.const ${CY[q]}) (local.get $px))) (i32.mul (i32.const ${CZ[q]}) (local.get $pxy)))`;
    const plane = (slot: number) => `(i32.mul (local.get $n) (i32.const ${slot}))`;
    // Even: h_q from slot q of the cell, g_q to slot opp(q) of the cell.
    // Odd: h_q from slot opp(q) of x − c_q, g_q to slot q of x + c_q.
    const rd = odd ? `(i32.sub ${plane(OPP[q])} ${o})` : plane(q);
    const wr = odd ? `(i32.add ${plane(q)} ${o})` : plane(OPP[q]);
    lines.push(`    (local.set $rd${q} (i32.shl ${rd} (i32.const 2)))`);
    lines.push(`    (local.set $wr${q} (i32.shl ${wr} (i32.const 2)))`);
  }
  return lines;
}

/** The body of one step of the loop: load, collide, store, for 4 cells (vec) or 1 (scalar). */
function cellLines(program: Assign[], closure: Closure, lane: Lane): string[] {
  const l = lane[0];
  const load = lane === 'vec' ? 'v128.load' : 'f32.load';
  const store = lane === 'vec' ? 'v128.store' : 'f32.store';
  const nuk = lane === 'vec' ? '(f32x4.splat (local.get $nuk))' : '(local.get $nuk)';
  const add = lane === 'vec' ? 'f32x4.add' : 'f32.add';
  const lines: string[] = [];
  // $xb: the cell's byte index (x·4); $a: the address of its slot 0.
  lines.push(`        (local.set $xb (i32.shl (i32.add (local.get $base) (local.get $t)) (i32.const 2)))`);
  lines.push(`        (local.set $a (i32.add (local.get $f) (local.get $xb)))`);
  lines.push(
    `        (local.set $${l}_nu0 (${add} ${nuk} (${load} (i32.add (local.get $nuX) (i32.shl (i32.add (local.get $i0) (local.get $t)) (i32.const 2))))))`,
  );
  for (const input of closure.inputs) lines.push(`        (local.set $${l}_${input} (${load} (i32.add (local.get $${input}) (local.get $xb))))`);
  lines.push(`        (local.set $${l}_h0 (${load} (local.get $a)))`);
  for (let q = 1; q < Q; q++) lines.push(`        (local.set $${l}_h${q} (${load} (i32.add (local.get $a) (local.get $rd${q}))))`);
  for (const s of program) lines.push(`        (local.set $${l}_${s.name} ${emit(s.value, lane)})`);
  lines.push(`        (${store} (local.get $a) (local.get $${l}_g0))`);
  for (let q = 1; q < Q; q++) lines.push(`        (${store} (i32.add (local.get $a) (local.get $wr${q})) (local.get $${l}_g${q}))`);
  return lines;
}

function runFunction(odd: boolean, closure: Closure, name: string): string[] {
  const program = cellProgram(closure);
  const names = new Set<string>(['nu0', ...closure.inputs, ...Array.from({ length: Q }, (_, q) => `h${q}`), ...program.map((s) => s.name)]);
  const params = ['f', 'n', 'px', 'pxy', 'runs', 'r0', 'r1', 'nuZ', 'nuX', ...closure.inputs];
  const lines: string[] = [];
  lines.push(`  ;; ${odd ? 'Odd' : 'Even'} AA step over runs r0..r1 of interior cells${closure === LAMINAR ? ', without a closure' : ''}.`);
  lines.push(`  (func $${name} (export "${name}") ${params.map((p) => `(param $${p} i32)`).join(' ')}`);
  const ints = ['r', 'rp', 'base', 'len', 'i0', 't', 'xb', 'a'];
  for (let q = 1; q < Q; q++) ints.push(`rd${q}`, `wr${q}`);
  lines.push(`    ${ints.map((i) => `(local $${i} i32)`).join(' ')} (local $nuk f32)`);
  for (const lane of ['vec', 'scalar'] as const)
    lines.push(`    ${[...names].map((s) => `(local $${lane[0]}_${s} ${lane === 'vec' ? 'v128' : 'f32'})`).join(' ')}`);
  lines.push(...offsetLines(odd));
  lines.push(
    '    (local.set $r (local.get $r0))',
    '    (block $runsDone',
    '      (loop $runs',
    '        (br_if $runsDone (i32.ge_s (local.get $r) (local.get $r1)))',
    '        (local.set $rp (i32.add (local.get $runs) (i32.shl (local.get $r) (i32.const 4))))',
    '        (local.set $base (i32.load (local.get $rp)))',
    '        (local.set $len (i32.load offset=4 (local.get $rp)))',
    '        (local.set $nuk (f32.load (i32.add (local.get $nuZ) (i32.shl (i32.load offset=8 (local.get $rp)) (i32.const 2)))))',
    '        (local.set $i0 (i32.load offset=12 (local.get $rp)))',
    '        (local.set $t (i32.const 0))',
    '        (block $vecDone',
    '          (loop $vec',
    '            (br_if $vecDone (i32.gt_s (i32.add (local.get $t) (i32.const 4)) (local.get $len)))',
    ...cellLines(program, closure, 'vec').map((s) => `    ${s}`),
    '            (local.set $t (i32.add (local.get $t) (i32.const 4)))',
    '            (br $vec)))',
    '        (block $tailDone',
    '          (loop $tail',
    '            (br_if $tailDone (i32.ge_s (local.get $t) (local.get $len)))',
    ...cellLines(program, closure, 'scalar').map((s) => `    ${s}`),
    '            (local.set $t (i32.add (local.get $t) (i32.const 1)))',
    '            (br $tail)))',
    '        (local.set $r (i32.add (local.get $r) (i32.const 1)))',
    '        (br $runs)))',
    '  )',
    '',
  );
  return lines;
}

/** Scalar assignments as WAT lines (locals s_<name>). */
function scalarLines(program: Assign[], indent: string): string[] {
  return program.map((a) => `${indent}(local.set $s_${a.name} ${emit(a.value, 'scalar')})`);
}

const f32At = (ptr: string, index: string) => `(f32.load (i32.add (local.get $${ptr}) (i32.shl ${index} (i32.const 2))))`;
const i32At = (ptr: string, index: string) => `(i32.load (i32.add (local.get $${ptr}) (i32.shl ${index} (i32.const 2))))`;

/** The closure's per-cell arrays as pointer parameters (all but `skip`), each after a space. */
function closureParams(skip: string[] = []): string {
  return CLOSURE.inputs
    .filter((input) => !skip.includes(input))
    .map((input) => ` (param $${input} i32)`)
    .join('');
}

/** Loads of the closure's per-cell values at cell `index` into s_<input>. */
function closureLoads(index: string, indent: string, skip: string[] = []): string[] {
  return CLOSURE.inputs.filter((input) => !skip.includes(input)).map((input) => `${indent}(local.set $s_${input} ${f32At(input, index)})`);
}

function declare(names: Iterable<string>, ints: string[]): string[] {
  return [`    ${ints.map((i) => `(local $${i} i32)`).join(' ')}`, `    ${[...new Set(names)].map((s) => `(local $s_${s} f32)`).join(' ')}`];
}

/**
 * The ground's momentum source on a first-layer cell (kernel-source.ts slowLoop, kind 1): the
 * log-law wall stress taken implicitly, Δu = −C_f·|u_h|·u_h/(1 + C_f·|u_h|) (cf = C_f), and the
 * wall model's shear in place of the cell's own S_xz, S_yz (wallShear per unit friction velocity).
 */
function groundSource(): Assign[] {
  return [
    assign('sp', sqrt(add(mul('ux', 'ux'), mul('uy', 'uy')))),
    assign('c', mul('cf', 'sp')),
    assign('kd', div(sub(0, 'c'), add(1, 'c'))),
    assign('ex', add('ux', mul('kd', 'ux'))),
    assign('ey', add('uy', mul('kd', 'uy'))),
    assign('gw', div(sub(0, mul(mul(mul('rho', 'tau'), sqrt('cf')), 'wallShear')), 3)),
    assign('qxz', mul('gw', 'ux')),
    assign('qyz', mul('gw', 'uy')),
  ];
}

/**
 * The state a slow-path cell records for its neighbours in the hierarchy (ρ, u at the half-forced
 * velocity, S = −1.5/(ρτ)·Π_neq with the wall model's shear on the ground), into r0..r9.
 */
function recordProgram(): Assign[] {
  return [
    assign('ks', div(-1.5, mul('rho', 'tau'))),
    ...(['rho', 'ux+ex', 'uy+ey', 'uz+ez', 'pxx', 'pyy', 'pzz', 'pxy', 'qxz', 'qyz'] as const).map((v, c) =>
      assign(`r${c}`, c === 0 ? 'rho' : c < 4 ? mul(0.5, add(v.slice(0, 2), v.slice(3))) : mul('ks', v)),
    ),
  ];
}

/**
 * The slow path (cells next to walls, faces and interfaces, porous cells, recording cells), one
 * cell at a time: as kernel-source.ts slowLoop — populations through the cell's link table on odd
 * steps, the production closure (cell-program.ts), momentum sources by kind (1 ground: implicit log-law stress and
 * the wall model's shear; 2 vegetation drag; 3 the top's driving stress), the recorded state, and
 * the regularised collision at the forced velocity.
 */
function slowFunction(odd: boolean): string[] {
  const name = odd ? 'collideSlowOdd' : 'collideSlowEven';
  const head = [...moments(), ...CLOSURE.tau()];
  const ground = groundSource();
  const porous = [
    assign('c', mul('cf', sqrt(add(add(mul('ux', 'ux'), mul('uy', 'uy')), mul('uz', 'uz'))))),
    assign('kd', div(sub(0, 'c'), add(1, 'c'))),
    assign('ex', add('ux', mul('kd', 'ux'))),
    assign('ey', add('uy', mul('kd', 'uy'))),
    assign('ez', add('uz', mul('kd', 'uz'))),
  ];
  const top = [assign('ex', add('ux', 'cf'))];
  const record = recordProgram();
  const tail = post(['ex', 'ey', 'ez'], ['pxx', 'pyy', 'pzz', 'pxy', 'qxz', 'qyz']);
  const names = ['nu0', ...CLOSURE.inputs, 'cf', 'wallShear', 'ex', 'ey', 'ez', 'qxz', 'qyz', ...Array.from({ length: Q }, (_, q) => `h${q}`)];
  for (const part of [head, ground, porous, top, record, tail]) for (const a of part) names.push(a.name);
  const ints = ['s', 'x', 'b', 'kind', 'slot'];
  for (let q = 1; q < Q; q++) ints.push(`n${q}`);
  for (let q = 0; q < Q && odd; q++) ints.push(`r${q}`);
  const quads = slowQuads(odd, { head, ground, porous, top, record, tail });
  ints.push('q_t', ...[0, 1, 2, 3].flatMap((k) => [`q_c${k}`, ...Array.from({ length: Q }, (_, q) => `q_a${k}_${q}`)]));
  const lines = [
    `  ;; ${odd ? 'Odd' : 'Even'} AA step of slow-path cells s0..s1 (kernel-source.ts slowLoop): four at a time, the last one to three alone.`,
    `  (func $${name} (export "${name}") (param $f i32) (param $n i32) (param $cells i32) (param $read i32) (param $nu i32)${closureParams()} (param $dragKind i32) (param $drag i32) (param $record i32) (param $rec i32) (param $wallShear f32) (param $s0 i32) (param $s1 i32)`,
    ...declare(names, ints),
    `    ${[...new Set([...names, ...quads.names])].map((v) => `(local $v_${v} v128)`).join(' ')} (local $v_kinds v128) (local $v_m1 v128) (local $v_m2 v128) (local $v_m3 v128)`,
  ];
  for (let q = 1; q < Q; q++) lines.push(`    (local.set $n${q} (i32.mul (local.get $n) (i32.const ${4 * q})))`);
  lines.push(
    '    (local.set $s_wallShear (local.get $wallShear))',
    '    (local.set $s (local.get $s0))',
    ...quads.lines,
    '    (block $done',
    '      (loop $cells',
    '        (br_if $done (i32.ge_s (local.get $s) (local.get $s1)))',
    `        (local.set $x ${i32At('cells', '(local.get $s)')})`,
    '        (local.set $b (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
  );
  if (odd) {
    // Absolute slot addresses from the link table (19 per cell).
    lines.push('        (local.set $slot (i32.add (local.get $read) (i32.mul (local.get $s) (i32.const 76))))');
    for (let q = 0; q < Q; q++)
      lines.push(`        (local.set $r${q} (i32.add (local.get $f) (i32.shl (i32.load offset=${4 * q} (local.get $slot)) (i32.const 2))))`);
    for (let q = 0; q < Q; q++) lines.push(`        (local.set $s_h${q} (f32.load (local.get $r${q})))`);
  } else {
    lines.push('        (local.set $s_h0 (f32.load (local.get $b)))');
    for (let q = 1; q < Q; q++) lines.push(`        (local.set $s_h${q} (f32.load (i32.add (local.get $b) (local.get $n${q}))))`);
  }
  lines.push(`        (local.set $s_nu0 ${f32At('nu', '(local.get $s)')})`, ...closureLoads('(local.get $x)', '        '));
  lines.push(...scalarLines(head, '        '));
  lines.push(
    '        (local.set $s_ex (local.get $s_ux)) (local.set $s_ey (local.get $s_uy)) (local.set $s_ez (local.get $s_uz))',
    '        (local.set $s_qxz (local.get $s_pxz)) (local.set $s_qyz (local.get $s_pyz))',
    `        (local.set $s_cf ${f32At('drag', '(local.get $s)')})`,
    '        (local.set $kind (i32.load8_u (i32.add (local.get $dragKind) (local.get $s))))',
    '        (if (i32.eq (local.get $kind) (i32.const 1)) (then',
    ...scalarLines(ground, '          '),
    '        ))',
    '        (if (i32.eq (local.get $kind) (i32.const 2)) (then',
    ...scalarLines(porous, '          '),
    '        ))',
    '        (if (i32.eq (local.get $kind) (i32.const 3)) (then',
    ...scalarLines(top, '          '),
    '        ))',
    `        (local.set $slot ${i32At('record', '(local.get $s)')})`,
    '        (if (i32.ge_s (local.get $slot) (i32.const 0)) (then',
    ...scalarLines(record, '          '),
    '          (local.set $slot (i32.add (local.get $rec) (i32.mul (local.get $slot) (i32.const 40))))',
    ...Array.from({ length: 10 }, (_, c) => `          (f32.store offset=${4 * c} (local.get $slot) (local.get $s_r${c}))`),
    '        ))',
  );
  lines.push(...scalarLines(tail, '        '));
  for (let q = 0; q < Q; q++) {
    if (odd) lines.push(`        (f32.store (local.get $r${OPP[q]}) (local.get $s_g${q}))`);
    else
      lines.push(
        q === 0
          ? '        (f32.store (local.get $b) (local.get $s_g0))'
          : `        (f32.store (i32.add (local.get $b) (local.get $n${OPP[q]})) (local.get $s_g${q}))`,
      );
  }
  lines.push('        (local.set $s (i32.add (local.get $s) (i32.const 1)))', '        (br $cells)))', '  )', '');
  return lines;
}

/**
 * Per population q of a slow-path cell whose links are at fixed offsets: the byte offset (from the
 * cell's slot-0 address) it is read from, and the one its post-collision value goes to. Even step:
 * its own slots, as every cell. Odd step: an interior cell's (slot opp(q) of x − c_q, slot q of
 * x + c_q); on the first layer over the free-slip floor (`floor`), except across the floor, where
 * the link is the specular reflection of links.ts — a population arriving from below (c_z = +1)
 * is the mirrored one the in-plane cell x − (c_x, c_y, 0) sent down, read from that cell's slot
 * opp(mirror(q)), and one sent down goes to the in-plane cell's slot mirror(q). The slot a
 * population is read from is the one its opposite is written to (links.ts), so wr_q = rd_opp(q).
 */
function fixedOffsetLines(odd: boolean, floor: boolean): string[] {
  const cells = (q: number) => `(i32.add (i32.mul (i32.const ${CY[q]}) (local.get $px)) (i32.const ${CX[q]}))`;
  const plane = (slot: number) => `(i32.mul (local.get $n) (i32.const ${slot}))`;
  const read = (q: number) => {
    if (!odd) return plane(q);
    if (floor && CZ[q] === 1) return `(i32.sub ${plane(OPP[directionOf(CX[q], CY[q], -1)])} ${cells(q)})`;
    return `(i32.sub ${plane(OPP[q])} (i32.add ${cells(q)} (i32.mul (i32.const ${CZ[q]}) (local.get $pxy))))`;
  };
  const lines: string[] = [];
  for (let q = 1; q < Q; q++) {
    lines.push(`    (local.set $rd${q} (i32.shl ${read(q)} (i32.const 2)))`);
    lines.push(`    (local.set $wr${q} (i32.shl ${odd ? read(OPP[q]) : plane(OPP[q])} (i32.const 2)))`);
  }
  return lines;
}

/**
 * The slow-path cells whose links are all at fixed offsets (grid/level.ts SlowCells.linked):
 * cells with no momentum source that are on the slow path only because they record their state
 * for a finer level's ring or the outflow (`floor` false), and the first layer over the free-slip
 * floor (`floor`: the ground's wall stress and the wall model's shear). The slow path's program for
 * their kind — moments, the closure's τ, the source, the recorded state, the regularised collision
 * at the forced velocity — with the populations at fixed offsets (fixedOffsetLines). Four cells at
 * a time in f32x4 lanes where four entries of the list are neighbours along x, else one: each lane
 * does the one-cell slow path's operations in its order on the same values, so populations and
 * records are the slow path's to the bit (kernel/wasm-lanes.test.ts).
 * Why: through the link table each population was a gathered load and a scattered store, and the
 * lanes computed all three sources' programs; these cells are most of a refined level's slow path.
 */
function fixedFunction(odd: boolean, floor: boolean): string[] {
  const name = `collide${floor ? 'Floor' : 'Fixed'}${odd ? 'Odd' : 'Even'}`;
  const source: Assign[] = floor
    ? [...groundSource(), assign('ez', 'uz')]
    : [assign('ex', 'ux'), assign('ey', 'uy'), assign('ez', 'uz'), assign('qxz', 'pxz'), assign('qyz', 'pyz')];
  const program: Assign[] = [
    ...moments(),
    ...CLOSURE.tau(),
    ...source,
    ...recordProgram(),
    ...post(['ex', 'ey', 'ez'], ['pxx', 'pyy', 'pzz', 'pxy', 'qxz', 'qyz']),
  ];
  const names = [...new Set(['nu0', ...CLOSURE.inputs, 'cf', 'wallShear', ...Array.from({ length: Q }, (_, q) => `h${q}`), ...program.map((a) => a.name)])];
  const ints = ['s', 'x', 'a', 'sb', 'slot'];
  for (let q = 1; q < Q; q++) ints.push(`rd${q}`, `wr${q}`);
  const recordLines = (lane: Lane, m: number): string[] => [
    `        (local.set $slot ${i32At('record', `(i32.add (local.get $s) (i32.const ${m}))`)})`,
    '        (if (i32.ge_s (local.get $slot) (i32.const 0)) (then',
    '          (local.set $slot (i32.add (local.get $rec) (i32.mul (local.get $slot) (i32.const 40))))',
    ...Array.from(
      { length: 10 },
      (_, c) =>
        `          (f32.store offset=${4 * c} (local.get $slot) ${lane === 'vec' ? `(f32x4.extract_lane ${m} (local.get $v_r${c}))` : `(local.get $s_r${c})`})`,
    ),
    '        ))',
  ];
  const body = (lane: Lane): string[] => {
    const l = lane[0];
    const load = lane === 'vec' ? 'v128.load' : 'f32.load';
    const store = lane === 'vec' ? 'v128.store' : 'f32.store';
    return [
      `        (local.set $x ${i32At('cells', '(local.get $s)')})`,
      '        (local.set $sb (i32.shl (local.get $s) (i32.const 2)))',
      '        (local.set $a (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
      `        (local.set $${l}_nu0 (${load} (i32.add (local.get $nu) (local.get $sb))))`,
      ...(floor
        ? [
            `        (local.set $${l}_cf (${load} (i32.add (local.get $drag) (local.get $sb))))`,
            `        (local.set $${l}_wallShear ${lane === 'vec' ? '(f32x4.splat (local.get $wallShear))' : '(local.get $wallShear)'})`,
          ]
        : []),
      ...CLOSURE.inputs.map((input) => `        (local.set $${l}_${input} (${load} (i32.add (local.get $${input}) (i32.shl (local.get $x) (i32.const 2)))))`),
      `        (local.set $${l}_h0 (${load} (local.get $a)))`,
      ...Array.from({ length: Q - 1 }, (_, i) => `        (local.set $${l}_h${i + 1} (${load} (i32.add (local.get $a) (local.get $rd${i + 1}))))`),
      ...program.map((a) => `        (local.set $${l}_${a.name} ${emit(a.value, lane)})`),
      ...(lane === 'vec' ? [0, 1, 2, 3].flatMap((m) => recordLines(lane, m)) : recordLines(lane, 0)),
      `        (${store} (local.get $a) (local.get $${l}_g0))`,
      ...Array.from({ length: Q - 1 }, (_, i) => `        (${store} (i32.add (local.get $a) (local.get $wr${i + 1})) (local.get $${l}_g${i + 1}))`),
    ];
  };
  return [
    `  ;; ${odd ? 'Odd' : 'Even'} AA step of the slow list's fixed-offset ${floor ? 'first-layer (ground) cells' : 'cells without a source'} s0..s1 (collideSlow's program for their kind): four neighbours at a time, else one.`,
    `  (func $${name} (export "${name}") (param $f i32) (param $n i32) (param $px i32) (param $pxy i32) (param $cells i32) (param $nu i32)${closureParams()} (param $drag i32) (param $record i32) (param $rec i32) (param $wallShear f32) (param $s0 i32) (param $s1 i32)`,
    `    ${ints.map((i) => `(local $${i} i32)`).join(' ')}`,
    `    ${names.map((v) => `(local $s_${v} f32)`).join(' ')}`,
    `    ${names.map((v) => `(local $v_${v} v128)`).join(' ')}`,
    ...fixedOffsetLines(odd, floor),
    '    (local.set $s (local.get $s0))',
    '    (block $done',
    '      (loop $cells',
    '        (br_if $done (i32.ge_s (local.get $s) (local.get $s1)))',
    // Four entries that are neighbours along x: one vector per population and plane.
    `        (if (i32.and (i32.le_s (i32.add (local.get $s) (i32.const 4)) (local.get $s1)) (i32.eq ${i32At('cells', '(i32.add (local.get $s) (i32.const 3))')} (i32.add ${i32At('cells', '(local.get $s)')} (i32.const 3)))) (then`,
    ...body('vec').map((line) => `    ${line}`),
    '          (local.set $s (i32.add (local.get $s) (i32.const 4)))',
    '          (br $cells)',
    '        ))',
    ...body('scalar'),
    '        (local.set $s (i32.add (local.get $s) (i32.const 1)))',
    '        (br $cells)))',
    '  )',
    '',
  ];
}

/** The assignments of `part` with the names it defines prefixed (so variants can live side by side). */
function renamed(part: Assign[], prefix: string): Assign[] {
  const defined = new Set(part.map((a) => a.name));
  const walk = (e: Expr): Expr => {
    switch (e.op) {
      case 'var':
        return defined.has(e.name) ? { op: 'var', name: prefix + e.name } : e;
      case 'const':
        return e;
      case 'sqrt':
      case 'neg':
        return { op: e.op, a: walk(e.a) };
      default:
        return { op: e.op, a: walk(e.a), b: walk(e.b) };
    }
  };
  return part.map((a) => ({ name: prefix + a.name, value: walk(a.value) }));
}

/**
 * Slow-path cells four at a time, one in each lane of an f32x4: the one-cell program on each lane
 * (lane-wise IEEE float32 arithmetic and square root: every lane's numbers are the scalar loop's to
 * the bit). Each cell's momentum source depends on its kind, so all three are computed and each
 * lane keeps its own kind's (a bit mask per lane); the recorded state is stored for the lanes that
 * record; populations are gathered and stored lane by lane, in the cells' order. An AA step reads
 * and writes each slot from one cell only (on odd steps a cell writes back exactly the slots its
 * link table read), so no cell of the four reads what another writes.
 * Why: one at a time, the slow path was about an eighth of a district direction's CPU time.
 */
function slowQuads(odd: boolean, parts: Record<'head' | 'ground' | 'porous' | 'top' | 'record' | 'tail', Assign[]>): { lines: string[]; names: string[] } {
  const ground = renamed(parts.ground, 'G_'),
    porous = renamed(parts.porous, 'P_'),
    top = renamed(parts.top, 'T_');
  const at = (k: number) => `(i32.add (local.get $s) (i32.const ${k}))`;
  /** Lane k's cell as a byte offset (q_ck, set once per four cells). */
  const cellOf = (k: number) => `(local.get $q_c${k})`;
  const gather = (value: (k: number) => string) => [1, 2, 3].reduce((vec, k) => `(f32x4.replace_lane ${k} ${vec} ${value(k)})`, `(f32x4.splat ${value(0)})`);
  /**
   * Lane k's address of population q's slot: read, and (with OPP[q]) written back. Each is
   * computed once per four cells (q_ak_q: from the link table on odd steps, the cell's own slot
   * on even ones), not again for the store.
   */
  const slotOf = (k: number, q: number) => `(local.get $q_a${k}_${q})`;
  const addressLines = [
    ...[0, 1, 2, 3].map((k) => `        (local.set $q_c${k} (i32.shl ${i32At('cells', at(k))} (i32.const 2)))`),
    ...[0, 1, 2, 3].flatMap((k) => [
      ...(odd ? [`        (local.set $q_t (i32.add (local.get $read) (i32.mul ${at(k)} (i32.const 76))))`] : []),
      ...Array.from({ length: Q }, (_, q) =>
        odd
          ? `        (local.set $q_a${k}_${q} (i32.add (local.get $f) (i32.shl (i32.load offset=${4 * q} (local.get $q_t)) (i32.const 2))))`
          : `        (local.set $q_a${k}_${q} (i32.add (i32.add (local.get $f) (local.get $q_c${k})) ${q === 0 ? '(i32.const 0)' : `(local.get $n${q})`}))`,
      ),
    ]),
  ];
  const vec = (a: Assign) => `        (local.set $v_${a.name} ${emit(a.value, 'vec')})`;
  const pick = (name: string, g: string | null, p: string | null, t: string | null, base: string) => {
    let out = `(local.get $v_${base})`;
    if (t) out = `(v128.bitselect (local.get $v_${t}) ${out} (local.get $v_m3))`;
    if (p) out = `(v128.bitselect (local.get $v_${p}) ${out} (local.get $v_m2))`;
    if (g) out = `(v128.bitselect (local.get $v_${g}) ${out} (local.get $v_m1))`;
    return `        (local.set $v_${name} ${out})`;
  };
  const lines = [
    '    (block $quadsDone',
    '      (loop $quads',
    '        (br_if $quadsDone (i32.gt_s (i32.add (local.get $s) (i32.const 4)) (local.get $s1)))',
    ...addressLines,
    ...Array.from({ length: Q }, (_, q) => `        (local.set $v_h${q} ${gather((k) => `(f32.load ${slotOf(k, q)})`)})`),
    `        (local.set $v_nu0 ${gather((k) => f32At('nu', at(k)))})`,
    ...CLOSURE.inputs.map((input) => `        (local.set $v_${input} ${gather((k) => `(f32.load (i32.add (local.get $${input}) ${cellOf(k)}))`)})`),
    ...parts.head.map(vec),
    `        (local.set $v_cf ${gather((k) => f32At('drag', at(k)))})`,
    '        (local.set $v_wallShear (f32x4.splat (local.get $wallShear)))',
    `        (local.set $v_kinds ${[1, 2, 3].reduce((v, k) => `(i32x4.replace_lane ${k} ${v} (i32.load8_u (i32.add (local.get $dragKind) ${at(k)})))`, `(i32x4.splat (i32.load8_u (i32.add (local.get $dragKind) ${at(0)})))`)})`,
    ...[1, 2, 3].map((kind) => `        (local.set $v_m${kind} (i32x4.eq (local.get $v_kinds) (i32x4.splat (i32.const ${kind}))))`),
    ...ground.map(vec),
    ...porous.map(vec),
    ...top.map(vec),
    pick('ex', 'G_ex', 'P_ex', 'T_ex', 'ux'),
    pick('ey', 'G_ey', 'P_ey', null, 'uy'),
    pick('ez', null, 'P_ez', null, 'uz'),
    pick('qxz', 'G_qxz', null, null, 'pxz'),
    pick('qyz', 'G_qyz', null, null, 'pyz'),
    ...parts.record.map(vec),
    ...parts.tail.map(vec),
  ];
  for (let k = 0; k < 4; k++) {
    lines.push(
      `        (local.set $slot ${i32At('record', at(k))})`,
      '        (if (i32.ge_s (local.get $slot) (i32.const 0)) (then',
      '          (local.set $slot (i32.add (local.get $rec) (i32.mul (local.get $slot) (i32.const 40))))',
      ...Array.from({ length: 10 }, (_, c) => `          (f32.store offset=${4 * c} (local.get $slot) (f32x4.extract_lane ${k} (local.get $v_r${c})))`),
      '        ))',
    );
    for (let q = 0; q < Q; q++) lines.push(`        (f32.store ${slotOf(k, OPP[q])} (f32x4.extract_lane ${k} (local.get $v_g${q})))`);
  }
  lines.push('        (local.set $s (i32.add (local.get $s) (i32.const 4)))', '        (br $quads)))');
  return { lines, names: [...ground, ...porous, ...top].map((a) => a.name) };
}

/**
 * Prescribed cells (kernel-source.ts emitLoop): f_eq(ρ, u) + (1 − 1/τ)·f_neq for the cell's state
 * (ρ, u, S), τ = 3(ν0 + ν_t + L²·√2·|S|) + ½ (ν_t the cell's Level.nut) and Π_neq = −2ρ·cs²·τ·S; stored at home on even steps and
 * through the cell's write table on odd ones.
 */
function emitFunction(odd: boolean): string[] {
  const name = odd ? 'emitPrescribedOdd' : 'emitPrescribedEven';
  const st = ['rho', 'ux', 'uy', 'uz', 'sxx', 'syy', 'szz', 'sxy', 'sxz', 'syz'];
  const program: Assign[] = [
    assign(
      'sn',
      sqrt(add(add(add(mul('sxx', 'sxx'), mul('syy', 'syy')), mul('szz', 'szz')), mul(2, add(add(mul('sxy', 'sxy'), mul('sxz', 'sxz')), mul('syz', 'syz'))))),
    ),
    assign('tau', add(mul(3, add(add('nu0', 'nut'), mul(mul('len2', Math.SQRT2), 'sn'))), 0.5)),
    assign('kp', mul(mul(mul(-2, 'rho'), 1 / 3), 'tau')),
    ...['xx', 'yy', 'zz', 'xy', 'xz', 'yz'].map((c) => assign(`p${c}`, mul('kp', `s${c}`))),
    assign('rm', sub('rho', 1)),
    ...post(),
  ];
  const names = ['nu0', 'len2', 'nut', ...st, ...program.map((a) => a.name)];
  const ints = ['p', 'x', 'b', 'o', 'st', 'nb', 'cb', 'c0', 'c1', 'c2', 'c3'];
  for (let q = 1; q < Q; q++) ints.push(`n${q}`);
  const lines = [
    `  ;; ${odd ? 'Odd' : 'Even'} AA step of prescribed cells p0..p1 (kernel-source.ts emitLoop): four at a time, the last one to three alone.`,
    `  (func $${name} (export "${name}") (param $f i32) (param $n i32) (param $cells i32) (param $write i32) (param $nu i32) (param $len2 i32) (param $state i32) (param $p0 i32) (param $p1 i32) (param $nut i32)`,
    ...declare(names, ints),
    `    ${[...new Set(names)].map((v) => `(local $v_${v} v128)`).join(' ')}`,
  ];
  for (let q = 1; q < Q; q++) lines.push(`    (local.set $n${q} (i32.mul (local.get $n) (i32.const ${4 * q})))`);
  lines.push('    (local.set $p (local.get $p0))', ...emitQuads(odd, st, program));
  lines.push(
    '    (block $done',
    '      (loop $cells',
    '        (br_if $done (i32.ge_s (local.get $p) (local.get $p1)))',
    `        (local.set $x ${i32At('cells', '(local.get $p)')})`,
    '        (local.set $b (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
    '        (local.set $o (i32.add (local.get $state) (i32.mul (local.get $p) (i32.const 40))))',
    ...st.map((v, c) => `        (local.set $s_${v} (f32.load offset=${4 * c} (local.get $o)))`),
    `        (local.set $s_nu0 ${f32At('nu', '(local.get $p)')})`,
    `        (local.set $s_len2 ${f32At('len2', '(local.get $x)')})`,
    `        (local.set $s_nut ${f32At('nut', '(local.get $x)')})`,
    ...scalarLines(program, '        '),
  );
  if (odd) {
    lines.push('        (local.set $o (i32.add (local.get $write) (i32.mul (local.get $p) (i32.const 76))))');
    for (let q = 0; q < Q; q++)
      lines.push(`        (f32.store (i32.add (local.get $f) (i32.shl (i32.load offset=${4 * q} (local.get $o)) (i32.const 2))) (local.get $s_g${q}))`);
  } else {
    for (let q = 0; q < Q; q++)
      lines.push(
        q === 0
          ? '        (f32.store (local.get $b) (local.get $s_g0))'
          : `        (f32.store (i32.add (local.get $b) (local.get $n${OPP[q]})) (local.get $s_g${q}))`,
      );
  }
  lines.push('        (local.set $p (i32.add (local.get $p) (i32.const 1)))', '        (br $cells)))', '  )', '');
  return lines;
}

/**
 * Prescribed cells four at a time, one in each lane of an f32x4: the scalar loop's program on
 * each lane (lane-wise IEEE float32 arithmetic and square root, so every lane's numbers are the
 * scalar loop's to the bit), the states gathered lane by lane and the populations stored lane by
 * lane in the cells' order, so where two cells write one slot the later one wins as in the scalar
 * loop. A prescribed cell reads no populations, so no cell of the four reads what another wrote.
 * Why: one at a time, the emission of the interface rings was an eighth of a district direction.
 * Tried and dropped: one vector store per population where the four destinations are neighbouring
 * floats (most of the rings' cells); measured in turns against the lane-by-lane stores on the demo
 * district's grid, the emission took 1.14 times as long as with the lanes' stores.
 */
function emitQuads(odd: boolean, st: string[], program: Assign[]): string[] {
  const cell = (p: string) => i32At('cells', p);
  // The lanes' loads at constant offsets from one address each: the states and viscosities of
  // cells p..p + 3 (st, nb), and each lane's cell as a byte offset (c0..c3) into len2 and nut.
  const fromBase = (base: string, offset: (k: number) => number) =>
    [1, 2, 3].reduce(
      (vec, k) => `(f32x4.replace_lane ${k} ${vec} (f32.load offset=${offset(k)} (local.get $${base})))`,
      `(f32x4.splat (f32.load offset=${offset(0)} (local.get $${base})))`,
    );
  const fromCells = (ptr: string) =>
    [1, 2, 3].reduce(
      (vec, k) => `(f32x4.replace_lane ${k} ${vec} (f32.load (i32.add (local.get $${ptr}) (local.get $c${k}))))`,
      `(f32x4.splat (f32.load (i32.add (local.get $${ptr}) (local.get $c0))))`,
    );
  const lines = [
    '    (block $quadsDone',
    '      (loop $quads',
    '        (br_if $quadsDone (i32.gt_s (i32.add (local.get $p) (i32.const 4)) (local.get $p1)))',
    '        (local.set $st (i32.add (local.get $state) (i32.mul (local.get $p) (i32.const 40))))',
    '        (local.set $nb (i32.add (local.get $nu) (i32.shl (local.get $p) (i32.const 2))))',
    '        (local.set $cb (i32.add (local.get $cells) (i32.shl (local.get $p) (i32.const 2))))',
    ...[0, 1, 2, 3].map((k) => `        (local.set $c${k} (i32.shl (i32.load offset=${4 * k} (local.get $cb)) (i32.const 2)))`),
    ...st.map((v, c) => `        (local.set $v_${v} ${fromBase('st', (k) => 40 * k + 4 * c)})`),
    `        (local.set $v_nu0 ${fromBase('nb', (k) => 4 * k)})`,
    `        (local.set $v_len2 ${fromCells('len2')})`,
    `        (local.set $v_nut ${fromCells('nut')})`,
    ...program.map((a) => `        (local.set $v_${a.name} ${emit(a.value, 'vec')})`),
  ];
  for (let k = 0; k < 4; k++) {
    const value = (q: number) => `(f32x4.extract_lane ${k} (local.get $v_g${q}))`;
    if (odd) {
      lines.push(`        (local.set $o (i32.add (local.get $write) (i32.mul (i32.add (local.get $p) (i32.const ${k})) (i32.const 76))))`);
      for (let q = 0; q < Q; q++)
        lines.push(`        (f32.store (i32.add (local.get $f) (i32.shl (i32.load offset=${4 * q} (local.get $o)) (i32.const 2))) ${value(q)})`);
    } else {
      lines.push(`        (local.set $b (i32.add (local.get $f) (i32.shl ${cell(`(i32.add (local.get $p) (i32.const ${k}))`)} (i32.const 2))))`);
      for (let q = 0; q < Q; q++)
        lines.push(
          q === 0 ? `        (f32.store (local.get $b) ${value(0)})` : `        (f32.store (i32.add (local.get $b) (local.get $n${OPP[q]})) ${value(q)})`,
        );
    }
  }
  lines.push('        (local.set $p (i32.add (local.get $p) (i32.const 4)))', '        (br $quads)))');
  return lines;
}

/**
 * The states of prescribed cells before they emit (solver/step.ts prepare): an outlet cell takes
 * its upstream neighbour's recorded state at ρ = 1 (outRec: the record of the level's previous
 * step, when hasOut: not before the first); a ghost cell on the first substep of a parent step interpolates
 * the parent's recorded states (parentRec) with its stencil's weights and profile factors, and
 * keeps the half-step increment (ext = ½ after the parent's first step, else 0), which the second
 * substep adds. Sums in double, as the JavaScript reference.
 */
function prepareFunction(): string[] {
  /** The two float32 at byte offset `offset` of address `ptr`, promoted: an f64x2. */
  const pairAt = (offset: number, ptr: string) => `(f64x2.promote_low_f32x4 (v128.load64_zero offset=${offset} (local.get ${ptr})))`;
  const lines = [
    '  ;; Outlet and ghost cells p0..p1 take their states (solver/step.ts prepare).',
    '  (func $preparePrescribed (export "preparePrescribed") (param $state i32) (param $delta i32) (param $source i32) (param $slots i32) (param $weights i32) (param $fu i32) (param $fs i32) (param $parentRec i32) (param $ext f64) (param $sub i32) (param $hasOut i32) (param $outRec i32) (param $p0 i32) (param $p1 i32)',
    '    (local $p i32) (local $src i32) (local $at i32) (local $slot i32) (local $src0 i32) (local $m i32)',
    '    (local $w f64) (local $wu f64) (local $ws f64) (local $now f64)',
    `    ${Array.from({ length: 10 }, (_, m) => `(local $a${m} f64)`).join(' ')}`,
    `    ${Array.from({ length: 5 }, (_, i) => `(local $v_a${i} v128)`).join(' ')}`,
    '    (local.set $p (local.get $p0))',
    '    (block $done',
    '      (loop $cells',
    '        (br_if $done (i32.ge_s (local.get $p) (local.get $p1)))',
    '        (local.set $src (i32.load8_u (i32.add (local.get $source) (local.get $p))))',
    '        (local.set $at (i32.add (local.get $state) (i32.mul (local.get $p) (i32.const 40))))',
    `        (if (i32.eq (local.get $src) (i32.const ${2})) (then`,
    `          (local.set $slot ${i32At('slots', '(i32.shl (local.get $p) (i32.const 3))')})`,
    '          (if (i32.and (local.get $hasOut) (i32.ge_s (local.get $slot) (i32.const 0))) (then',
    '            (local.set $src0 (i32.add (local.get $outRec) (i32.mul (local.get $slot) (i32.const 40))))',
    '            (f32.store (local.get $at) (f32.const 1))',
    ...Array.from({ length: 9 }, (_, c) => `            (f32.store offset=${4 * (c + 1)} (local.get $at) (f32.load offset=${4 * (c + 1)} (local.get $src0)))`),
    '          ))',
    '        ))',
    `        (if (i32.eq (local.get $src) (i32.const ${3})) (then`,
    '          (local.set $m (i32.add (local.get $delta) (i32.mul (local.get $p) (i32.const 40))))',
    '          (if (i32.eq (local.get $sub) (i32.const 1)) (then',
    // Two values per f64x2 (each lane the scalar promote, add, demote).
    ...Array.from(
      { length: 5 },
      (_, i) =>
        `            (v128.store64_lane offset=${8 * i} 0 (local.get $at) (f32x4.demote_f64x2_zero (f64x2.add ${pairAt(8 * i, '$at')} ${pairAt(8 * i, '$m')})))`,
    ),
    '          ) (else',
    ...Array.from({ length: 5 }, (_, i) => `            (local.set $v_a${i} (f64x2.splat (f64.const 0)))`),
    // The stencil's eight entries unrolled (in their order), each array read at a constant
    // offset from the cell's first entry (slot: its byte offset).
    '            (local.set $slot (i32.shl (local.get $p) (i32.const 5)))',
    ...Array.from({ length: 8 }, (_, c) => {
      const at = (ptr: string) => `(f32.load offset=${4 * c} (i32.add (local.get $${ptr}) (local.get $slot)))`;
      return [
        `            (local.set $src0 (i32.load offset=${4 * c} (i32.add (local.get $slots) (local.get $slot))))`,
        '            (if (i32.ge_s (local.get $src0) (i32.const 0)) (then',
        `              (local.set $w (f64.promote_f32 ${at('weights')}))`,
        `              (local.set $wu (f64.mul (local.get $w) (f64.promote_f32 ${at('fu')})))`,
        `              (local.set $ws (f64.mul (local.get $w) (f64.promote_f32 ${at('fs')})))`,
        '              (local.set $src0 (i32.add (local.get $parentRec) (i32.mul (local.get $src0) (i32.const 40))))',
        // The ten sums as five f64x2 pairs, each lane with its value's weight (ρ and u_x: w and
        // w·f_u; u_y and u_z: w·f_u and w; the strains: w, but S_xz and S_yz: w·f_s).
        ...Array.from({ length: 5 }, (_, i) => {
          const weight = (m: number) => (m === 1 || m === 2 ? '$wu' : m === 8 || m === 9 ? '$ws' : '$w');
          const both = `(f64x2.replace_lane 1 (f64x2.splat (local.get ${weight(2 * i)})) (local.get ${weight(2 * i + 1)}))`;
          return `              (local.set $v_a${i} (f64x2.add (local.get $v_a${i}) (f64x2.mul ${both} ${pairAt(8 * i, '$src0')})))`;
        }),
        '            ))',
      ];
    }).flat(),
    ...Array.from({ length: 10 }, (_, m) => `            (local.set $a${m} (f64x2.extract_lane ${m & 1} (local.get $v_a${m >> 1})))`),
    '            (if (f64.gt (local.get $a0) (f64.const 0)) (then',
    ...Array.from({ length: 10 }, (_, m) => [
      // now = m < 4 ? acc : ½acc (strain per fine step); delta = ext·(now − (state − delta)); state = now.
      `              (local.set $now ${m < 4 ? `(local.get $a${m})` : `(f64.mul (f64.const 0.5) (local.get $a${m}))`})`,
      `              (f32.store offset=${4 * m} (local.get $m) (f32.demote_f64 (f64.mul (local.get $ext) (f64.sub (local.get $now) (f64.sub (f64.promote_f32 (f32.load offset=${4 * m} (local.get $at))) (f64.promote_f32 (f32.load offset=${4 * m} (local.get $m))))))))`,
      `              (f32.store offset=${4 * m} (local.get $at) (f32.demote_f64 (local.get $now)))`,
    ]).flat(),
    '            ))',
    '          ))',
    '        ))',
    '        (local.set $p (i32.add (local.get $p) (i32.const 1)))',
    '        (br $cells)))',
    '  )',
    '',
  ];
  return lines;
}

/**
 * Restriction (solver/step.ts restrict): a parent's RESTRICT cell takes the mean of its fluid
 * children's ρ, u (u_h with the profile factor) and strain (S_xz, S_yz with theirs; S per coarse
 * step is twice S per fine step), the strain from each child's Π_neq and its own τ (Smagorinsky,
 * the child's base viscosity, eddy viscosity and length).
 */
function restrictFunction(): string[] {
  const program = restrictProgram();
  const names = ['nu0', ...CLOSURE.inputs, ...Array.from({ length: Q }, (_, q) => `h${q}`), ...program.map((a) => a.name)];
  const quads = restrictQuads(program);
  const lines = [
    '  ;; RESTRICT cells p0..p1 of a parent from their children on the finer level (solver/step.ts restrict): four parents at a time where they allow it, else one.',
    `  (func $restrictPrescribed (export "restrictPrescribed") (param $state i32) (param $source i32) (param $slots i32) (param $fu i32) (param $fs i32) (param $f i32) (param $n i32) (param $px i32) (param $pxy i32) (param $nuZ i32) (param $nuX i32)${closureParams()} (param $p0 i32) (param $p1 i32)`,
    ...declare(names, ['p', 'at', 'c', 'slot', 'x', 'b', 'count', 'kq', 'iq', 'fux', 'fsx']),
    '    (local $wu f64) (local $ws f64) (local $inv f64)',
    `    ${Array.from({ length: 10 }, (_, m) => `(local $a${m} f64)`).join(' ')}`,
    `    ${quads.locals.map((v) => `(local $${v} v128)`).join(' ')}`,
    '    (local.set $p (local.get $p0))',
    '    (block $done',
    '      (loop $cells',
    '        (br_if $done (i32.ge_s (local.get $p) (local.get $p1)))',
    ...quads.lines,
    '        (if (i32.eq (i32.load8_u (i32.add (local.get $source) (local.get $p))) (i32.const 4)) (then',
    ...Array.from({ length: 10 }, (_, m) => `          (local.set $a${m} (f64.const 0))`),
    '          (local.set $count (i32.const 0))',
    '          (local.set $c (i32.const 0))',
    '          (block $childrenDone',
    '            (loop $children',
    '              (br_if $childrenDone (i32.ge_s (local.get $c) (i32.const 8)))',
    '              (local.set $slot (i32.add (i32.shl (local.get $p) (i32.const 3)) (local.get $c)))',
    `              (local.set $x ${i32At('slots', '(local.get $slot)')})`,
    '              (if (i32.ge_s (local.get $x) (i32.const 0)) (then',
    '                (local.set $b (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
    ...Array.from(
      { length: Q },
      (_, q) => `                (local.set $s_h${q} (f32.load (i32.add (local.get $b) (i32.mul (local.get $n) (i32.const ${4 * q})))))`,
    ),
    // k = ⌊x/pxy⌋ − 1, i = x mod px − 1 (padded indexing).
    `                (local.set $s_nu0 (f32.add ${f32At('nuZ', '(i32.sub (i32.div_u (local.get $x) (local.get $pxy)) (i32.const 1))')} ${f32At('nuX', '(i32.sub (i32.rem_u (local.get $x) (local.get $px)) (i32.const 1))')}))`,
    ...closureLoads('(local.get $x)', '                '),
    ...scalarLines(program, '                '),
    `                (local.set $wu (f64.promote_f32 ${f32At('fu', '(local.get $slot)')}))`,
    `                (local.set $ws (f64.promote_f32 ${f32At('fs', '(local.get $slot)')}))`,
    ...RESTRICT_VALUES.map(
      (v, m) => `                (local.set $a${m} (f64.add (local.get $a${m}) ${restrictTerm(m, restrictValue(m, 'scalar'), 'scalar')}))`,
    ),
    '                (local.set $count (i32.add (local.get $count) (i32.const 1)))',
    '              ))',
    '              (local.set $c (i32.add (local.get $c) (i32.const 1)))',
    '              (br $children)))',
    '          (local.set $at (i32.add (local.get $state) (i32.mul (local.get $p) (i32.const 40))))',
    '          (if (i32.eqz (local.get $count)) (then',
    '            (f32.store (local.get $at) (f32.const 1))',
    ...Array.from({ length: 9 }, (_, c) => `            (f32.store offset=${4 * (c + 1)} (local.get $at) (f32.const 0))`),
    '          ) (else',
    '            (local.set $inv (f64.convert_i32_s (local.get $count)))',
    ...Array.from(
      { length: 10 },
      (_, m) =>
        `            (f32.store offset=${4 * m} (local.get $at) (f32.demote_f64 ${restrictMean(m, `(local.get $a${m})`, '(local.get $inv)', 'scalar')}))`,
    ),
    '          ))',
    '        ))',
    '        (local.set $p (i32.add (local.get $p) (i32.const 1)))',
    '        (br $cells)))',
    '  )',
    '',
  ];
  return lines;
}

/** A child's moments, the closure's τ and the factor from Π_neq to the strain, ks = −1/(2ρ·cs²·τ). */
function restrictProgram(): Assign[] {
  return [...moments(), ...CLOSURE.tau(), assign('ks', div(-1, mul(mul(mul(2, 'rho'), 1 / 3), 'tau')))];
}

/** The ten values a parent takes the mean of: ρ, u, then the strain S = ks·Π_neq. */
const RESTRICT_VALUES = ['rho', 'ux', 'uy', 'uz', 'pxx', 'pyy', 'pzz', 'pxy', 'pxz', 'pyz'];

/** Value m of a child (float32): as it is for ρ and u, times ks for the strain. */
function restrictValue(m: number, lane: Lane): string {
  const l = lane[0];
  return m < 4
    ? `(local.get $${l}_${RESTRICT_VALUES[m]})`
    : `(${lane === 'vec' ? 'f32x4' : 'f32'}.mul (local.get $${l}_ks) (local.get $${l}_${RESTRICT_VALUES[m]}))`;
}

/**
 * The term value m adds to its sum (double): u_x, u_y with the profile's speed factor (wu), S_xz,
 * S_yz with its shear factor (ws), the others as they are. `promoted` is the value in double; in
 * the vector form the factors are $wu and $ws of the half of the lanes in hand.
 */
function restrictTerm(m: number, promotedOrValue: string, lane: Lane | 'pair', half: 'lo' | 'hi' = 'lo'): string {
  const promoted = lane === 'scalar' ? `(f64.promote_f32 ${promotedOrValue})` : promotedOrValue;
  const mulOp = lane === 'scalar' ? 'f64.mul' : 'f64x2.mul';
  const factor = (name: string) => (lane === 'scalar' ? `(local.get $${name})` : `(local.get $q_${name}_${half})`);
  return m === 1 || m === 2 ? `(${mulOp} ${factor('wu')} ${promoted})` : m === 8 || m === 9 ? `(${mulOp} ${factor('ws')} ${promoted})` : promoted;
}

/** The mean from the sum: ρ and u over the children, the strain twice that (a coarse step is two fine ones). */
function restrictMean(m: number, sum: string, count: string, lane: Lane | 'pair'): string {
  const p = lane === 'scalar' ? 'f64' : 'f64x2';
  const two = lane === 'scalar' ? '(f64.const 2)' : '(v128.const f64x2 2 2)';
  return `(${p}.div ${m < 4 ? sum : `(${p}.mul ${two} ${sum})`} ${count})`;
}

/**
 * Four RESTRICT cells at a time, one in each lane of an f32x4: where four consecutive entries of
 * the list are RESTRICT cells whose eight children are all fluid and, child by child, two fine
 * cells apart (four neighbouring parents along x, so each child's four lanes are every other float
 * of two neighbouring vectors in every population's plane). Each lane does the one-cell loop's
 * operations in its order — the same float32 program per child, the same double sums over the
 * children c = 0..7 — so every lane's state is the one-cell loop's to the bit. Anything else (a
 * solid child, the end of a row) goes one cell at a time below.
 * Why: one at a time, the restriction was about an eighth of a district direction's CPU time,
 * and the eight children's populations were gathered one float at a time from nineteen planes.
 */
function restrictQuads(program: Assign[]): { lines: string[]; locals: string[] } {
  const vecNames = ['nu0', ...CLOSURE.inputs, ...Array.from({ length: Q }, (_, q) => `h${q}`), ...program.map((a) => a.name)];
  const sums = Array.from({ length: 10 }, (_, m) => [`q_a${m}_lo`, `q_a${m}_hi`]).flat();
  const locals = [...new Set(vecNames)].map((v) => `v_${v}`).concat(sums, ['q_wu_lo', 'q_wu_hi', 'q_ws_lo', 'q_ws_hi', 'q_s0', 'q_s1', 'q_v']);
  /** Every other float from byte address `addr` on: lanes at addr, addr + 8, addr + 16, addr + 24. */
  const everyOther = (addr: string) => `(i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 (v128.load ${addr}) (v128.load offset=16 ${addr}))`;
  /** Lanes m = 0..3 of a per-slot float32 array at slot (p + m)·8 + c. */
  const slotGather = (at: string) =>
    [1, 2, 3].reduce(
      (vec, m) => `(f32x4.replace_lane ${m} ${vec} (f32.load offset=${32 * m} (local.get $${at})))`,
      `(f32x4.splat (f32.load (local.get $${at})))`,
    );
  const promoteHi = (v: string) => `(f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 ${v} ${v}))`;
  const lines = [
    // Four RESTRICT sources in a row, every child present, and lane m's children 2m cells on.
    '        (if (i32.and (i32.le_s (i32.add (local.get $p) (i32.const 4)) (local.get $p1)) (i32.eq (i32.load (i32.add (local.get $source) (local.get $p))) (i32.const 0x04040404))) (then',
    '          (local.set $slot (i32.add (local.get $slots) (i32.shl (local.get $p) (i32.const 5))))',
    '          (local.set $q_s0 (v128.load (local.get $slot)))',
    '          (local.set $q_s1 (v128.load offset=16 (local.get $slot)))',
    '          (local.set $count (i32.and (i32x4.all_true (i32x4.ge_s (local.get $q_s0) (v128.const i32x4 0 0 0 0))) (i32x4.all_true (i32x4.ge_s (local.get $q_s1) (v128.const i32x4 0 0 0 0)))))',
    ...[1, 2, 3].map(
      (m) =>
        `          (local.set $count (i32.and (local.get $count) (i32.and (i32x4.all_true (i32x4.eq (v128.load offset=${32 * m} (local.get $slot)) (i32x4.add (local.get $q_s0) (v128.const i32x4 ${Array(
          4,
        )
          .fill(2 * m)
          .join(' ')})))) (i32x4.all_true (i32x4.eq (v128.load offset=${32 * m + 16} (local.get $slot)) (i32x4.add (local.get $q_s1) (v128.const i32x4 ${Array(
          4,
        )
          .fill(2 * m)
          .join(' ')})))))))`,
    ),
    '        ))',
    '        (if (i32.and (i32.le_s (i32.add (local.get $p) (i32.const 4)) (local.get $p1)) (i32.and (local.get $count) (i32.eq (i32.load (i32.add (local.get $source) (local.get $p))) (i32.const 0x04040404)))) (then',
    ...sums.map((a) => `          (local.set $${a} (v128.const f64x2 0 0))`),
    '          (local.set $c (i32.const 0))',
    '          (block $quadChildrenDone',
    '            (loop $quadChildren',
    '              (br_if $quadChildrenDone (i32.ge_s (local.get $c) (i32.const 8)))',
    '              (local.set $slot (i32.add (i32.shl (local.get $p) (i32.const 3)) (local.get $c)))',
    `              (local.set $x ${i32At('slots', '(local.get $slot)')})`,
    '              (local.set $b (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
    ...Array.from(
      { length: Q },
      (_, q) => `              (local.set $v_h${q} ${everyOther(`(i32.add (local.get $b) (i32.mul (local.get $n) (i32.const ${4 * q})))`)})`,
    ),
    // The four lanes share the row: k = ⌊x/pxy⌋ − 1 for all, i = x mod px − 1 + 2m.
    '              (local.set $kq (i32.sub (i32.div_u (local.get $x) (local.get $pxy)) (i32.const 1)))',
    '              (local.set $iq (i32.sub (i32.rem_u (local.get $x) (local.get $px)) (i32.const 1)))',
    `              (local.set $v_nu0 (f32x4.add (f32x4.splat ${f32At('nuZ', '(local.get $kq)')}) ${[1, 2, 3].reduce(
      (vec, m) => `(f32x4.replace_lane ${m} ${vec} ${f32At('nuX', `(i32.add (local.get $iq) (i32.const ${2 * m}))`)})`,
      `(f32x4.splat ${f32At('nuX', '(local.get $iq)')})`,
    )}))`,
    ...CLOSURE.inputs.map(
      (input) => `              (local.set $v_${input} ${everyOther(`(i32.add (local.get $${input}) (i32.shl (local.get $x) (i32.const 2)))`)})`,
    ),
    ...program.map((a) => `              (local.set $v_${a.name} ${emit(a.value, 'vec')})`),
    '              (local.set $fux (i32.add (local.get $fu) (i32.shl (local.get $slot) (i32.const 2))))',
    '              (local.set $fsx (i32.add (local.get $fs) (i32.shl (local.get $slot) (i32.const 2))))',
    `              (local.set $q_v ${slotGather('fux')})`,
    '              (local.set $q_wu_lo (f64x2.promote_low_f32x4 (local.get $q_v)))',
    `              (local.set $q_wu_hi ${promoteHi('(local.get $q_v)')})`,
    `              (local.set $q_v ${slotGather('fsx')})`,
    '              (local.set $q_ws_lo (f64x2.promote_low_f32x4 (local.get $q_v)))',
    `              (local.set $q_ws_hi ${promoteHi('(local.get $q_v)')})`,
    ...RESTRICT_VALUES.flatMap((_, m) => [
      `              (local.set $q_v ${restrictValue(m, 'vec')})`,
      `              (local.set $q_a${m}_lo (f64x2.add (local.get $q_a${m}_lo) ${restrictTerm(m, '(f64x2.promote_low_f32x4 (local.get $q_v))', 'pair', 'lo')}))`,
      `              (local.set $q_a${m}_hi (f64x2.add (local.get $q_a${m}_hi) ${restrictTerm(m, promoteHi('(local.get $q_v)'), 'pair', 'hi')}))`,
    ]),
    '              (local.set $c (i32.add (local.get $c) (i32.const 1)))',
    '              (br $quadChildren)))',
    // Eight children each: the mean, lane by lane into the four states.
    '          (local.set $at (i32.add (local.get $state) (i32.mul (local.get $p) (i32.const 40))))',
    ...RESTRICT_VALUES.flatMap((_, m) =>
      (['lo', 'hi'] as const).flatMap((half, h) => {
        const mean = `(f32x4.demote_f64x2_zero ${restrictMean(m, `(local.get $q_a${m}_${half})`, '(v128.const f64x2 8 8)', 'pair')})`;
        return [
          `          (local.set $q_v ${mean})`,
          ...[0, 1].map((lane) => `          (f32.store offset=${40 * (2 * h + lane) + 4 * m} (local.get $at) (f32x4.extract_lane ${lane} (local.get $q_v)))`),
        ];
      }),
    ),
    '          (local.set $p (i32.add (local.get $p) (i32.const 4)))',
    '          (br $cells)',
    '        ))',
  ];
  return { lines, locals };
}

/**
 * The pass over a level's fluid cells with every population at home (solver/natural-pass.ts): this
 * thread's rows (j, k) dealt in turn; the divergence watch (largest |ρ − 1| and its cell, largest
 * speed, NaN count: given the values so far, returned updated) and, when accumulating, the
 * statistics: Σu, Σu² and the modelled k per cell — the transported k where the level carries it
 * (turbK, when hasTurbK), else (ν_t/(Cμ^¼·ℓ))² with ℓ the larger of the closure length and tkeLenZ
 * and ν_t from the base viscosity and the strain part only (Level.nut is zero with the mixing
 * length, and the JavaScript pass leaves it out); |U|, |U|², u², k in the pedestrian slab's layers
 * (sums in double there).
 */
function naturalFunction(): string[] {
  const program = [
    ...moments(),
    ...CLOSURE.tau(),
    assign('nuT', div(sub('tau', 0.5), 3)),
    assign('ell', mul(Math.sqrt(Math.sqrt(0.09)), 'lenK')),
    assign('kr', div('nuT', 'ell')),
    assign('kModel', mul('kr', 'kr')),
    assign('sp2', add(add(mul('ux', 'ux'), mul('uy', 'uy')), mul('uz', 'uz'))),
  ];
  const names = [
    'nu0',
    'len2',
    'nut',
    ...CLOSURE.inputs,
    'lenK',
    'nuk',
    'tkeK',
    ...Array.from({ length: Q }, (_, q) => `h${q}`),
    ...program.map((a) => a.name),
  ];
  const acc = (ptr: string, off: number, v: string) =>
    `(f32.store offset=${off} (local.get $${ptr}) (f32.add (f32.load offset=${off} (local.get $${ptr})) ${v}))`;
  const acc64 = (off: number, v: string) => `(f64.store offset=${off} (local.get $o) (f64.add (f64.load offset=${off} (local.get $o)) (f64.promote_f32 ${v})))`;
  const sq = (v: string) => `(f32.mul (local.get $s_${v}) (local.get $s_${v}))`;
  return [
    "  ;; Statistics and health over this thread's rows of a level (solver/natural-pass.ts).",
    `  (func $naturalPass (export "naturalPass") (param $f i32) (param $n i32) (param $px i32) (param $pxy i32) (param $nx i32) (param $ny i32) (param $nz i32) (param $kind i32) (param $nuZ i32) (param $nuX i32) (param $len2 i32)${closureParams(['len2', 'nut'])} (param $tkeLenZ i32) (param $turbK i32) (param $hasTurbK i32) (param $meanSum i32) (param $slabSum i32) (param $slabLayers i32) (param $accumulate i32) (param $health i32) (param $thread i32) (param $threads i32) (param $maxDrho f64) (param $maxU f64) (result f64 f64 f64 f64)`,
    ...declare(names, ['k', 'j', 'i', 'x', 'b', 'm', 'o', 'slab']),
    '    (local $nan f64) (local $worst f64) (local $d f64) (local $sp2 f64)',
    '    (local.set $worst (f64.const -1))',
    '    (local.set $k (i32.const 0))',
    '    (block $kDone',
    '      (loop $layers',
    '        (br_if $kDone (i32.ge_s (local.get $k) (local.get $nz)))',
    '        (local.set $slab (i32.and (local.get $accumulate) (i32.lt_s (local.get $k) (local.get $slabLayers))))',
    `        (local.set $s_nuk ${f32At('nuZ', '(local.get $k)')})`,
    `        (local.set $s_tkeK ${f32At('tkeLenZ', '(local.get $k)')})`,
    // j ≡ thread − k·ny (mod threads).
    '        (local.set $j (i32.rem_s (i32.add (i32.rem_s (i32.sub (local.get $thread) (i32.rem_s (i32.mul (local.get $k) (local.get $ny)) (local.get $threads))) (local.get $threads)) (local.get $threads)) (local.get $threads)))',
    '        (block $jDone',
    '          (loop $rows',
    '            (br_if $jDone (i32.ge_s (local.get $j) (local.get $ny)))',
    '            (local.set $x (i32.add (i32.add (i32.const 1) (i32.mul (i32.add (local.get $j) (i32.const 1)) (local.get $px))) (i32.mul (i32.add (local.get $k) (i32.const 1)) (local.get $pxy))))',
    '            (local.set $i (i32.const 0))',
    '            (block $iDone',
    '              (loop $cells',
    '                (br_if $iDone (i32.ge_s (local.get $i) (local.get $nx)))',
    `                (if (i32.eq (i32.load8_u (i32.add (local.get $kind) (local.get $x))) (i32.const ${1})) (then`,
    '                  (local.set $b (i32.add (local.get $f) (i32.shl (local.get $x) (i32.const 2))))',
    ...Array.from(
      { length: Q },
      (_, q) => `                  (local.set $s_h${q} (f32.load (i32.add (local.get $b) (i32.mul (local.get $n) (i32.const ${4 * q})))))`,
    ),
    `                  (local.set $s_nu0 (f32.add (local.get $s_nuk) ${f32At('nuX', '(local.get $i)')}))`,
    `                  (local.set $s_len2 ${f32At('len2', '(local.get $x)')})`,
    ...closureLoads('(local.get $x)', '                  ', ['len2', 'nut']),
    '                  (local.set $s_nut (f32.const 0))',
    '                  (local.set $s_lenK (f32.max (f32.sqrt (local.get $s_len2)) (local.get $s_tkeK)))',
    ...scalarLines(program, '                  '),
    `                  (if (local.get $hasTurbK) (then (local.set $s_kModel ${f32At('turbK', '(local.get $x)')})))`,
    '                  (if (local.get $health) (then',
    '                    (if (i32.or (f32.ne (local.get $s_rho) (local.get $s_rho)) (f32.ne (local.get $s_sp2) (local.get $s_sp2))) (then',
    '                      (local.set $nan (f64.add (local.get $nan) (f64.const 1)))))',
    '                    (local.set $d (f64.abs (f64.promote_f32 (local.get $s_rm))))',
    '                    (if (f64.gt (local.get $d) (local.get $maxDrho)) (then',
    '                      (local.set $maxDrho (local.get $d))',
    '                      (local.set $worst (f64.convert_i32_s (local.get $x)))))',
    '                    (local.set $sp2 (f64.promote_f32 (local.get $s_sp2)))',
    '                    (if (f64.gt (local.get $sp2) (f64.mul (local.get $maxU) (local.get $maxU))) (then',
    '                      (local.set $maxU (f64.sqrt (local.get $sp2)))))))',
    '                  (if (local.get $accumulate) (then',
    '                    (local.set $m (i32.add (local.get $meanSum) (i32.mul (local.get $x) (i32.const 28))))',
    `                    ${acc('m', 0, '(local.get $s_ux)')}`,
    `                    ${acc('m', 4, '(local.get $s_uy)')}`,
    `                    ${acc('m', 8, '(local.get $s_uz)')}`,
    `                    ${acc('m', 12, sq('ux'))}`,
    `                    ${acc('m', 16, sq('uy'))}`,
    `                    ${acc('m', 20, sq('uz'))}`,
    `                    ${acc('m', 24, '(local.get $s_kModel)')}`,
    '                    (if (local.get $slab) (then',
    '                      (local.set $o (i32.add (local.get $slabSum) (i32.mul (i32.add (i32.rem_u (local.get $x) (local.get $pxy)) (i32.mul (local.get $k) (local.get $pxy))) (i32.const 48))))',
    `                      ${acc64(0, '(f32.sqrt (local.get $s_sp2))')}`,
    `                      ${acc64(8, '(local.get $s_sp2)')}`,
    `                      ${acc64(16, sq('ux'))}`,
    `                      ${acc64(24, sq('uy'))}`,
    `                      ${acc64(32, sq('uz'))}`,
    `                      ${acc64(40, '(local.get $s_kModel)')}`,
    '                    ))',
    '                  ))',
    '                ))',
    '                (local.set $x (i32.add (local.get $x) (i32.const 1)))',
    '                (local.set $i (i32.add (local.get $i) (i32.const 1)))',
    '                (br $cells)))',
    '            (local.set $j (i32.add (local.get $j) (local.get $threads)))',
    '            (br $rows)))',
    '        (local.set $k (i32.add (local.get $k) (i32.const 1)))',
    '        (br $layers)))',
    '    (local.get $maxDrho) (local.get $maxU) (local.get $nan) (local.get $worst)',
    '  )',
    '',
  ];
}

export function kernelWat(): string {
  return [
    ';; Generated by engine/cfd/kernel/wasm-source.ts (`npm run cfd:gen-kernel`). Do not edit by hand.',
    ';; D3Q19 regularised BGK with a per-cell eddy viscosity and the Smagorinsky strain part, AA-pattern streaming: runs of interior cells (SIMD over 4 cells), slow path, prescribed cells, restriction, statistics; the transported-k pass (double precision).',
    '(module',
    '  (import "env" "memory" (memory 1 65536 shared))',
    '',
    ...runFunction(false, CLOSURE, 'collideRunsEven'),
    ...runFunction(true, CLOSURE, 'collideRunsOdd'),
    ...runFunction(false, LAMINAR, 'collideRunsEvenLaminar'),
    ...runFunction(true, LAMINAR, 'collideRunsOddLaminar'),
    ...slowFunction(false),
    ...slowFunction(true),
    ...fixedFunction(false, false),
    ...fixedFunction(true, false),
    ...fixedFunction(false, true),
    ...fixedFunction(true, true),
    ...emitFunction(false),
    ...emitFunction(true),
    ...prepareFunction(),
    ...restrictFunction(),
    ...naturalFunction(),
    ...kPassWat(),
    ')',
    '',
  ].join('\n');
}

/**
 * The assembled module as a TypeScript source (base64), so the engine ships it without a build step:
 * an array of lines joined, not one long sum of strings, whose nesting overflowed the linter's
 * parser once the module passed about a thousand lines.
 */
export function wasmModuleSource(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64');
  const parts: string[] = [];
  for (let i = 0; i < b64.length; i += 120) parts.push(`  '${b64.slice(i, i + 120)}',`);
  return [
    '// Generated by engine/cfd/kernel/wasm-source.ts from aa-kernel.wat (`npm run cfd:gen-kernel`). Do not edit by hand.',
    '',
    'export const AA_KERNEL_WASM_BASE64 = [',
    ...parts,
    "].join('');",
    '',
  ].join('\n');
}
