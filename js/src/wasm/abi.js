// Generated from cpp/base/abi.h by js/scripts/abi.mjs: edit that file, not this one (a test checks
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
  'bulkCreate',
  'bulkDestroy',
  'bulkReserve',
  'bulkRects',
  'bulkPairs',
  'bulkPairList',
  'bulkBadRect',
  'bulkBeginScatter',
  'bulkScatterPart',
  'bulkSettle',
  'bulkSplitBands',
  'bulkReadyLanes',
  'bulkPairBands',
  'bulkGrow',
  'bulkFinish',
  'bulkStack',
  'bulkFree',
];

/** The cores the dist files carry, by name: each one's letter (QT_CORES). */
export const CORE_LETTERS = {
  rects: 'R',
  ts: 'T',
  ts_plus: 'P',
  bulk: 'B',
  bulk_threads: 'H',
};

/** The cores that have each call, as their letters (CORE_LETTERS). */
export const CORES = {
  create: 'R',
  createLinear: 'RP',
  destroy: 'RTP',
  reply: 'RTP',
  flush: 'R',
  insert: 'R',
  contains: 'RTP',
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
  clear: 'RTP',
  clearNode: 'R',
  stats: 'RTP',
  validate: 'RTP',
  remove: 'R',
  update: 'R',
  scratch: 'RTP',
  refresh: 'R',
  refreshTutorial: 'R',
  setRects: 'RP',
  search: 'RP',
  collides: 'RP',
  pairs: 'RP',
  nearest: 'RP',
  raycast: 'RP',
  nodeWalk: 'RTP',
  createTs: 'TP',
  tsInsert: 'TP',
  tsResume: 'TP',
  tsAbandon: 'TP',
  tsRetrieve: 'TP',
  tsLocate: 'TP',
  tsAnswer: 'TP',
  tsRemove: 'TP',
  tsJoin: 'TP',
  tsLists: 'TP',
  bulkCreate: 'BH',
  bulkDestroy: 'BH',
  bulkReserve: 'BH',
  bulkRects: 'BH',
  bulkPairs: 'BH',
  bulkPairList: 'BH',
  bulkBadRect: 'BH',
  bulkBeginScatter: 'H',
  bulkScatterPart: 'H',
  bulkSettle: 'H',
  bulkSplitBands: 'H',
  bulkReadyLanes: 'H',
  bulkPairBands: 'H',
  bulkGrow: 'H',
  bulkFinish: 'H',
  bulkStack: 'H',
  bulkFree: 'H',
};

export const STAGE_CAPACITY = 1024;
export const NO_MEMORY = -2147483648;
export const UNSUPPORTED = -2147483647;
export const NO_NODE = -1;
export const ASK_LOCATE = -2;
export const BAD_RECT = -3;
export const MOST_BULK_LANES = 16;
export const MAX_ID = 4194303;
export const MAX_LINEAR_DEPTH = 12;
export const AUTO_DEPTH = 0;
export const QUADTREE_KIND = 0;
export const TUTORIAL_KIND = 1;
export const SHAPE_RECT = 0;
export const SHAPE_CIRCLE = 1;
export const SHAPE_LINE = 2;
export const SHAPE_BYTES = 40;
export const SHAPE_KIND_AT = 32;

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
  stageKinds: 22,
  version: 23,
  results: 24,
  resultCount: 25,
  answerSlot: 26,
  answerFresh: 27,
  scratchIds: 28,
  scratchKinds: 29,
  rectTable: 30,
  rectTableSize: 31,
  shapeTable: 32,
  shapeTableSize: 33,
  gridCells: 34,
  gridBounds: 35,
  walk: 36,
  nodes: 37,
  leaves: 38,
  depth: 39,
  references: 40,
  objects: 41,
  lostIds: 42,
  lostCount: 43,
};

/** nodeWalk()'s row: each field's place among a node's numbers (HEAPF64), and their count. */
export const WALK_LEVEL = 0, WALK_X = 1, WALK_Y = 2, WALK_WIDTH = 3, WALK_HEIGHT = 4, WALK_TAG = 5, WALK_LEAF = 6;
export const WALK_ROW = 7;

/** tsLists()'s answer (HEAP32 from the reply's results): per node in pre-order, a header (each
 * field's place in it, and its length), then the node's list of ids. */
export const LIST_LENGTH = 0;
export const LIST_HEADER = 1;
