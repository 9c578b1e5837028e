// Seeded scenarios for the quadtree-ts differential test (tests/conformance/quadtree-ts-*.test.mjs):
// generate() makes one as plain data (the tree's options, the objects' specs, a list of calls);
// play() runs it on one library ({ Quadtree, Rectangle, Circle, Line }) and returns its trace:
// every call's result (objects by their number, errors by class and message), the whole tree
// after every call (bounds and levels as exact doubles, every node's list with duplicates, own
// keys, class), and the log of every custom qtIndex, subclass constructor, spy and patched static
// that ran, in order. Two libraries that behave alike give equal traces.
import { rng } from './prng.mjs';

export const FAMILIES = ['rectangles', 'circles', 'lines', 'mixed', 'options', 'removal', 'live', 'custom', 'subclass', 'structure', 'errors'];

// Numbers that decide cases: the midlines and quarter lines of a 100 x 100 node, an odd half.
const EDGES = [0, 12.5, 25, 37.5, 50, 62.5, 75, 87.5, 100, 49.5, 50.5];
const ODD = [NaN, Infinity, -Infinity, -0, 1e308, -1e308, 5e-324, 1e-160];

function coord(r, odd) {
  const k = r.weighted({ int: 5, edge: 4, float: 3, odd: odd ? 1 : 0, string: odd ? 0.3 : 0 });
  if (k === 'int') return r.int(-20, 120);
  if (k === 'edge') return r.pick(EDGES);
  if (k === 'float') return r.float(-10, 110);
  if (k === 'odd') return r.pick(ODD);
  return r.pick(['10', '50', '']);
}

function size(r, odd) {
  const k = r.weighted({ int: 5, small: 3, zero: 1, float: 2, negative: odd ? 0.5 : 0, odd: odd ? 0.5 : 0 });
  if (k === 'int') return r.int(1, 40);
  if (k === 'small') return r.int(1, 8);
  if (k === 'zero') return 0;
  if (k === 'float') return r.float(0, 30);
  if (k === 'negative') return -r.int(1, 20);
  return r.pick(ODD);
}

function shapeSpec(r, kind, odd) {
  if (kind === 'rect') return { kind, x: coord(r, odd), y: coord(r, odd), width: size(r, odd), height: size(r, odd) };
  if (kind === 'circle') {
    const radius = r.weighted({ size: 8, zero: 1, tiny: 0.5, negative: 0.5 });
    const rv = radius === 'size' ? size(r, odd) / 2 : radius === 'zero' ? 0 : radius === 'tiny' ? r.pick([1e-160, 5e-324]) : -r.int(1, 10);
    return { kind, x: coord(r, odd), y: coord(r, odd), r: rv };
  }
  const x1 = coord(r, odd);
  const y1 = coord(r, odd);
  const form = r.weighted({ free: 6, vertical: 1, horizontal: 1, diagonal: 1, point: 0.5, midline: 1 });
  if (form === 'vertical') return { kind, x1, y1, x2: x1, y2: coord(r, odd) };
  if (form === 'horizontal') return { kind, x1, y1, x2: coord(r, odd), y2: y1 };
  if (form === 'diagonal') {
    const d = r.pick([[-25, -25, 125, 125], [125, -25, -25, 125], [0, 0, 100, 100], [25, 25, 50, 50], [0, 50, 50, 100]]);
    return r.chance(0.5) ? { kind, x1: d[0], y1: d[1], x2: d[2], y2: d[3] } : { kind, x1: d[2], y1: d[3], x2: d[0], y2: d[1] };
  }
  if (form === 'point') return { kind, x1, y1, x2: x1, y2: y1 };
  if (form === 'midline') return r.chance(0.5) ? { kind, x1: 50, y1, x2: 50, y2: coord(r, odd) } : { kind, x1, y1: 50, x2: coord(r, odd), y2: 50 };
  return { kind, x1, y1, x2: coord(r, odd), y2: coord(r, odd) };
}

// A custom qtIndex's answers, cycled through call by call: arrays as the tree reads them (any
// index order, duplicates, strings), and the odd results whose handling is part of the behaviour.
const CUSTOM_RESULTS = [[0], [1], [2], [3], [0, 1, 2, 3], [], [3, 1], [0, 0], ['1'], 'arraylike', 'number', 'set'];
const BAD_RESULTS = [[5], 'undefined', 'null', 'throw'];

function objectSpec(r, family) {
  const odd = family === 'options' || family === 'errors' || r.chance(0.05);
  const shape = family === 'rectangles' ? 'rect' : family === 'circles' ? 'circle' : family === 'lines' ? 'line' : r.pick(['rect', 'rect', 'circle', 'line']);
  const spec = shapeSpec(r, shape, odd);
  if (family === 'custom' || (family === 'mixed' && r.chance(0.03))) {
    const how = r.weighted({ plain: 3, borrow: 2, mapped: 2, override: 1, custom: 2 });
    if (how === 'custom') return { kind: 'custom', results: Array.from({ length: r.int(1, 3) }, () => r.pick(CUSTOM_RESULTS)) };
    if (how !== 'plain') return { ...spec, how };
  }
  if (family === 'errors' && r.chance(0.15)) {
    if (r.chance(0.5)) return { kind: 'bad', value: r.pick(['undefined', 'null', 'empty', 'number', 'notAFunction']) };
    return { kind: 'custom', results: [r.pick(BAD_RESULTS), r.pick(CUSTOM_RESULTS)] };
  }
  if (r.chance(0.1)) spec.data = r.int(0, 9);
  return spec;
}

function options(r, family) {
  if (family !== 'options') {
    const props = { x: 0, y: 0, width: 100, height: 100 };
    if (r.chance(0.7)) props.maxObjects = r.pick([1, 2, 3, 4, 10]);
    if (r.chance(0.3)) props.maxLevels = r.pick([1, 2, 3, 4, 5]);
    if (r.chance(0.2)) props.minLevels = r.pick([0, 1, 2]);
    if (props.minLevels > (props.maxLevels ?? 4)) props.minLevels = 0;
    return props;
  }
  const props = {};
  const some = (p, values) => { if (r.chance(p)) return r.pick(values); return undefined; };
  const set = (k, v) => { if (v !== undefined || r.chance(0.2)) props[k] = v; };
  set('x', some(0.8, [0, -0, NaN, '5', null, -100, 10.3, 4.841534449678413]));
  set('y', some(0.8, [0, -0, NaN, '7', null, -100, 3.7]));
  set('width', r.chance(0.85) ? r.pick([100, 99, 1e300, 5e-324, 0.7, 8.166486279439562, -100]) : r.pick([undefined, NaN]));
  set('height', r.chance(0.85) ? r.pick([100, 99, 1e300, 5e-324, 0.7, -100]) : r.pick([undefined, NaN]));
  const maxLevels = some(0.8, [0, 1, 2, 3, 4, 5, 2.5, NaN, '3', -1]);
  set('maxLevels', maxLevels);
  const deep = typeof maxLevels !== 'number' || !(maxLevels < 4);
  set('maxObjects', some(0.8, deep ? [1, 2, 2.5, 3, 10, NaN, Infinity, '3', null] : [0, -1, 1, 2, 2.5, 3, 10, NaN, Infinity, '3', null]));
  set('minLevels', some(0.5, [0, 1, 1.5, 2, NaN, -1, '1', 3]));
  return props;
}

function pick(r, n) {
  return r.int(0, n - 1);
}

/** One scenario of `family`, from `seed`: plain data. */
export function generate(family, seed) {
  const r = rng(seed * 7919 + FAMILIES.indexOf(family));
  const props = options(r, family);
  const level = family === 'options' && r.chance(0.1) ? r.pick([1, 2]) : undefined;
  const subclass = family === 'subclass' ? r.pick(['plain', 'logging', 'override']) : null;
  const count = r.int(3, family === 'options' ? 25 : 60);
  const objects = Array.from({ length: count }, () => objectSpec(r, family));
  const ops = [];
  const steps = r.int(10, 80);
  const weights = {
    insert: 40, retrieve: 20, remove: 6, update: 6, join: 2, clear: 1.5, mutate: 5, reinsert: 2,
    ...(family === 'removal' ? { remove: 20, update: 20, join: 6, reinsert: 6 } : {}),
    ...(family === 'live' ? { mutate: 25, update: 15, moveAll: 3 } : {}),
    ...(family === 'structure' ? { split: 4, setField: 4, subRetrieve: 5, spy: 3, getIndex: 3, join: 4, hold: 3 } : {}),
    ...(family === 'custom' ? { patch: 2, spy: 1 } : {}),
    ...(family === 'subclass' ? { split: 1, spy: 1 } : {}),
  };
  const fast = () => r.pick([undefined, undefined, true, false, 1, 'yes', 0, null]);
  const path = () => Array.from({ length: r.int(0, 3) }, () => r.int(0, 3));
  for (let s = 0; s < steps; s++) {
    const op = r.weighted(weights);
    if (op === 'insert' || op === 'reinsert') ops.push({ op: 'insert', obj: op === 'insert' ? Math.min(ops.filter((o) => o.op === 'insert').length, count - 1) : pick(r, count) });
    else if (op === 'retrieve') ops.push({ op, query: r.chance(0.3) ? { obj: pick(r, count) } : objectSpec(r, family === 'options' ? 'mixed' : family) });
    else if (op === 'remove' || op === 'update') ops.push({ op, obj: pick(r, count), fast: fast() });
    else if (op === 'mutate') {
      const i = pick(r, count);
      ops.push({ op, obj: i, to: objectSpec(r, family) });
    } else if (op === 'moveAll') ops.push({ op, to: objects.map(() => objectSpec(r, family)), fast: fast() });
    else if (op === 'split' || op === 'spy' || op === 'getIndex' || op === 'subRetrieve' || op === 'hold') {
      ops.push({ op, path: path(), method: r.pick(['insert', 'retrieve', 'remove', 'join', 'clear', 'split', 'getIndex']), query: objectSpec(r, family) });
    } else if (op === 'setField') {
      const field = r.pick(['maxObjects', 'maxLevels', 'minLevels', 'level', 'x', 'y', 'width', 'height']);
      const values = { maxObjects: [1, 2, 3, 10], maxLevels: [0, 1, 3, 5], minLevels: [0, 1, 2], level: [0, 1, 2] }[field] || [0, 37.5, 50, 200];
      ops.push({ op, path: path(), field, value: r.pick(values) });
    } else if (op === 'patch') ops.push({ op, what: r.pick(['Circle.intersectRect', 'Line.intersectRect', 'Rectangle.prototype.qtIndex']), how: r.pick(['log', 'always']) });
    else ops.push({ op });
  }
  return { family, seed, props, level, subclass, objects, ops };
}

// ---- playing a scenario ----------------------------------------------------------------------

/** A number as an exact string (-0 and NaN included); other values by type. */
function num(v) {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return `'${v}'`;
  return String(v);
}

function bounds(b) {
  if (b === null || typeof b !== 'object') return num(b);
  return Object.keys(b).map((k) => `${k}:${num(b[k])}`).join(',');
}

function makeCustom(spec, i, log) {
  let calls = 0;
  return {
    qtIndex(node) {
      log.push(`custom o${i} ${bounds(node)}`);
      const want = spec.results[calls++ % spec.results.length];
      if (want === 'throw') throw new Error(`qtIndex of o${i} failed`);
      if (want === 'undefined') return undefined;
      if (want === 'null') return null;
      if (want === 'arraylike') return { length: 1, 0: 2 };
      if (want === 'number') return 7;
      if (want === 'set') return new Set([1]);
      return [...want];
    },
  };
}

function makeBad(value) {
  if (value === 'undefined') return undefined;
  if (value === 'null') return null;
  if (value === 'empty') return {};
  if (value === 'number') return 42;
  return { qtIndex: 5 };
}

const CLASS_OF = { rect: 'Rectangle', circle: 'Circle', line: 'Line' };
const FIELDS = { rect: ['x', 'y', 'width', 'height'], circle: ['x', 'y', 'r'], line: ['x1', 'y1', 'x2', 'y2'] };

// An object of `lib` from a spec: an instance, a plain object borrowing the class's qtIndex, a
// mapping wrapper (its geometry in other fields) or a subclass overriding qtIndex.
function make(spec, i, lib, log) {
  if (spec.kind === 'custom') return makeCustom(spec, i, log);
  if (spec.kind === 'bad') return makeBad(spec.value);
  const Shape = lib[CLASS_OF[spec.kind]];
  const fields = FIELDS[spec.kind];
  const values = {};
  for (const f of fields) values[f] = spec[f];
  if (spec.how === 'borrow') return { ...values, qtIndex: Shape.prototype.qtIndex };
  if (spec.how === 'mapped') {
    return {
      geometry: values,
      qtIndex(node) {
        log.push(`mapped o${i}`);
        return Shape.prototype.qtIndex.call({ ...this.geometry }, node);
      },
    };
  }
  if (spec.how === 'override') {
    const Sub = class extends Shape {
      qtIndex(node) {
        log.push(`override o${i}`);
        return super.qtIndex(node);
      }
    };
    return new Sub({ ...values, data: spec.data });
  }
  return new Shape({ ...values, data: spec.data });
}

// Moves an object of `lib` in place to the geometry of `to` (same kind; otherwise nothing).
function moveTo(o, spec, to) {
  if (!o || typeof o !== 'object' || to.kind !== spec.kind || !FIELDS[spec.kind]) return false;
  const target = spec.how === 'mapped' ? o.geometry : o;
  for (const f of FIELDS[spec.kind]) target[f] = to[f];
  return true;
}

function subclassOf(Quadtree, how, log) {
  if (how === 'plain') return class Sub extends Quadtree {};
  if (how === 'logging') {
    return class Sub extends Quadtree {
      constructor(props, level) {
        super(props, level);
        this.made = true;
        log.push(`made ${num(level)} ${Object.keys(props).join(',')}`);
      }
    };
  }
  return class Sub extends Quadtree {
    insert(obj) {
      log.push(`insert at ${num(this.level)}`);
      return super.insert(obj);
    }
    getIndex(obj) {
      log.push(`getIndex at ${num(this.level)}`);
      return super.getIndex(obj);
    }
  };
}

/**
 * Runs `scenario` on `lib`; returns the trace (an array of strings). With `peek` the whole tree is
 * read after every call; without, only at the end (reading `nodes` or `objects` turns the drop-in's
 * native tree into JavaScript nodes, so this is how its native mode is compared); `native` then
 * tells whether the root still had its native tree before that last read. Before call `otherAt`
 * another tree is made and used, which takes the scenario's tree's native tree while that one is
 * young: it grows its own again from its copy at its next call.
 */
export function play(scenario, lib, { peek = true, otherAt = -1 } = {}) {
  const log = [];
  const trace = [];
  const number = new Map();
  const objects = scenario.objects.map((spec, i) => make(spec, i, lib, log));
  objects.forEach((o, i) => { if (o && typeof o === 'object' && !number.has(o)) number.set(o, `o${i}`); });
  const name = (o) => (number.has(o) ? number.get(o) : o === undefined ? 'undefined' : o === null ? 'null' : typeof o);
  const list = (a) => (Array.isArray(a) ? `[${a.map(name).join(' ')}]` : `not an array: ${typeof a}`);
  const patches = [];
  const Tree = scenario.subclass ? subclassOf(lib.Quadtree, scenario.subclass, log) : lib.Quadtree;

  const held = []; // nodes the scenario keeps, as a user who drew the tree may: join and clear empty them
  const dump = (root) => {
    const out = held.map((n, k) => `held${k} ${list(n.objects)} n${Array.isArray(n.nodes) ? n.nodes.length : typeof n.nodes}`);
    const stack = [[root, 'r']];
    while (stack.length && out.length < 2000) {
      const [n, at] = stack.pop();
      if (!n || typeof n !== 'object') {
        out.push(`${at}: ${typeof n}`);
        continue;
      }
      const cls = n.constructor === lib.Quadtree ? 'Q' : n instanceof lib.Quadtree ? 'Sub' : 'other';
      const nodes = Array.isArray(n.nodes) ? n.nodes : [];
      out.push(`${at} ${cls} {${Object.keys(n).join(',')}} b(${bounds(n.bounds)}) l${num(n.level)} o${num(n.maxObjects)} min${num(n.minLevels)} max${num(n.maxLevels)} ${list(n.objects)} n${nodes.length}`);
      for (let k = nodes.length - 1; k >= 0; k--) stack.push([nodes[k], `${at}${k}`]);
    }
    return out.join('\n');
  };
  const nodeAt = (root, path) => {
    let n = root;
    for (const k of path) {
      if (!n || !Array.isArray(n.nodes) || !n.nodes[k]) return null;
      n = n.nodes[k];
    }
    return n;
  };
  const query = (q) => ('obj' in q ? objects[q.obj] : make(q, 'q', lib, log));
  const attempt = (f) => {
    try {
      return f();
    } catch (e) {
      return `threw ${e && e.constructor ? e.constructor.name : typeof e}: ${e && e.message}`;
    }
  };

  let tree;
  trace.push(`new: ${attempt(() => { tree = new Tree(scenario.props, scenario.level); return 'ok'; })}`);
  if (!tree) return Object.assign(trace.concat(log), { native: false });
  if (peek) trace.push(dump(tree));
  try {
    scenario.ops.forEach((op, step) => {
      if (step === otherAt) { // another tree, made and used: it takes a young tree's native tree (js/src/common/young.js)
        const other = new lib.Quadtree({ width: 10, height: 10 });
        other.insert(new lib.Rectangle({ x: 1, y: 1, width: 1, height: 1 }));
        trace.push(`other: ${other.retrieve(new lib.Rectangle({ x: 0, y: 0, width: 2, height: 2 })).length}`);
      }
      let result;
      if (op.op === 'insert') result = attempt(() => tree.insert(objects[op.obj]));
      else if (op.op === 'retrieve') result = attempt(() => list(tree.retrieve(query(op.query))));
      else if (op.op === 'remove') result = attempt(() => tree.remove(objects[op.obj], op.fast));
      else if (op.op === 'update') result = attempt(() => tree.update(objects[op.obj], op.fast));
      else if (op.op === 'join') result = attempt(() => list(tree.join()));
      else if (op.op === 'clear') result = attempt(() => tree.clear());
      else if (op.op === 'mutate') result = moveTo(objects[op.obj], scenario.objects[op.obj], op.to);
      else if (op.op === 'moveAll') {
        objects.forEach((o, i) => moveTo(o, scenario.objects[i], op.to[i]));
        result = objects.map((o) => attempt(() => tree.update(o, op.fast))).join(' ');
      } else if (op.op === 'patch') {
        const [owner, key] = op.what === 'Rectangle.prototype.qtIndex' ? [lib.Rectangle.prototype, 'qtIndex'] : [lib[op.what.split('.')[0]], 'intersectRect'];
        const before = owner[key];
        patches.push(() => { owner[key] = before; });
        owner[key] = op.how === 'always'
          ? function always() { log.push(`patched ${op.what}`); return key === 'qtIndex' ? [0, 1, 2, 3] : true; }
          : function logged(...args) { log.push(`${op.what} ${args.length}`); return before.apply(this, args); };
        result = 'patched';
      } else {
        const node = nodeAt(tree, op.path);
        if (!node) result = 'no node';
        else if (op.op === 'split') result = attempt(() => node.split());
        else if (op.op === 'hold') result = `held${held.push(node) - 1}`;
        else if (op.op === 'getIndex') result = attempt(() => JSON.stringify(node.getIndex(query(op.query))));
        else if (op.op === 'subRetrieve') result = attempt(() => { const got = node.retrieve(query(op.query)); return `${list(got)} own:${got === node.objects}`; });
        else if (op.op === 'setField') {
          if (['x', 'y', 'width', 'height'].includes(op.field)) node.bounds[op.field] = op.value;
          else node[op.field] = op.value;
          result = 'set';
        } else if (op.op === 'spy') {
          const method = op.method;
          const label = `spy${step}`;
          node[method] = function spy(...args) {
            log.push(`${label} ${method} ${args.length}`);
            return Object.getPrototypeOf(node)[method].apply(this, args);
          };
          result = 'spied';
        }
      }
      trace.push(`${step} ${op.op}: ${typeof result === 'string' ? result : num(result)}`);
      if (peek) trace.push(dump(tree));
      if (log.length) trace.push(log.splice(0).join('\n'));
    });
  } finally {
    for (const undo of patches.reverse()) undo();
  }
  const descriptor = Object.getOwnPropertyDescriptor(tree, 'nodes');
  trace.native = descriptor !== undefined && typeof descriptor.get === 'function';
  if (!peek) trace.push(dump(tree));
  return trace;
}
