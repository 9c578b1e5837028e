// quadtree-ts 2.3.0's shape classes: plain JavaScript, as users call their qtIndex with any `this`
// (a mapping wrapper passes a plain object) and the statics as stand-alone tests. Each qtIndex
// does the package's double operations in its order, which cpp/shapes/shape_geometry.h repeats natively:
// the two agree bit for bit (tests/api/shape-geometry.test.mjs). Circle's and Line's qtIndex call
// their static through the class binding at call time, so a patched static takes effect.

/** @typedef {{ x: number, y: number, width: number, height: number }} NodeGeometry */

export class Rectangle {
  /** @param {any} props */
  constructor(props) {
    this.x = props.x;
    this.y = props.y;
    this.width = props.width;
    this.height = props.height;
    this.data = props.data;
  }

  /** The quadrants this rect reaches: strict comparisons with the node's midlines.
   * @param {NodeGeometry} node */
  qtIndex(node) {
    const midX = node.x + node.width / 2;
    const midY = node.y + node.height / 2;
    const north = this.y < midY;
    const west = this.x < midX;
    const east = this.x + this.width > midX;
    const south = this.y + this.height > midY;
    const hit = [];
    if (north && east) hit.push(0);
    if (west && north) hit.push(1);
    if (west && south) hit.push(2);
    if (east && south) hit.push(3);
    return hit;
  }
}

// The quadrants' corners as the shapes' qtIndex builds them (0 top-right, 1 top-left, 2
// bottom-left, 3 bottom-right): each far edge is its origin plus half the node's size.
/** @param {NodeGeometry} node @param {(minX: number, minY: number, maxX: number, maxY: number) => boolean} meets */
function quadrantsMet(node, meets) {
  const w2 = node.width / 2;
  const h2 = node.height / 2;
  const midX = node.x + w2;
  const midY = node.y + h2;
  const left = node.x;
  const top = node.y;
  const hit = [];
  if (meets(midX, top, midX + w2, top + h2)) hit.push(0);
  if (meets(left, top, left + w2, top + h2)) hit.push(1);
  if (meets(left, midY, left + w2, midY + h2)) hit.push(2);
  if (meets(midX, midY, midX + w2, midY + h2)) hit.push(3);
  return hit;
}

export class Circle {
  /** @param {any} props */
  constructor(props) {
    this.x = props.x;
    this.y = props.y;
    this.r = props.r;
    this.data = props.data;
  }

  /** @param {NodeGeometry} node */
  qtIndex(node) {
    return quadrantsMet(node, (minX, minY, maxX, maxY) => Circle.intersectRect(this.x, this.y, this.r, minX, minY, maxX, maxY));
  }

  /** Whether the rect's point nearest the centre is nearer than r (touching does not count).
   * @param {number} x @param {number} y @param {number} r
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY */
  static intersectRect(x, y, r, minX, minY, maxX, maxY) {
    const dx = x - Math.max(minX, Math.min(x, maxX));
    const dy = y - Math.max(minY, Math.min(y, maxY));
    return dx * dx + dy * dy < r * r;
  }
}

export class Line {
  /** @param {any} props */
  constructor(props) {
    this.x1 = props.x1;
    this.y1 = props.y1;
    this.x2 = props.x2;
    this.y2 = props.y2;
    this.data = props.data;
  }

  /** @param {NodeGeometry} node */
  qtIndex(node) {
    return quadrantsMet(node, (minX, minY, maxX, maxY) => Line.intersectRect(this.x1, this.y1, this.x2, this.y2, minX, minY, maxX, maxY));
  }

  /** An endpoint in the closed rect, or the segment's line crossing an edge strictly inside it.
   * (A segment through two opposite corners with both endpoints outside is missed: the
   * package's issue #14, kept.)
   * @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY */
  static intersectRect(x1, y1, x2, y2, minX, minY, maxX, maxY) {
    if ((x1 <= minX && x2 <= minX) || (y1 <= minY && y2 <= minY) || (x1 >= maxX && x2 >= maxX) || (y1 >= maxY && y2 >= maxY)) {
      return false;
    }
    if ((x1 >= minX && x1 <= maxX && y1 >= minY && y1 <= maxY) || (x2 >= minX && x2 <= maxX && y2 >= minY && y2 <= maxY)) {
      return true;
    }
    const m = (y2 - y1) / (x2 - x1);
    const yLeft = m * (minX - x1) + y1;
    if (yLeft > minY && yLeft < maxY) return true;
    const yRight = m * (maxX - x1) + y1;
    if (yRight > minY && yRight < maxY) return true;
    const xTop = (minY - y1) / m + x1;
    if (xTop > minX && xTop < maxX) return true;
    const xBottom = (maxY - y1) / m + x1;
    return xBottom > minX && xBottom < maxX;
  }
}
