// The modules js/src/wasm/native.js imports by name, which js/scripts/bundle.mjs provides per build
// (its wasmModules plugin): for `tsc -p js/tsconfig.json` only, never bundled.

declare module 'quadtree-wasm:glue' {
  /** Emscripten's MODULARIZE factory (built with synchronous instantiation: it returns the
   * module, whose `ready` settles once the instance is made). */
  export default function createNative(options: {
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): WebAssembly.Exports | {};
  }): any;
}

declare module 'quadtree-wasm:wasm' {
  /** The wasm as base64 of its raw LZMA1 stream, its unpacked size and the stream's lc/lp/pb;
   * and the decoder's wasm (cpp/wasm/unlzma.cpp) as base64. */
  export const wasm: { text: string; size: number; lc: number; lp: number; pb: number; decoder: string };
}

declare module 'quadtree-wasm:binding' {
  /** The wasm's calls under their JavaScript names (binding-embind.js or binding-csp.js). */
  export function calls(m: any): any;
}

declare module 'quadtree-wasm:core' {
  /** This build's core: its letter in abi.h's QT_CORES (CORE_LETTERS), '' for every kind's. */
  export const CORE: string;
}

declare module 'quadtree-wasm:single' {
  /** quadtree-wasm/bulk's file beside the threaded one (dist/quadtree-bulk.mjs, external to its
   * bundle): the fallback where memory cannot be shared. */
  export const BulkRects: typeof import('../bulk/bulk-rects.js').BulkRects;
  export const ready: Promise<void>;
}
