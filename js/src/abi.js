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
  'nearest',
  'raycast',
  'nodeWalk',
  'createTs',
  'tsInsert',
  'tsResume',
  'tsAbandon',
  'tsRetrieve',
  'tsLocate',
  'tsAnswer',
  'tsRemove',
  'tsJoin',
  'tsLists',
];

/** The cores that have each call: R the rect trees', T quadtree-ts's (cpp/tree_kinds.h). */
export const CORES = {
  create: 'R',
  createLinear: 'R',
  destroy: 'RT',
  reply: 'RT',
  flush: 'R',
  insert: 'R',
  contains: 'RT',
  retrieve: 'R',
  locate: 'R',
  leafGrid: 'R',
  allObjects: 'R',
  nodeObjects: 'R',
  pathObjects: 'R',
  children: 'R',
  nodeGeom: 'R',
  childMask: 'R',
  tutorialIndex: 'R',
  preorder: 'R',
  clear: 'RT',
  clearNode: 'R',
  stats: 'RT',
  validate: 'RT',
  remove: 'R',
  update: 'R',
  scratch: 'RT',
  refresh: 'R',
  refreshTutorial: 'R',
  setRects: 'R',
  search: 'R',
  collides: 'R',
  pairs: 'R',
  nearest: 'R',
  raycast: 'R',
  nodeWalk: 'RT',
  createTs: 'T',
  tsInsert: 'T',
  tsResume: 'T',
  tsAbandon: 'T',
  tsRetrieve: 'T',
  tsLocate: 'T',
  tsAnswer: 'T',
  tsRemove: 'T',
  tsJoin: 'T',
  tsLists: 'T',
};

export const STAGE_CAPACITY = 1024;
export const NO_MEMORY = -2147483648;
export const UNSUPPORTED = -2147483647;
export const NO_NODE = -1;
export const ASK_LOCATE = -2;
export const MAX_ID = 4194303;
export const MAX_LINEAR_DEPTH = 12;
export const AUTO_DEPTH = 0;
export const WALK_ROW = 7;
export const QUADTREE_KIND = 0;
export const TUTORIAL_KIND = 1;

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
  hitDistance: 9,
};

/** The Reply's int32s: indexes into HEAP32 from the reply's address / 4. */
export const I32 = {
  stageRects: 20,
  stageIds: 21,
  version: 22,
  results: 23,
  resultCount: 24,
  answerSlot: 25,
  answerFresh: 26,
  scratchIds: 27,
  rectTable: 28,
  rectTableSize: 29,
  gridCells: 30,
  gridBounds: 31,
  walk: 32,
  nodes: 33,
  leaves: 34,
  depth: 35,
  references: 36,
  objects: 37,
  lostIds: 38,
  lostCount: 39,
};
