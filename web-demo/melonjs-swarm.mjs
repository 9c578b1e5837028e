// The melonJS demo (melonjs.html): a swarm in melonJS's own loop, world.update timed, the plug-in
// switched on and off live. window.melonDemo is for tests.
import * as me from '/node_modules/melonjs/build/index.js';
import { useQuadtree } from '/dist/quadtree-melonjs.mjs';

const $ = (id) => document.getElementById(id);
const W = 1600, H = 1000;
const state = { handle: null, times: [], contacts: 0, frames: 0, world: null };
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);

class Ball extends me.Renderable {
  constructor(x, y, w, h) {
    super(x, y, w, h);
    this.bodyDef = { type: 'dynamic', shapes: [new me.Rect(0, 0, w, h)] };
    this.alwaysUpdate = true;
  }
  onCollisionActive() {
    state.contacts++;
  }
  update(dt) {
    // bounce off the world's edges
    const b = this.body;
    if ((this.pos.x < 0 && b.vel.x < 0) || (this.pos.x > W && b.vel.x > 0)) b.vel.x = -b.vel.x;
    if ((this.pos.y < 0 && b.vel.y < 0) || (this.pos.y > H && b.vel.y > 0)) b.vel.y = -b.vel.y;
    return super.update(dt) || true;
  }
  draw(renderer) {
    renderer.setColor('#6ff7ff');
    const b = this.getBounds();
    renderer.fillRect(b.left, b.top, b.width, b.height);
  }
}

function build() {
  const world = state.world;
  if (state.handle) state.handle.restore();
  state.handle = null;
  world.reset();
  world.gravity.set(0, 0);
  seed = 1;
  for (let i = 0, n = Number($('bodies').value); i < n; i++) {
    const ball = new Ball(random() * W, random() * H, 4 + Math.floor(random() * 13), 4 + Math.floor(random() * 13));
    world.addChild(ball);
    ball.body.vel.set((random() - 0.5) * 4, (random() - 0.5) * 4);
  }
  if ($('plugin').checked) state.handle = useQuadtree(world);
  state.times = [];
}

const app = new me.Application(W, H, { parent: 'game', renderer: me.CANVAS, scale: 'auto', scaleMethod: 'fit' });
// The swarm runs on when the window loses focus (melonJS pauses on blur by default): the readouts
// compare the two trees live, and a paused world reports no contacts.
app.pauseOnBlur = false;
// melonJS 20.7 never updates the world again after one update slower than ten steps (a stock tree
// at thousands of bodies, a busy machine): the next one waits for more time than its accumulator
// may hold. Held at that limit, a slow update only spaces out the next ones.
me.event.on(me.event.GAME_AFTER_UPDATE, () => {
  app.lastUpdateDelta = Math.min(app.lastUpdateDelta, app.accumulatorMax);
});
if (typeof app.init === 'function') await app.init();
state.world = app.world;
app.world.getBounds().setMinMax(0, 0, W, H);
const update = app.world.update;
app.world.update = function (dt) {
  state.contacts = 0;
  const t0 = performance.now();
  const out = update.call(this, dt);
  state.times.push(performance.now() - t0);
  if (state.times.length > 30) state.times.shift();
  state.frames++;
  const mean = state.times.reduce((a, b) => a + b, 0) / state.times.length;
  $('r-broadphase').textContent = state.handle && state.handle.active ? 'quadtree-wasm' : 'melonJS QuadTree (stock)';
  $('r-update').textContent = mean.toFixed(2) + ' ms';
  $('r-contacts').textContent = String(state.contacts);
  return out;
};
build();
$('bodies').addEventListener('input', () => { $('bodies-out').textContent = $('bodies').value; });
$('bodies').addEventListener('change', build);
$('plugin').addEventListener('change', () => {
  if ($('plugin').checked) state.handle = useQuadtree(state.world);
  else if (state.handle) {
    state.handle.restore();
    state.handle = null;
  }
  state.times = [];
});
window.melonDemo = state;
