// The space shooter of the "HTML5 space shooter" tutorial, grown into a field of drifting rocks,
// with the tutorial's quadtree code as a game pastes it: one `new QuadTree({x, y, width, height})`,
// then every frame `clear()`, `insert(...)` of the ship and each pool, and the tutorial's
// detectCollision() (`getAllObjects(objects)`, `findObjects(obj = [], objects[x])`, the exact
// test), and the tree drawn by walking `nodes[i].bounds`. The only change a game makes to use
// quadtree-wasm: it deletes its own QuadTree function and loads /dist/quadtree.js first.
//
// A classic script in sloppy mode, like the tutorial's. Deterministic for a seed: integer and
// quarter-pixel coordinates, no trigonometry, one seeded generator drawn in a fixed order. Each
// frame also counts every overlapping pair twice, from the findObjects() candidates and by brute
// force, which must agree. tests/browser/tutorial-demo.test.mjs runs this very file in Node
// against the reference tree (tests/support/tutorial-reference.mjs) and compares every frame.
//
// Page: ?seed=N&count=N (rocks)&frames=N (step N frames at load, then pause)&paused=1&overlay=0
// &autopilot=0. window.tutorialDemo: reset({seed, count}), step(n) -> one report per frame,
// snapshot(), state(), setOverlay(on), setPaused(on), render().
/* global QuadTree */

/**
 * A game for `seed` with `count` rocks on `canvas` ({width, height}; a real canvas on the page).
 * The global QuadTree is the tutorial tree: quadtree-wasm's, or the reference in the tests.
 */
function createTutorialGame(options) {
  var canvas = options.canvas || { width: 960, height: 600 };
  var W = canvas.width, H = canvas.height;
  var seed = (options.seed >>> 0) || 1;
  var rockCount = options.count === undefined ? 400 : options.count;

  // A linear congruential generator: the same numbers in every engine.
  function random() {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  }
  function between(lo, hi) { return lo + Math.floor(random() * (hi - lo + 1)); }
  function drift(max) { var q = between(1, max * 4) / 4; return random() < 0.5 ? -q : q; }

  // The tutorial's line, unchanged.
  var quadTree = new QuadTree({x:0,y:0,width:canvas.width,height:canvas.height});

  var ship = { type: 'ship', collidableWith: 'enemyBullet', x: W / 2 - 13, y: H - 34, width: 26, height: 22,
    isColliding: false, cooldown: 0, flash: 0, target: 0 };
  var bullets = [];      // the ship's bullet pool
  var enemyBullets = []; // the enemies' bullet pool
  var enemies = [];      // the formation, every slot (alive or waiting to respawn)
  var rocks = [];
  var formation = { x: 40, dx: 1, y: 40, cols: 10, rows: 3 };
  var frame = 0, score = 0, shipHits = 0;
  var list = [];         // this frame's objects, in the order they were inserted
  var input = { left: false, right: false, fire: false, autopilot: options.autopilot !== false };

  for (var r = 0; r < formation.rows; r++) {
    for (var c = 0; c < formation.cols; c++) {
      enemies.push({ type: 'enemy', collidableWith: 'bullet', kind: 'enemy', col: c, row: r,
        x: 0, y: 0, width: 28, height: 20, alive: true, respawn: 0, isColliding: false });
    }
  }
  function newRock(rock, top) {
    rock.width = between(4, 16);
    rock.height = between(4, 16);
    rock.x = between(0, W - rock.width);
    rock.y = top ? 0 : between(0, H - rock.height);
    rock.vx = drift(1);
    rock.vy = top ? between(1, 4) / 4 : drift(1);
    return rock;
  }
  for (var i = 0; i < rockCount; i++) {
    rocks.push(newRock({ type: 'enemy', collidableWith: 'bullet', kind: 'rock', isColliding: false }, false));
  }

  function bounce(o) {
    var x = o.x + o.vx, y = o.y + o.vy;
    if (x < 0) { x = -x; o.vx = -o.vx; } else if (x + o.width > W) { x = 2 * (W - o.width) - x; o.vx = -o.vx; }
    if (y < 0) { y = -y; o.vy = -o.vy; } else if (y + o.height > H) { y = 2 * (H - o.height) - y; o.vy = -o.vy; }
    o.x = x;
    o.y = y;
  }

  function update() {
    frame++;
    // the ship: the keys, or the autopilot (chases a seeded enemy column, fires every 10 frames)
    var left = input.left, right = input.right, fire = input.fire;
    if (input.autopilot) {
      if (frame % 60 === 1) ship.target = between(0, formation.cols - 1);
      var aim = formation.x + ship.target * 44 + 14 - ship.width / 2;
      left = ship.x > aim + 2;
      right = ship.x < aim - 2;
      fire = true;
    }
    if (left) ship.x = Math.max(0, ship.x - 4);
    if (right) ship.x = Math.min(W - ship.width, ship.x + 4);
    if (ship.cooldown > 0) ship.cooldown--;
    if (fire && ship.cooldown === 0) {
      bullets.push({ type: 'bullet', collidableWith: 'enemy', x: ship.x + 11, y: ship.y - 10, width: 4, height: 10, isColliding: false });
      ship.cooldown = 10;
    }
    if (ship.flash > 0) ship.flash--;

    var kept = [];
    for (i = 0; i < bullets.length; i++) {
      bullets[i].y -= 8;
      if (bullets[i].y + bullets[i].height > 0) kept.push(bullets[i]);
    }
    bullets = kept;

    formation.x += formation.dx;
    if (formation.x < 20 || formation.x + formation.cols * 44 > W - 20) formation.dx = -formation.dx;
    for (i = 0; i < enemies.length; i++) {
      var e = enemies[i];
      e.x = formation.x + e.col * 44;
      e.y = formation.y + e.row * 34 + ((frame >> 4) + e.col) % 2 * 2;
      if (!e.alive && --e.respawn <= 0) e.alive = true;
      if (e.alive && random() < 0.002) {
        enemyBullets.push({ type: 'enemyBullet', collidableWith: 'ship', x: e.x + 12, y: e.y + e.height, width: 4, height: 8, isColliding: false });
      }
    }
    kept = [];
    for (i = 0; i < enemyBullets.length; i++) {
      enemyBullets[i].y += 4;
      if (enemyBullets[i].y < H) kept.push(enemyBullets[i]);
    }
    enemyBullets = kept;

    for (i = 0; i < rocks.length; i++) bounce(rocks[i]);
  }

  function livingEnemies() {
    var out = [];
    for (var k = 0; k < enemies.length; k++) if (enemies[k].alive) out.push(enemies[k]);
    return out;
  }

  // The strict overlap test of the tutorial: touching is not colliding.
  function overlap(a, b) {
    return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
  }
  // One unordered pair (lo < hi) as 32 bits; the pairs of a frame are summed (any order gives the same sum).
  function pairHash(lo, hi) { return Math.imul((lo * 73856093) ^ (hi * 19349663), 0x27d4eb2d); }

  // The tutorial's detectCollision(), plus what the page reports: every overlapping pair once
  // (from the candidates; a pair is found from the deeper object's side, or from both when they
  // share a node) and a digest of every candidate list in order.
  function detectCollision(report) {
    var objects = [];
    var obj;
    var seen = new Set(), n = list.length;
    quadTree.getAllObjects(objects);
    for (var x = 0, len = objects.length; x < len; x++) {
      quadTree.findObjects(obj = [], objects[x]);
      report.candidates += obj.length;
      report.candHash = Math.imul(report.candHash ^ obj.length, 16777619) >>> 0;
      for (var y = 0, length = obj.length; y < length; y++) {
        report.candHash = Math.imul(report.candHash ^ obj[y].idx, 16777619) >>> 0;
        // DETECT COLLISION ALGORITHM
        if (objects[x].collidableWith === obj[y].type &&
            (objects[x].x < obj[y].x + obj[y].width &&
             objects[x].x + objects[x].width > obj[y].x &&
             objects[x].y < obj[y].y + obj[y].height &&
             objects[x].y + objects[x].height > obj[y].y)) {
          objects[x].isColliding = true;
          obj[y].isColliding = true;
        }
        var a = objects[x].idx, b = obj[y].idx;
        if (a !== b && overlap(objects[x], obj[y])) {
          var lo = a < b ? a : b, hi = a < b ? b : a;
          if (!seen.has(lo * n + hi)) {
            seen.add(lo * n + hi);
            report.pairs++;
            report.pairSum = (report.pairSum + pairHash(lo, hi)) >>> 0;
            objects[x].touching = obj[y].touching = true;
          }
        }
      }
    }
    report.listed = objects.length;
  }

  // Every pair of this frame's objects: what the candidates must have found.
  function bruteForce(report) {
    for (var p = 0; p < list.length; p++) {
      for (var q = p + 1; q < list.length; q++) {
        if (overlap(list[p], list[q])) {
          report.brutePairs++;
          report.bruteSum = (report.bruteSum + pairHash(p, q)) >>> 0;
        }
      }
    }
  }

  function resolve(report) {
    var k;
    if (ship.isColliding) { ship.flash = 20; shipHits++; report.hits++; }
    var kept = [];
    for (k = 0; k < bullets.length; k++) if (bullets[k].isColliding) report.hits++; else kept.push(bullets[k]);
    bullets = kept;
    kept = [];
    for (k = 0; k < enemyBullets.length; k++) if (!enemyBullets[k].isColliding) kept.push(enemyBullets[k]);
    enemyBullets = kept;
    for (k = 0; k < enemies.length; k++) {
      if (enemies[k].alive && enemies[k].isColliding) { enemies[k].alive = false; enemies[k].respawn = 240; score += 10; }
    }
    for (k = 0; k < rocks.length; k++) {
      if (rocks[k].isColliding) { newRock(rocks[k], true); score += 1; }
    }
  }

  /** The tree as drawn: every node's bounds, walked through `nodes`, folded into a digest. */
  function treeInfo() {
    var info = { nodes: 0, leaves: 0, depth: 0, hash: 2166136261 };
    (function walk(node, depth) {
      var b = node.bounds;
      info.nodes++;
      if (node.nodes.length === 0) info.leaves++;
      if (depth > info.depth) info.depth = depth;
      var v = [b.x, b.y, b.width, b.height, depth, node.nodes.length];
      for (var k = 0; k < v.length; k++) info.hash = Math.imul(info.hash ^ (v[k] * 4 | 0), 16777619) >>> 0;
      for (var m = 0; m < node.nodes.length; m++) walk(node.nodes[m], depth + 1);
    })(quadTree, 0);
    return info;
  }

  /**
   * A node as plain data: its bounds, its own objects' indexes and its children. Each node is
   * asked only what the tutorial's tree answers: getAllObjects() lists the children's objects
   * first, so this node's own are what follows theirs.
   */
  function shape(node) {
    var b = node.bounds, nodes = [], below = 0;
    for (var k = 0; k < node.nodes.length; k++) {
      nodes.push(shape(node.nodes[k]));
      below += node.nodes[k].getAllObjects([]).length;
    }
    var own = node.getAllObjects([]).slice(below).map(function (o) { return o.idx; });
    return { bounds: { x: b.x, y: b.y, width: b.width, height: b.height }, objects: own, nodes: nodes };
  }

  function stateHash() {
    var h = 2166136261;
    for (var k = 0; k < list.length; k++) {
      h = Math.imul(h ^ (list[k].x * 4 | 0), 16777619);
      h = Math.imul(h ^ (list[k].y * 4 | 0), 16777619);
    }
    return (Math.imul(h ^ score, 16777619) ^ shipHits) >>> 0;
  }

  /** One frame: move, index (the tutorial's calls), detect, check against brute force, resolve. */
  function step() {
    update();
    var living = livingEnemies();
    list = [ship].concat(bullets, living, enemyBullets, rocks);
    for (var k = 0; k < list.length; k++) {
      list[k].idx = k;
      list[k].isColliding = false;
      list[k].touching = false;
    }
    // Insert objects into quadtree (the tutorial's animate())
    quadTree.clear();
    quadTree.insert(ship);
    quadTree.insert(bullets);
    quadTree.insert(living);
    quadTree.insert(enemyBullets);
    quadTree.insert(rocks);

    var report = { frame: frame, objects: list.length, listed: 0, pairs: 0, pairSum: 0, brutePairs: 0, bruteSum: 0,
      candidates: 0, candHash: 2166136261, hits: 0 };
    detectCollision(report);
    bruteForce(report);
    var t = treeInfo();
    report.treeNodes = t.nodes;
    report.treeLeaves = t.leaves;
    report.treeDepth = t.depth;
    report.treeHash = t.hash;
    report.state = stateHash();
    resolve(report);
    report.score = score;
    return report;
  }

  /** Draws the frame on a 2D context: the tree from `nodes`/`bounds`, then the objects. */
  function draw(ctx, overlay) {
    ctx.fillStyle = '#05070d';
    ctx.fillRect(0, 0, W, H);
    if (overlay) {
      ctx.strokeStyle = 'rgba(60, 220, 120, 0.55)';
      ctx.lineWidth = 1;
      (function drawNode(node) {
        var b = node.bounds;
        ctx.strokeRect(b.x + 0.5, b.y + 0.5, b.width - 1, b.height - 1);
        for (var k = 0; k < node.nodes.length; k++) drawNode(node.nodes[k]);
      })(quadTree);
    }
    for (var k = 0; k < rocks.length; k++) {
      var o = rocks[k];
      ctx.fillStyle = o.touching ? '#ff6b5c' : '#8a93a8';
      ctx.fillRect(o.x, o.y, o.width, o.height);
    }
    ctx.fillStyle = '#d46bff';
    for (k = 0; k < enemies.length; k++) {
      var e = enemies[k];
      if (!e.alive) continue;
      ctx.fillRect(e.x + 4, e.y, e.width - 8, e.height - 6);
      ctx.fillRect(e.x, e.y + 6, e.width, 6);
      ctx.fillRect(e.x + 2, e.y + e.height - 6, 5, 6);
      ctx.fillRect(e.x + e.width - 7, e.y + e.height - 6, 5, 6);
    }
    ctx.fillStyle = '#6ff7ff';
    for (k = 0; k < bullets.length; k++) ctx.fillRect(bullets[k].x, bullets[k].y, bullets[k].width, bullets[k].height);
    ctx.fillStyle = '#ffb35c';
    for (k = 0; k < enemyBullets.length; k++) ctx.fillRect(enemyBullets[k].x, enemyBullets[k].y, enemyBullets[k].width, enemyBullets[k].height);
    ctx.fillStyle = ship.flash > 0 && (ship.flash >> 2) % 2 ? '#ff4040' : '#f4f7ff';
    ctx.beginPath();
    ctx.moveTo(ship.x + ship.width / 2, ship.y);
    ctx.lineTo(ship.x + ship.width, ship.y + ship.height);
    ctx.lineTo(ship.x + ship.width / 2, ship.y + ship.height - 6);
    ctx.lineTo(ship.x, ship.y + ship.height);
    ctx.closePath();
    ctx.fill();
  }

  return {
    quadTree: quadTree,
    input: input,
    step: step,
    draw: draw,
    treeInfo: treeInfo,
    /** This frame's objects (insertion order) and their candidates' indexes, for comparisons. */
    snapshot: function () {
      var rects = [], found = [];
      for (var k = 0; k < list.length; k++) {
        var o = list[k];
        rects.push([o.x, o.y, o.width, o.height]);
        var got = quadTree.findObjects([], o);
        var ids = [];
        for (var m = 0; m < got.length; m++) ids.push(got[m].idx);
        found.push(ids);
      }
      return { width: W, height: H, rects: rects, found: found, tree: shape(quadTree) };
    },
    state: function () {
      return { frame: frame, score: score, shipHits: shipHits, objects: list.length, rocks: rocks.length,
        bullets: bullets.length, enemies: livingEnemies().length, enemyBullets: enemyBullets.length, hash: stateHash() };
    },
    dispose: function () { if (typeof quadTree.dispose === 'function') quadTree.dispose(); },
  };
}

// ---- the page --------------------------------------------------------------------------------
if (typeof document !== 'undefined') (function () {
  var params = new URLSearchParams(location.search);
  var num = function (name, fallback) {
    var v = Number(params.get(name));
    return params.has(name) && isFinite(v) ? Math.trunc(v) : fallback;
  };
  var canvas = document.getElementById('game');
  var ctx = canvas.getContext('2d');
  var $ = function (id) { return document.getElementById(id); };
  var overlay = params.get('overlay') !== '0';
  var paused = params.get('paused') === '1';
  var seed = num('seed', 1), count = Math.max(0, Math.min(5000, num('count', 400)));
  var game = null, last = null, totals = null;

  function reset(opts) {
    if (opts && opts.seed !== undefined) seed = opts.seed;
    if (opts && opts.count !== undefined) count = opts.count;
    if (game) game.dispose();
    game = createTutorialGame({ canvas: canvas, seed: seed, count: count, autopilot: params.get('autopilot') !== '0' });
    last = null;
    totals = { frames: 0, disagreements: 0 };
    $('autopilot').checked = game.input.autopilot;
    render();
  }

  function step(n) {
    var out = [];
    for (var k = 0; k < (n === undefined ? 1 : n); k++) {
      last = game.step();
      totals.frames++;
      if (last.pairs !== last.brutePairs || last.pairSum !== last.bruteSum) totals.disagreements++;
      out.push(last);
    }
    render();
    return out;
  }

  function render() {
    game.draw(ctx, overlay);
    var fmt = function (v) { return Math.round(v).toLocaleString('en'); };
    if (!last) return;
    $('r-frame').textContent = fmt(last.frame);
    $('r-objects').textContent = fmt(last.objects);
    $('r-pairs').textContent = fmt(last.pairs);
    $('r-brute').textContent = fmt(last.brutePairs);
    $('r-agree').textContent = totals.disagreements === 0
      ? 'yes, all ' + fmt(totals.frames) + ' frames' : 'NO: ' + totals.disagreements + ' frames differ';
    $('r-agree').className = totals.disagreements === 0 ? 'ok' : 'bad';
    $('r-candidates').textContent = (last.candidates / Math.max(1, last.listed)).toFixed(1) + ' / object';
    $('r-tree').textContent = last.treeNodes + ' nodes, ' + last.treeLeaves + ' leaves, depth ' + last.treeDepth;
    $('r-score').textContent = fmt(last.score);
  }

  function loop() {
    if (!paused) step(1);
    requestAnimationFrame(loop);
  }

  var keys = { ArrowLeft: 'left', KeyA: 'left', ArrowRight: 'right', KeyD: 'right', Space: 'fire' };
  function key(down) {
    return function (ev) {
      if (keys[ev.code]) {
        game.input[keys[ev.code]] = down;
        game.input.autopilot = false;
        $('autopilot').checked = false;
        ev.preventDefault();
      } else if (down && ev.code === 'KeyO') setOverlay(!overlay);
      else if (down && ev.code === 'KeyP') setPaused(!paused);
      else if (down && ev.code === 'KeyN' && paused) step(1);
    };
  }
  document.addEventListener('keydown', key(true));
  document.addEventListener('keyup', key(false));

  function setOverlay(on) { overlay = !!on; $('overlay').checked = overlay; render(); }
  function setPaused(on) { paused = !!on; $('pause').textContent = paused ? 'Resume' : 'Pause'; }
  $('overlay').onchange = function () { setOverlay(this.checked); };
  $('autopilot').onchange = function () { game.input.autopilot = this.checked; };
  $('pause').onclick = function () { setPaused(!paused); };
  $('step').onclick = function () { if (paused) step(1); };
  $('reseed').onclick = function () { reset({ seed: (seed * 7919 + 13) % 1000003 }); };

  reset();
  setOverlay(overlay);
  if (params.has('frames')) {
    step(Math.max(0, num('frames', 0)));
    paused = true;
  }
  setPaused(paused);

  window.tutorialDemo = {
    reset: reset,
    step: step,
    snapshot: function () { return game.snapshot(); },
    state: function () { return game.state(); },
    tree: function () { return game.treeInfo(); },
    setOverlay: setOverlay,
    setPaused: setPaused,
    render: render,
  };
  requestAnimationFrame(loop);
})();
