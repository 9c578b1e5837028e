// quadtree-wasm/threads (dist/quadtree-bulk.threads.mjs): BulkRects with pairs() on several threads
// (threads.js installs it on this file's copy of the class), on a core whose memory is shared. A
// page that is not cross-origin isolated cannot have that memory: there this entry gives quadtree-wasm/bulk's BulkRects (the file beside it,
// imported), on one thread, and says why (BulkRects.threadsUnavailable, and once on the console).
import { BulkRects as Threaded } from './bulk-rects.js';
import { installThreads, startTeam, unavailable } from './threads.js';
import { load } from '../wasm/native.js';
import { publish } from './publish.js';
import { BulkRects as Single, ready as singleReady } from 'quadtree-wasm:single';
// Last, so that the bundle has it after the code (see native.js).
import { wasm } from 'quadtree-wasm:wasm';

/** quadtree-wasm/bulk's BulkRects, where threads are unavailable: the same API, on one thread. */
class OneThread extends Single {
  static get threads() {
    return 1;
  }

  static set threads(n) {
    if (n !== 1) console.warn('quadtree-wasm/threads: one thread only: ' + unavailable);
  }

  static get threadsUnavailable() {
    return unavailable;
  }
}

installThreads(Threaded);
if (unavailable !== null) console.warn('quadtree-wasm/threads: pairs() runs on one thread: ' + unavailable);
// (resolves when a BulkRects can be made and its workers are ready)
const ready = unavailable === null ? load(wasm).then(startTeam) : singleReady;
const BulkRects = unavailable === null ? Threaded : OneThread;
publish(BulkRects, ready);

export { BulkRects, ready };
export default BulkRects;
