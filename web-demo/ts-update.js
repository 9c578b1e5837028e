// ts-update.html: quadtree-ts's update pattern with many objects, on either library, switched
// live. window.tsUpdate: { frame(), counts() } for the browser test.
/* global Quadtree */
(function () {
  var libs = { original: window.OriginalTsQuadtree, dropin: Quadtree };
  var canvas = document.getElementById('canvas');
  var ctx = canvas.getContext('2d');
  var W = canvas.width, H = canvas.height;
  var seed = 7;
  function random() {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  }

  var bodies = [], lib = null, tree = null, shapes = [];
  function makeBodies(n) {
    seed = 7;
    bodies = [];
    for (var i = 0; i < n; i++) {
      var size = 4 + random() * 10;
      bodies.push({ x: random() * (W - size), y: random() * (H - size), size: size, vx: random() * 2 - 1, vy: random() * 2 - 1, round: i % 3 === 0 });
    }
  }
  // The shapes of the chosen library, inserted once (each shape's data is its body).
  function build(name) {
    lib = libs[name];
    tree = new lib({ width: W, height: H, maxObjects: 10, maxLevels: 6 });
    shapes = bodies.map(function (b) {
      var s = b.round ? new lib.Circle({ x: b.x + b.size / 2, y: b.y + b.size / 2, r: b.size / 2, data: b })
        : new lib.Rectangle({ x: b.x, y: b.y, width: b.size, height: b.size, data: b });
      tree.insert(s);
      return s;
    });
  }
  function box(s) {
    return s.r !== undefined ? { x: s.x - s.r, y: s.y - s.r, w: 2 * s.r, h: 2 * s.r } : { x: s.x, y: s.y, w: s.width, h: s.height };
  }
  function touches(a, b) {
    if (a.r !== undefined && b.r !== undefined) {
      var dx = a.x - b.x, dy = a.y - b.y, r = a.r + b.r;
      return dx * dx + dy * dy < r * r;
    }
    var p = box(a), q = box(b);
    return p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
  }

  var hits = 0, candidates = 0;
  function frame() {
    var t0 = performance.now();
    for (var i = 0; i < shapes.length; i++) {
      var s = shapes[i], b = s.data;
      b.x += b.vx;
      b.y += b.vy;
      if (b.x < 0 || b.x > W - b.size) b.vx = -b.vx;
      if (b.y < 0 || b.y > H - b.size) b.vy = -b.vy;
      if (b.round) {
        s.x = b.x + b.size / 2;
        s.y = b.y + b.size / 2;
      } else {
        s.x = b.x;
        s.y = b.y;
      }
      tree.update(s);
    }
    hits = 0;
    candidates = 0;
    for (var k = 0; k < shapes.length; k++) {
      var found = tree.retrieve(shapes[k]), hit = false;
      candidates += found.length;
      for (var j = 0; j < found.length && !hit; j++) hit = found[j] !== shapes[k] && touches(shapes[k], found[j]);
      shapes[k].data.hit = hit;
      if (hit) hits++;
    }
    var ms = performance.now() - t0;
    draw();
    return ms;
  }
  function draw() {
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, W, H);
    for (var i = 0; i < shapes.length; i++) {
      var s = shapes[i];
      ctx.fillStyle = s.data.hit ? '#ef4444' : '#94a3b8';
      if (s.r !== undefined) {
        ctx.beginPath();
        ctx.arc(s.x, s.y, s.r, 0, 2 * Math.PI);
        ctx.fill();
      } else {
        ctx.fillRect(s.x, s.y, s.width, s.height);
      }
    }
  }

  var times = [];
  function choose() {
    var name = document.querySelector('input[name=engine]:checked').value;
    // The bodies go on where they are: a switch builds the other library's tree from them.
    build(name);
    times = [];
  }
  document.getElementById('count').addEventListener('change', function () {
    makeBodies(Number(this.value));
    choose();
  });
  document.querySelectorAll('input[name=engine]').forEach(function (r) { r.addEventListener('change', choose); });
  makeBodies(1000);
  choose();
  function loop() {
    times.push(frame());
    if (times.length > 30) times.shift();
    var sorted = times.slice().sort(function (a, b) { return a - b; });
    document.getElementById('ms').textContent = sorted[sorted.length >> 1].toFixed(2);
    document.getElementById('hits').textContent = String(hits);
    requestAnimationFrame(loop);
  }
  if (!/[?&]paused=1/.test(location.search)) requestAnimationFrame(loop);
  window.tsUpdate = {
    // Runs n frames of `count` objects on each library from the same start; returns each one's
    // candidates and hits per frame.
    compare: function (n, count) {
      var out = {};
      ['original', 'dropin'].forEach(function (name) {
        makeBodies(count);
        build(name);
        var seen = [];
        for (var f = 0; f < n; f++) {
          frame();
          seen.push(candidates + ':' + hits);
        }
        out[name] = seen;
      });
      return out;
    },
  };
})();
