// The references the differential tests compare against, loaded from node_modules (never copied):
// - RealQuadtree: @timohausmann/quadtree-js 1.2.6 exactly as `require` gives it;
// - PatchedQuadtree: a second, independent evaluation of the same source file whose
//   prototype.getIndex applies our one deliberate difference, the midline rule: a rect for which
//   neither startIsWest nor endIsEast holds goes to both sides (same for north/south), where
//   quadtree-js would silently lose it. Everything else (split, insert, retrieve, clear) is the
//   package's own code.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export const RealQuadtree = require('@timohausmann/quadtree-js');

const packageDir = dirname(require.resolve('@timohausmann/quadtree-js/package.json'));
const sourcePath = join(packageDir, JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).main || 'quadtree.js');
const source = readFileSync(sourcePath, 'utf8');

/** A fresh, independent Quadtree class evaluated from the package's source file. */
export function loadIndependentCopy() {
  const mod = { exports: {} };
  // quadtree.js exports through `module.exports` when `module` exists
  new Function('module', 'exports', 'window', source)(mod, mod.exports, undefined);
  if (typeof mod.exports !== 'function') throw new Error('quadtree-js did not export a class from ' + sourcePath);
  return mod.exports;
}

/**
 * A copy of quadtree-js with the midline rule. `midline` records when the rule fired: `count`,
 * and `rects`, the rect objects (inserted objects or query rects) it fired for. Reset it with
 * `midline.reset()`.
 */
export function makePatchedReference() {
  const Quadtree = loadIndependentCopy();
  const midline = {
    count: 0,
    rects: new Set(),
    reset() {
      this.count = 0;
      this.rects.clear();
    },
  };
  Quadtree.prototype.getIndex = function (pRect) {
    const indexes = [];
    const verticalMidpoint = this.bounds.x + (this.bounds.width / 2);
    const horizontalMidpoint = this.bounds.y + (this.bounds.height / 2);
    let startIsNorth = pRect.y < horizontalMidpoint;
    let startIsWest = pRect.x < verticalMidpoint;
    let endIsEast = pRect.x + pRect.width > verticalMidpoint;
    let endIsSouth = pRect.y + pRect.height > horizontalMidpoint;
    // the midline rule: on a midline, neither side chosen -> both sides
    let fired = false;
    if (!startIsWest && !endIsEast) {
      startIsWest = endIsEast = true;
      fired = true;
    }
    if (!startIsNorth && !endIsSouth) {
      startIsNorth = endIsSouth = true;
      fired = true;
    }
    if (fired) {
      midline.count++;
      midline.rects.add(pRect);
    }
    if (startIsNorth && endIsEast) indexes.push(0);
    if (startIsWest && startIsNorth) indexes.push(1);
    if (startIsWest && endIsSouth) indexes.push(2);
    if (endIsEast && endIsSouth) indexes.push(3);
    return indexes;
  };
  Quadtree.midline = midline;
  return Quadtree;
}

export const PatchedQuadtree = makePatchedReference();

/** Every node of a reference (or our) tree, depth-first in child order, with its path. */
export function walk(tree, visit, path = []) {
  visit(tree, path);
  const nodes = tree.nodes;
  for (let i = 0; i < nodes.length; i++) walk(nodes[i], visit, path.concat(i));
}

/** Distinct objects of a tree's leaves, depth-first in child order, first occurrence kept. */
export function distinctObjects(tree) {
  const seen = new Set();
  walk(tree, (n) => {
    for (const o of n.objects) seen.add(o);
  });
  return [...seen];
}

/** The split shape of a tree: the paths of its split nodes, as strings. */
export function shape(tree) {
  const out = [];
  walk(tree, (n, path) => {
    if (n.nodes.length) out.push(path.join('.'));
  });
  return out;
}

/** The node at `path` (child indexes from the root), or undefined if the tree has no such node. */
export function nodeAt(tree, path) {
  let n = tree;
  for (const i of path) {
    const nodes = n.nodes;
    if (!nodes.length) return undefined;
    n = nodes[i];
  }
  return n;
}
