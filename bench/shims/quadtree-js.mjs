// The browser stand-in for `import Quadtree from '@timohausmann/quadtree-js'` (see the import map
// in browser.html): quadtree-js 1.2.6 is a classic script that sets the global `Quadtree`, and
// browser.html loads it with a <script src> before any module runs.
const Quadtree = globalThis.Quadtree;
if (typeof Quadtree !== 'function') {
  throw new Error('quadtree-js is not loaded: browser.html must load node_modules/@timohausmann/quadtree-js/quadtree.js with a classic <script> first');
}
export default Quadtree;
