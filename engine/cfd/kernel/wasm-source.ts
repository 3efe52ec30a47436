/**
 * Writes the WebAssembly text (aa-kernel.wat) of the run loops: the same AA-pattern step over runs
 * of interior cells as the JavaScript kernel's collideRuns*, emitted from the cell program
 * (cell-program.ts), with SIMD over four neighbouring cells of a run (f32x4) and a scalar loop for
 * the run's last one to three cells. `npm run cfd:gen-kernel` writes the text and assembles it
 * (wabt's wat2wasm, run in Node); a test fails when either is stale.
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
 * Arguments are byte addresses in the module's memory (f, runs, nuZ, nuX and the closure's arrays)
 * and counts (n cells per slot plane, px, pxy, the run range r0..r1), as the JavaScript kernel's.
 */
import { CX, CY, CZ, OPP, Q } from '../lattice/d3q19.ts';
import { cellProgram, LAMINAR, SMAGORINSKY, type Assign, type Closure, type Expr } from './cell-program.ts';

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

export function kernelWat(): string {
  return [
    ';; Generated by engine/cfd/kernel/wasm-source.ts (`npm run cfd:gen-kernel`). Do not edit by hand.',
    ';; D3Q19 regularised BGK + Smagorinsky, AA-pattern streaming over runs of interior cells, SIMD over 4 cells.',
    '(module',
    '  (import "env" "memory" (memory 1 65536 shared))',
    '',
    ...runFunction(false, SMAGORINSKY, 'collideRunsEven'),
    ...runFunction(true, SMAGORINSKY, 'collideRunsOdd'),
    ...runFunction(false, LAMINAR, 'collideRunsEvenLaminar'),
    ...runFunction(true, LAMINAR, 'collideRunsOddLaminar'),
    ')',
    '',
  ].join('\n');
}

/** The assembled module as a TypeScript source (base64), so the engine ships it without a build step. */
export function wasmModuleSource(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64');
  const lines = [
    '// Generated by engine/cfd/kernel/wasm-source.ts from aa-kernel.wat (`npm run cfd:gen-kernel`). Do not edit by hand.',
    '',
    'export const AA_KERNEL_WASM_BASE64 =',
    '',
  ];
  const parts: string[] = [];
  for (let i = 0; i < b64.length; i += 120) parts.push(`  '${b64.slice(i, i + 120)}'`);
  lines[3] = parts.join(' +\n') + ';';
  return lines.join('\n') + '\n';
}
