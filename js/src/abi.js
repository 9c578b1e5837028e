// Generated from cpp/abi.h by js/scripts/abi.mjs: edit that file, not this one (a test checks
// that this one is current).

/** The wasm's calls by their JavaScript names: embind registers these, the CSP build exports
 * the C functions, named session + the name capitalized (sessionCreate as _sessionCreate). */
export const CALLS = [
  'create',
  'createLinear',
  'destroy',
  'reply',
  'flush',
  'insert',
  'contains',
  'retrieve',
  'locate',
  'leafGrid',
  'allObjects',
  'nodeObjects',
  'pathObjects',
  'children',
  'nodeGeom',
  'childMask',
  'tutorialIndex',
  'preorder',
  'clear',
  'clearNode',
  'stats',
  'validate',
  'remove',
  'update',
  'scratch',
  'refresh',
  'refreshTutorial',
  'setRects',
  'search',
  'collides',
  'pairs',
  'nodeWalk',
];

export const STAGE_CAPACITY = 1024;
export const NO_MEMORY = -2147483648;

/** The Reply's doubles: indexes into HEAPF64 from the reply's address / 8. */
export const F64 = {
  gridX: 0,
  gridY: 1,
  gridScaleX: 2,
  gridScaleY: 3,
  nodeX: 4,
  nodeY: 5,
  nodeWidth: 6,
  nodeHeight: 7,
  nodeLevel: 8,
};

/** The Reply's int32s: indexes into HEAP32 from the reply's address / 4. */
export const I32 = {
  stageRects: 18,
  stageIds: 19,
  version: 20,
  results: 21,
  resultCount: 22,
  scratchIds: 23,
  rectTable: 24,
  rectTableSize: 25,
  gridCells: 26,
  gridBounds: 27,
  walk: 28,
  nodes: 29,
  leaves: 30,
  depth: 31,
  links: 32,
  entries: 33,
  objects: 34,
};
