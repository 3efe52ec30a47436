/**
 * Assembles WebAssembly text with wabt's wat2wasm (compiled to JavaScript, runs in Node): used by
 * `npm run cfd:gen-kernel` and by the test that checks the committed module is current. The solver
 * itself loads the committed bytes and never needs wabt.
 */
export async function assembleWat(text: string): Promise<Uint8Array> {
  const { default: init } = await import('wabt');
  const wabt = await init();
  const features = { simd: true, threads: true };
  const module = wabt.parseWat('aa-kernel.wat', text, features);
  try {
    module.resolveNames();
    // The typings omit validate's features argument; without it wabt rejects shared memory.
    (module.validate as (options: typeof features) => void)(features);
    return Uint8Array.from(module.toBinary({ log: false, write_debug_names: false }).buffer);
  } finally {
    module.destroy();
  }
}
