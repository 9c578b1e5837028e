// What names a tree's calls in messages: its class and the public method being run. A Session
// (main/session.js, ts/native-tree.js's TsSession: native-session.js), or a main tree's Seed
// (main/seed.js) before it has one.

export class Named {
  /** @param {string} className */
  constructor(className) {
    this.className = className;
    this.method = ''; // set by live() and the seed's checks
  }

  /** Where a message comes from, e.g. "LinearQuadtree.refresh": built only when a message is. */
  get where() {
    return this.className + '.' + this.method;
  }

  /** It stands for its `where` in messages: the checks take it instead of a string. */
  toString() {
    return this.where;
  }
}
