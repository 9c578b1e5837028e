// Registration only: every function takes and returns numbers (sessions by address), so calls
// stay cheap and nothing needs a manual .delete() on the JavaScript side.
#include <emscripten/bind.h>

#include "boundary.h"

EMSCRIPTEN_BINDINGS(quadtree_wasm) {
  using namespace emscripten;
  using namespace qt;
  function("create", &sessionCreate);
  function("createLinear", &sessionCreateLinear);
  function("destroy", &sessionDestroy);
  function("stageRects", &sessionStageRects);
  function("stageIds", &sessionStageIds);
  function("io", &sessionIo);
  function("geom", &sessionGeom);
  function("stageCapacity", &sessionStageCapacity);
  function("flush", &sessionFlush);
  function("insert", &sessionInsert);
  function("contains", &sessionContains);
  function("retrieve", &sessionRetrieve);
  function("locate", &sessionLocate);
  function("leafGrid", &sessionLeafGrid);
  function("allObjects", &sessionAllObjects);
  function("nodeObjects", &sessionNodeObjects);
  function("children", &sessionChildren);
  function("nodeGeom", &sessionNodeGeom);
  function("clear", &sessionClear);
  function("clearNode", &sessionClearNode);
  function("stats", &sessionStats);
  function("validate", &sessionValidate);
  function("remove", &sessionRemove);
  function("update", &sessionUpdate);
  function("scratch", &sessionScratch);
  function("refresh", &sessionRefresh);
  function("setRects", &sessionSetRects);
  function("search", &sessionSearch);
  function("collides", &sessionCollides);
  function("pairs", &sessionPairs);
  function("nodeWalk", &sessionNodeWalk);
}
