// The browser page's glue: runs the shared workloads (workloads.mjs) over the engines, then shows
// the same markdown tables and SVG chart as run.mjs. Results also land in window.benchResult
// (and window.benchError on failure) for automation.
import { select } from './engines/index.mjs';
import { MAIN_SCENE, MODES, runSuite, SMALL, VIEWPORT, W4_MOVING } from './workloads.mjs';
import {
  sceneRatioTables, skippedNotes, w1Table, w2Summary, w2Table, w3Table, w4Summary, w4Table, w6Table,
} from './report.mjs';
import { w1Svg, w2Svg } from './chart.mjs';
import { SCENE_KINDS, SCENE_NAMES } from './scene.mjs';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
if (params.has('only')) $('only').value = params.get('only');
if (params.has('n')) $('sizes').value = params.get('n');
// ?w1-only, ?w2-only, … name the workloads to run (several combine); none: all of them.
const WORKLOADS = ['w1', 'w2', 'w3', 'w4', 'w6'];
// ?scenes=square,clustered (or ?scenes=all) names the scene kinds; the page's default is the square
// scene alone (run.mjs runs them all).
const scenes = !params.get('scenes') ? [MAIN_SCENE]
  : params.get('scenes') === 'all' ? SCENE_NAMES : params.get('scenes').split(',').filter((k) => SCENE_KINDS[k]);
const picked = WORKLOADS.filter((w) => params.has(w + '-only'));
const which = Object.fromEntries(WORKLOADS.map((w) => [w, picked.length === 0 || picked.includes(w)]));

function log(line) {
  $('log').textContent += line + '\n';
}

// Lets the page repaint between engines (the workloads themselves run synchronously).
const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run(modeName) {
  const mode = MODES[modeName];
  $('quick').disabled = $('full').disabled = true;
  $('log').textContent = $('out').textContent = $('chart').innerHTML = $('chart2').innerHTML = '';
  window.benchResult = window.benchError = undefined;
  $('status').textContent = 'running…';
  try {
    const engines = select($('only').value.split(',').map((s) => s.trim()).filter(Boolean));
    const sizes = $('sizes').value.trim()
      ? $('sizes').value.split(',').map((s) => Number(s.trim().replace(/_/g, '')))
      : mode.sizes;
    log(`${modeName} run: N = ${sizes.join(', ')}; scenes: ${scenes.join(', ')}; engines: ${engines.map((e) => e.id).join(', ')}`);
    log(navigator.userAgent);
    await yieldToPage();
    const results = await runSuite({
      engines, mode, sizes, scenes, ...which, w5: false, // W5's reference tree lives in tests/: Node only
      log, between: yieldToPage,
    });
    const md = [`# quadtree-wasm benchmark (${modeName} run, browser)`, '', navigator.userAgent];
    const ratios = sceneRatioTables(results, scenes, (k) => `The ${k} scene: ${SCENE_KINDS[k].about}.`);
    if (ratios) md.push('', '## Ratios per scene (see bench/README.md)', '', ratios);
    // The tables below are the square scene's; latest.md from run.mjs has every scene's.
    const main = Object.fromEntries(['w1', 'w2', 'w4', 'w6'].map((w) => [w, results[w].filter((r) => r.scene === MAIN_SCENE)]));
    if (main.w1.length) md.push('', '## W1: game loop (ms per frame)', '', w1Table(main.w1));
    if (main.w2.length) {
      md.push('', '## W2: all colliding pairs of the moving scene (ms per frame)', '', w2Table(main.w2),
        '', '### Against the targets (≥ 100× quadtree-js (10,4), ≥ 20× flatbush)', '', w2Summary(main.w2));
    }
    if (results.w3.length) {
      md.push('', '## W3: static scene, window queries (µs per query)', '',
        `### ${SMALL.width}×${SMALL.height} windows`, '', w3Table(results.w3, 'small'),
        '', `### ${VIEWPORT.width}×${VIEWPORT.height} viewports`, '', w3Table(results.w3, 'viewport'));
    }
    if (main.w4.length) {
      md.push('', `## W4: ${Math.round(W4_MOVING * 100)} % of objects move per frame (ms per frame)`, '', w4Table(main.w4),
        '', '### Refresh against rebuild (rebuild ÷ refresh, target ≥ 5×)', '', w4Summary(main.w4));
    }
    if (main.w6.length) md.push('', '## W6: a tree per frame (ms per frame)', '', w6Table(main.w6));
    const notes = skippedNotes([...results.w1, ...results.w2, ...results.w4, ...results.w6]);
    if (notes.length) md.push('', '## Skipped', '', ...notes);
    md.push('', '## Correctness', '', ...results.checks.map((c) => '- ' + c));
    $('out').textContent = md.join('\n');
    if (main.w1.length) $('chart').innerHTML = w1Svg(main.w1);
    if (main.w2.length) $('chart2').innerHTML = w2Svg(main.w2);
    $('status').textContent = 'done';
    window.benchResult = { mode: modeName, userAgent: navigator.userAgent, ...results, markdown: md.join('\n') };
  } catch (err) {
    $('status').textContent = 'failed';
    log('ERROR: ' + (err && err.stack || err));
    window.benchError = String(err && err.message || err);
  } finally {
    $('quick').disabled = $('full').disabled = false;
  }
}

$('quick').onclick = () => run('quick');
$('full').onclick = () => run('full');
if (params.has('run')) run(params.has('quick') ? 'quick' : 'full');
