// Drawing: the starfield, the asteroids (outlines around their circles up to a few thousand, their
// bounding squares beyond), the ship, bullets, the shockwave ring, the laser and the nearest
// body's bracket, the tree overlay and a one-line HUD. Everything that shares a colour is batched
// into one path, so 50,000 bodies are a handful of fill() calls.

import { rng } from './sim.js';

const OUTLINE_MAX = 6000; // above this many bodies, squares instead of outlines
const SHAPES = 8;
const CORNERS = 9;

// per flash level (0 = calm, 3 = just hit): [fill, stroke]
const COLOURS = [
  ['#232b45', '#7c8dbd'],
  ['#5a3328', '#c98563'],
  ['#a85a26', '#ffbd7a'],
  ['#ff9d3b', '#fff0c8'],
];
const SQUARE_COLOURS = ['#6c7fb4', '#b5674a', '#f08a3a', '#ffd27a'];

// unit asteroid outlines: CORNERS points at jittered radii, as cos/sin pairs times radius
const OUTLINES = (() => {
  const r = rng(20240611);
  const shapes = [];
  for (let s = 0; s < SHAPES; s++) {
    const pts = new Float64Array(CORNERS * 2);
    for (let k = 0; k < CORNERS; k++) {
      const a = (k / CORNERS) * Math.PI * 2 + (r() - 0.5) * 0.4;
      const rad = 0.72 + r() * 0.3;
      pts[2 * k] = Math.cos(a) * rad;
      pts[2 * k + 1] = Math.sin(a) * rad;
    }
    shapes.push(pts);
  }
  return shapes;
})();

function starfield(width, height) {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const g = c.getContext('2d');
  const grad = g.createRadialGradient(width * 0.5, height * 0.45, 40, width * 0.5, height * 0.5, width * 0.75);
  grad.addColorStop(0, '#0d1326');
  grad.addColorStop(1, '#04060c');
  g.fillStyle = grad;
  g.fillRect(0, 0, width, height);
  const r = rng(7);
  for (let i = 0; i < 260; i++) {
    const a = 0.15 + r() * 0.55;
    g.fillStyle = `rgba(200,215,255,${a.toFixed(2)})`;
    const s = r() < 0.9 ? 1 : 2;
    g.fillRect(Math.floor(r() * width), Math.floor(r() * height), s, s);
  }
  return c;
}

function level(flash) {
  return flash > 6 ? 3 : flash > 3 ? 2 : flash > 0 ? 1 : 0;
}

export function createRenderer(canvas, world) {
  const ctx = canvas.getContext('2d');
  const sx = canvas.width / world.width, sy = canvas.height / world.height;
  const background = starfield(canvas.width, canvas.height);

  function bodies(list) {
    if (list.length > OUTLINE_MAX) {
      for (let l = 0; l < 4; l++) {
        ctx.beginPath();
        for (const b of list) if (level(b.flash) === l) ctx.rect(b.x - b.r, b.y - b.r, 2 * b.r, 2 * b.r);
        ctx.fillStyle = SQUARE_COLOURS[l];
        ctx.fill();
      }
      return;
    }
    ctx.lineWidth = 1 / sx;
    for (let l = 0; l < 4; l++) {
      ctx.beginPath();
      for (const b of list) {
        if (level(b.flash) !== l) continue;
        const pts = OUTLINES[b.shape];
        const rad = b.r * 1.1, cx = b.x, cy = b.y;
        const c = Math.cos(b.rot) * rad, s = Math.sin(b.rot) * rad;
        ctx.moveTo(cx + pts[0] * c - pts[1] * s, cy + pts[0] * s + pts[1] * c);
        for (let k = 1; k < CORNERS; k++) {
          const px = pts[2 * k], py = pts[2 * k + 1];
          ctx.lineTo(cx + px * c - py * s, cy + px * s + py * c);
        }
        ctx.closePath();
      }
      ctx.fillStyle = COLOURS[l][0];
      ctx.fill();
      ctx.strokeStyle = COLOURS[l][1];
      ctx.stroke();
    }
  }

  function ship(sim) {
    const s = sim.ship;
    ctx.save();
    ctx.translate(s.x, s.y);
    ctx.rotate(s.angle);
    const z = s.size;
    ctx.beginPath();
    ctx.arc(0, 0, z * 1.7, 0, Math.PI * 2);
    ctx.setLineDash([4, 5]);
    ctx.strokeStyle = 'rgba(111,247,255,0.35)';
    ctx.lineWidth = 1.2;
    ctx.stroke();
    ctx.setLineDash([]);
    if (s.thrust) {
      const f = 0.7 + ((sim.frame * 7) % 5) / 10;
      ctx.beginPath();
      ctx.moveTo(-z * 0.45, -z * 0.32);
      ctx.lineTo(-z * (0.45 + f), 0);
      ctx.lineTo(-z * 0.45, z * 0.32);
      ctx.fillStyle = '#ff8a3d';
      ctx.fill();
    }
    // a swept-wing hull with a cockpit
    ctx.beginPath();
    ctx.moveTo(z * 1.1, 0);
    ctx.lineTo(-z * 0.2, -z * 0.32);
    ctx.lineTo(-z * 0.8, -z * 0.85);
    ctx.lineTo(-z * 0.5, 0);
    ctx.lineTo(-z * 0.8, z * 0.85);
    ctx.lineTo(-z * 0.2, z * 0.32);
    ctx.closePath();
    ctx.fillStyle = 'rgba(111,247,255,0.25)';
    ctx.fill();
    ctx.strokeStyle = '#6ff7ff';
    ctx.lineWidth = 1.8;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(z * 0.2, 0, z * 0.17, 0, Math.PI * 2);
    ctx.fillStyle = '#e8fdff';
    ctx.fill();
    ctx.restore();
  }

  function shots(sim) {
    ctx.beginPath();
    for (const u of sim.bullets) {
      ctx.moveTo(u.x - u.vx * 0.7, u.y - u.vy * 0.7);
      ctx.lineTo(u.x, u.y);
    }
    ctx.strokeStyle = '#fff6a8';
    ctx.lineWidth = 2;
    ctx.stroke();
    const w = sim.shock;
    if (w) {
      const k = w.t / 20;
      ctx.beginPath();
      ctx.arc(w.x, w.y, Math.max(1, w.r * (0.25 + 0.75 * k)), 0, Math.PI * 2);
      ctx.strokeStyle = `rgba(140,220,255,${(0.9 * (1 - k)).toFixed(3)})`;
      ctx.lineWidth = 3;
      ctx.stroke();
    }
  }

  // the laser's beam, to the first body it reaches (faint while it only aims), and a bracket
  // around the body nearest the ship
  function sights(sim) {
    const l = sim.laser;
    if (l) {
      ctx.beginPath();
      ctx.moveTo(l.x, l.y);
      ctx.lineTo(l.x + l.dx * l.length, l.y + l.dy * l.length);
      ctx.setLineDash(l.firing ? [] : [3, 6]);
      ctx.strokeStyle = l.firing ? 'rgba(255,80,120,0.95)' : 'rgba(255,80,120,0.35)';
      ctx.lineWidth = l.firing ? 2.5 : 1;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    const t = sim.target;
    if (t) {
      const m = 4 + t.r, x0 = t.x - m, y0 = t.y - m, x1 = t.x + m, y1 = t.y + m, k = 5;
      ctx.beginPath();
      for (const [x, y, sx, sy] of [[x0, y0, 1, 1], [x1, y0, -1, 1], [x0, y1, 1, -1], [x1, y1, -1, -1]]) {
        ctx.moveTo(x + sx * k, y);
        ctx.lineTo(x, y);
        ctx.lineTo(x, y + sy * k);
      }
      ctx.strokeStyle = '#ffd166';
      ctx.lineWidth = 1.5;
      ctx.stroke();
    }
  }

  // the tree's leaves (and, for LinearQuadtree, every node holding objects)
  function overlay(engine) {
    let n = 0;
    ctx.beginPath();
    engine.forEachLeaf((b) => {
      ctx.rect(b.x, b.y, b.width, b.height);
      n++;
    });
    // fainter as the tree grows, so 20,000 leaves do not paint the field green
    const alpha = Math.max(0.2, Math.min(0.6, 6 / Math.sqrt(n || 1)));
    ctx.strokeStyle = `rgba(60,255,130,${alpha.toFixed(3)})`;
    ctx.lineWidth = 1 / sx;
    ctx.stroke();
  }

  return {
    /**
     * @param {import('./sim.js').Sim} sim
     * @param {{ overlay: boolean, hud: string }} options
     */
    draw(sim, engine, options) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(background, 0, 0);
      ctx.setTransform(sx, 0, 0, sy, 0, 0);
      bodies(sim.bodies);
      if (options.overlay) overlay(engine);
      shots(sim);
      sights(sim);
      ship(sim);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (options.hud) {
        ctx.font = '600 15px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
        ctx.fillStyle = 'rgba(4,6,12,0.7)';
        const w = ctx.measureText(options.hud).width;
        ctx.fillRect(8, canvas.height - 32, w + 16, 24);
        ctx.fillStyle = '#bcd0ff';
        ctx.fillText(options.hud, 16, canvas.height - 14);
      }
    },
  };
}
