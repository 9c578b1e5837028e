// Wiring: URL parameters, the controls, the animation loop, and `window.demo` for tests.
//
// URL: ?seed=N&count=N&engine=name&paused=1&overlay=1&autopilot=1
// window.demo: step(n), counts(), setEngine(name), engines, stats(), and reset/setCount/
// setOverlay/setPaused/setAutopilot/render. step(n) advances n frames synchronously, without
// requestAnimationFrame, with the same input every engine gets (autopilot or none); step(n,
// { contacts: [frame, ...] }) also returns, at those frames, the colliding pairs and the circles.

import { Sim, WORLD, MIN_BODIES, MAX_BODIES, autopilot } from './sim.js';
import { ENGINES, BRUTE_MAX, allowed, createEngine, engineInfo } from './engines.js';
import { createInput } from './input.js';
import { createRenderer } from './draw.js';
import { createInstruments } from './instruments.js';

const $ = (id) => document.getElementById(id);
const fmt = (n) => (n === null || n === undefined ? '–' : Math.round(n).toLocaleString('en'));
const DEFAULT_ENGINE = 'wasm-advanced';

// ---- state -------------------------------------------------------------------------------
const params = new URLSearchParams(location.search);
const intParam = (name, fallback) => {
  const v = Number(params.get(name));
  return params.has(name) && Number.isFinite(v) ? Math.trunc(v) : fallback;
};
const sim = new Sim(intParam('seed', 1), intParam('count', 1500));
let engineName = ENGINES.some((e) => e.name === params.get('engine')) ? params.get('engine') : DEFAULT_ENGINE;
if (!allowed(engineName, sim.bodies.length)) engineName = DEFAULT_ENGINE;
let paused = params.get('paused') === '1';
let overlay = params.get('overlay') === '1';
let pilot = params.get('autopilot') === '1';
let notice = '';

const engines = new Map(); // name -> engine built for the current body count
let engine = null;
const now = () => performance.now();

function engineFor(name) {
  let e = engines.get(name);
  if (!e) {
    e = createEngine(name, { ...WORLD }, sim.bodies.length);
    engines.set(name, e);
  }
  return e;
}

function dropEngines() {
  for (const e of engines.values()) e.dispose();
  engines.clear();
}

// ---- page parts --------------------------------------------------------------------------
const canvas = $('game');
const renderer = createRenderer(canvas, WORLD);
const instruments = createInstruments($('chart'));
const input = createInput(canvas, WORLD, {
  pause: () => setPaused(!paused),
  step: () => { if (paused) stepFrames(1); },
  overlay: () => setOverlay(!overlay),
  engine: (i) => ENGINES[i] && setEngine(ENGINES[i].name),
});

// engine list: a radio per engine, with its median step time
const list = $('engines');
for (const [i, e] of ENGINES.entries()) {
  const row = document.createElement('label');
  row.className = 'engine';
  row.dataset.engine = e.name;
  row.innerHTML = `<input type="radio" name="engine" value="${e.name}">
    <span class="name"><kbd>${i + 1}</kbd> ${e.label}</span><span class="ms" data-ms="${e.name}">–</span>
    <span class="how">${e.how}</span>`;
  row.querySelector('input').addEventListener('change', () => setEngine(e.name));
  list.append(row);
}

// count slider: logarithmic from 100 to 50,000, two significant digits
const slider = $('count');
const SPAN = Math.log(MAX_BODIES / MIN_BODIES);
const nice = (n) => {
  const p = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.min(MAX_BODIES, Math.max(MIN_BODIES, Math.round(n / p) * p));
};
const toCount = (v) => nice(MIN_BODIES * Math.exp((v / 1000) * SPAN));
const toSlider = (n) => Math.round((1000 * Math.log(n / MIN_BODIES)) / SPAN);
slider.addEventListener('input', () => setCount(toCount(Number(slider.value))));

$('pause').addEventListener('click', () => setPaused(!paused));
$('step').addEventListener('click', () => stepFrames(1));
$('reseed').addEventListener('click', () => reset(sim.seed + 1, sim.bodies.length));
$('overlay').addEventListener('change', (e) => setOverlay(e.target.checked));
$('autopilot').addEventListener('change', (e) => setAutopilot(e.target.checked));

// ---- actions -----------------------------------------------------------------------------
function setEngine(name) {
  if (!allowed(name, sim.bodies.length)) {
    notice = `${engineInfo(name)?.label ?? name} is off above ${BRUTE_MAX.toLocaleString('en')} bodies`;
    syncControls();
    return false;
  }
  engineName = name;
  engine = engineFor(name);
  engine.invalidate(); // it may have missed frames: rebuild from the bodies as they are now
  notice = '';
  syncControls();
  render();
  return true;
}

function setCount(n) {
  const before = sim.bodies.length;
  const count = sim.setCount(n);
  if (count === before) return count;
  dropEngines();
  if (!allowed(engineName, count)) {
    notice = `brute force is off above ${BRUTE_MAX.toLocaleString('en')} bodies: switched to ${engineInfo(DEFAULT_ENGINE).label}`;
    engineName = DEFAULT_ENGINE;
  }
  engine = engineFor(engineName);
  syncControls();
  render();
  return count;
}

function reset(seed, count) {
  sim.reset(seed, count);
  dropEngines();
  if (!allowed(engineName, sim.bodies.length)) engineName = DEFAULT_ENGINE;
  engine = engineFor(engineName);
  instruments.clearChart();
  notice = '';
  syncControls();
  render();
}

function setPaused(on) {
  paused = !!on;
  syncControls();
}

function setOverlay(on) {
  overlay = !!on;
  syncControls();
  render();
}

function setAutopilot(on) {
  pilot = !!on;
  syncControls();
}

function frameInput() {
  return pilot ? autopilot(sim.frame) : input.snapshot();
}

function stepOnce(frameIn) {
  const r = sim.step(engine, frameIn, now);
  instruments.record(engineName, sim.bodies.length, r, now());
  return r;
}

function stepFrames(n, { contacts = [] } = {}) {
  const out = [];
  for (let i = 0; i < n; i++) {
    sim.recordContacts = contacts.includes(sim.frame + 1);
    const r = stepOnce(frameInput());
    const f = { frame: sim.frame, pairs: r.pairs, candidates: r.candidates, hits: r.hits };
    if (sim.recordContacts) {
      // the pairs as [smaller id, larger id], sorted, and the circles they were found among
      // (step() moves bodies before the collision step, and only their velocities after it)
      f.contacts = sim.contacts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      f.circles = sim.bodies.map((b) => [b.x, b.y, b.r]);
    }
    out.push(f);
  }
  sim.recordContacts = false;
  render();
  instruments.drawChart();
  readouts();
  return out;
}

function render() {
  const info = engineInfo(engineName);
  renderer.draw(sim, engine, {
    overlay,
    hud: `${info.label} · ${fmt(sim.bodies.length)} bodies · ${fmt(sim.last.pairs)} colliding pairs`,
  });
}

// ---- readouts ----------------------------------------------------------------------------
function syncControls() {
  for (const row of list.querySelectorAll('.engine')) {
    const name = row.dataset.engine;
    const radio = row.querySelector('input');
    radio.checked = name === engineName;
    radio.disabled = !allowed(name, sim.bodies.length);
    row.classList.toggle('active', name === engineName);
    row.classList.toggle('disabled', radio.disabled);
  }
  slider.value = String(toSlider(sim.bodies.length));
  $('count-out').textContent = `${fmt(sim.bodies.length)} bodies`;
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(paused));
  $('step').disabled = !paused;
  $('overlay').checked = overlay;
  $('autopilot').checked = pilot;
  $('notice').textContent = notice;
  const url = new URL(location.href);
  url.searchParams.set('seed', String(sim.seed));
  url.searchParams.set('count', String(sim.bodies.length));
  url.searchParams.set('engine', engineName);
  history.replaceState(null, '', url);
  readouts();
}

function readouts() {
  const t = now();
  const r = sim.last;
  $('r-pairs').textContent = fmt(r.pairs);
  $('r-candidates').textContent = r.candidates === null ? 'n/a' : fmt(r.candidates);
  $('r-bodies').textContent = fmt(sim.bodies.length);
  $('r-frame').textContent = fmt(sim.frame);
  $('r-fps').textContent = paused ? 'paused' : instruments.fps(t).toFixed(0);
  const tree = engine.treeStats();
  $('r-tree').textContent = tree ? `${fmt(tree.nodes)} nodes, ${fmt(tree.leaves)} leaves, depth ${tree.depth}` : 'no tree';
  const medians = instruments.medians();
  for (const cell of document.querySelectorAll('[data-ms]')) {
    const m = medians[cell.dataset.ms];
    cell.textContent = m && m.ms === m.ms ? `${m.ms.toFixed(2)} ms` : '–';
    cell.title = m ? `median of ${m.samples} frames at ${fmt(m.bodies)} bodies` : 'not run yet';
  }
  $('r-mode').textContent = pilot ? 'autopilot' : input.active() ? 'playing' : paused ? 'paused' : 'idle';
}

// ---- the loop ----------------------------------------------------------------------------
let lastReadout = 0;
function loop(t) {
  instruments.tick(t);
  if (!paused) {
    stepOnce(frameInput());
    render();
    instruments.drawChart();
  }
  if (t - lastReadout > 250) {
    readouts();
    lastReadout = t;
  }
  requestAnimationFrame(loop);
}

engine = engineFor(engineName);
syncControls();
render();
instruments.drawChart();
requestAnimationFrame(loop);

// ---- test hooks --------------------------------------------------------------------------
window.demo = {
  /** Engine names, in the order of the list (keys 1–7). */
  engines: ENGINES.map((e) => e.name),
  /**
   * Advances n frames now (no animation frame needed); per frame: { frame, pairs, candidates, hits },
   * and at the frames listed in options.contacts also contacts ([id, id] per colliding pair, the
   * smaller id first, sorted) and circles ([x, y, r] per body, in id order, as they collided).
   */
  step: (n = 1, options = {}) => stepFrames(n, options),
  /** The last frame's numbers, and an exact digest of every body's position and velocity. */
  counts: () => ({
    frame: sim.frame,
    bodies: sim.bodies.length,
    pairs: sim.last.pairs,
    candidates: sim.last.candidates,
    hits: sim.last.hits,
    bullets: sim.bullets.length,
    shots: sim.shots,
    lasered: sim.lasered,
    hash: sim.hash(),
  }),
  /** Switches engine keeping the scene; false (and no change) if the engine is not allowed. */
  setEngine,
  engine: () => engineName,
  stats: () => ({
    engine: engineName,
    frame: sim.frame,
    bodies: sim.bodies.length,
    fps: instruments.fps(now()),
    stepMs: Object.fromEntries(Object.entries(instruments.medians()).map(([k, v]) => [k, v.ms])),
    tree: engine.treeStats(),
    target: sim.target ? sim.target.id : null, // the body nearest the ship (ties: any)
    paused,
    overlay,
    autopilot: pilot,
  }),
  reset: ({ seed = sim.seed, count = sim.bodies.length } = {}) => reset(seed, count),
  setCount,
  setPaused,
  setOverlay,
  setAutopilot,
  render,
};
