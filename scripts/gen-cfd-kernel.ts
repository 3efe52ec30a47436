/**
 * Writes the CFD kernels from the lattice tables: engine/cfd/kernel/aa-kernel.generated.ts (the
 * JavaScript kernel, kernel-source.ts), aa-kernel.wat (the WebAssembly text of its run loops,
 * wasm-source.ts) and aa-kernel-wasm.generated.ts (that text assembled by wabt, as base64). The
 * kernel test regenerates all three and fails when a committed one differs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kernelSource } from '@canopy/engine/cfd/kernel/kernel-source.ts';
import { kernelWat, wasmModuleSource } from '@canopy/engine/cfd/kernel/wasm-source.ts';
import { assembleWat } from '@canopy/engine/cfd/kernel/assemble-wat.ts';

const write = (name: string, text: string) => {
  const target = fileURLToPath(new URL(`../engine/cfd/kernel/${name}`, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
};
write('aa-kernel.generated.ts', kernelSource());
const wat = kernelWat();
write('aa-kernel.wat', wat);
write('aa-kernel-wasm.generated.ts', wasmModuleSource(await assembleWat(wat)));
