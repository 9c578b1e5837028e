// The object <-> id table of one tree. Objects never cross into WebAssembly: each distinct object
// gets a dense integer id here, the native tree indexes ids, and query results come back as ids
// that objects[id] maps to the caller's objects. Nothing is written onto the objects.
//
// The table outlives clear(): a game that clears and re-inserts the same objects every frame finds
// their ids again instead of building the map anew, and since it inserts them in the same order
// every frame, the id given at each position of the frame before is tried first, before the Map.
// What did not come back is let go once the tree is read (forgetStale()), and a new object takes
// the id of the one at its position that has not come back.
// An id is in the tree when its object was inserted since the last clear (inserted[id] === frame).

/** The tree holds objects. */
export const OBJECTS = 1;
/** The tree holds numeric ids given with setRects. */
export const IDS = 2;

export class Registry {
  constructor() {
    /** id -> object (or the id itself, for setRects) @type {any[]} */
    this.objects = [];
    /** object -> id @type {Map<any, number>} */
    this.idOf = new Map();
    // Plain arrays of small integers, grown one at a time: a typed array over 64 bytes gets a
    // backing store of its own, which costs a tree made for one frame more to make and collect.
    /** id -> frame of its last insert (0: none), for every id of `objects` @type {number[]} */
    this.inserted = [];
    this.frame = 1;
    /** position in the frame -> the id inserted there @type {number[]} */
    this.order = [];
    this.staging = 0; // position of the next insert since the last clear
    this.count = 0; // distinct objects in the tree
    this.known = 0; // objects in the table (in the tree, or kept from the frame before)
    /** ids free for reuse @type {number[]} */
    this.freeIds = [];
    this.mode = 0; // OBJECTS, IDS, or 0 before the first insert
  }

  /** The id of an object (or numeric id) now in the tree, or undefined. @param {unknown} item */
  present(item) {
    const id = this.mode === IDS ? (typeof item === 'number' && this.objects[item] === item ? item : undefined)
      : this.idOf.get(item);
    return id !== undefined && this.inserted[id] === this.frame ? id : undefined;
  }

  /** Marks `id` as in the tree this frame. @param {number} id */
  mark(id) {
    const inserted = this.inserted;
    while (inserted.length <= id) inserted.push(0); // dense, so the array stays packed
    if (inserted[id] !== this.frame) {
      inserted[id] = this.frame;
      this.count++;
    }
  }

  /** The id for an object, given one if it has none; marked as in the tree. @param {any} obj */
  idFor(obj) {
    let id = this.idOf.get(obj);
    if (id === undefined) {
      id = this.freeIds.length ? /** @type {number} */ (this.freeIds.pop()) : this.objects.length;
      this.objects[id] = obj;
      this.idOf.set(obj, id);
      this.known++;
    }
    this.mark(id);
    return id;
  }

  /** The id for the next object inserted at the root since the last clear. @param {any} obj */
  next(obj) {
    const p = this.staging++, order = this.order, objects = this.objects;
    let id = p < order.length ? order[p] : 0;
    if (objects[id] === obj) { // objects[] is idOf's inverse: this is obj's id
      this.mark(id);
      return id;
    }
    if (p < order.length && objects[id] !== undefined && this.inserted[id] !== this.frame && !this.idOf.has(obj)) {
      // A new object where the frame before had one that has not come back (or another tree had,
      // whose native tree this one took over: seed.js): it takes that id and the old one is let
      // go, so the ids stay as many as the objects and no other tree's objects are held.
      this.idOf.delete(objects[id]);
      objects[id] = obj;
      this.idOf.set(obj, id);
      this.mark(id);
      return id;
    }
    id = this.idFor(obj);
    // Positions past twice the table are not kept: a tree that is never cleared counts on.
    if (p < order.length) order[p] = id;
    else if (p === order.length && p < 2 * this.objects.length + 64) order.push(id);
    return id;
  }

  /** Numeric ids placed by setRects. @param {number} id */
  placed(id) {
    if (this.objects[id] === undefined) this.known++;
    this.objects[id] = id;
    this.mark(id);
  }

  /** Takes `id` out of the tree and the table (remove(), or an insert that did not fit). @param {number} id */
  drop(id) {
    this.release(id);
    this.count--;
  }

  /** Forgets `id` (its object is no longer in the tree). @param {number} id */
  release(id) {
    this.known--;
    if (this.mode === OBJECTS) {
      this.idOf.delete(this.objects[id]);
      this.freeIds.push(id);
    }
    this.objects[id] = undefined;
    this.inserted[id] = 0;
  }

  /**
   * After the tree was cleared: forgets the objects not inserted during the frame that just
   * ended (so nothing is held longer than one clear), and starts a new frame.
   */
  cleared() {
    this.staging = 0;
    if (this.mode === IDS) {
      this.objects = [];
      this.freeIds.length = 0;
      this.known = 0;
      this.mode = 0;
    } else {
      this.forgetStale();
    }
    this.count = 0;
    this.frame++;
  }

  /**
   * Forgets the objects kept from before the last clear that have not come back: at the next
   * clear, once the tree is read after its inserts (stage.js flush()), or refreshed.
   */
  forgetStale() {
    if (this.known === this.count) return; // in a steady loop every known object came back
    const objects = this.objects, inserted = this.inserted, frame = this.frame;
    for (let id = 0; id < objects.length; id++) {
      if (objects[id] !== undefined && inserted[id] !== frame) this.release(id);
    }
  }

  /**
   * Switches to holding objects or ids; a tree holds one kind at a time.
   * @param {number} mode OBJECTS or IDS @param {string | object} where for the message (see validate.js)
   */
  use(mode, where) {
    if (this.mode === mode) return;
    if (this.mode !== 0 && this.count > 0) {
      throw new TypeError(where + ': this tree holds ' +
        (this.mode === IDS ? 'numeric ids from setRects' : 'objects') +
        '; use one tree for objects and another for ids (or clear() it first)');
    }
    if (this.mode !== 0) { // empty but holding kept ids of the other kind
      this.objects = [];
      this.idOf.clear();
      this.freeIds.length = 0;
      this.known = 0;
    }
    this.mode = mode;
  }
}
