// @timohausmann/quadtree-ts 2.3.0 with its documented defaults (maxObjects 10, maxLevels 4), and
// quadtree-wasm's drop-in for it (quadtree-wasm/quadtree-ts), running the same programs
// (ts-programs.mjs).
import * as original from '@timohausmann/quadtree-ts';
import * as dropIn from '../../dist/quadtree-ts.mjs';
import { tsPrograms } from './ts-programs.mjs';

export default [
  { id: 'quadtree-ts', family: 'quadtree-ts', name: 'quadtree-ts (10,4)', ...tsPrograms(original) },
  { id: 'quadtree-wasm-ts', family: 'quadtree-wasm-ts', name: 'quadtree-wasm/quadtree-ts (10,4)', ...tsPrograms(dropIn) },
];
