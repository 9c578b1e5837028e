// `npm start`'s own server (js/scripts/serve.mjs) for the demo tests, on a free port (PORT=0).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT as root } from './dist.mjs';

/** Starts js/scripts/serve.mjs on a free port (PORT=0); `origin` resolves with its origin. */
export function startServer() {
  const child = spawn(process.execPath, [join(root, 'js', 'scripts', 'serve.mjs')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const origin = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve.mjs printed no URL in 30 s: ${out}`)), 30_000);
    const read = (chunk) => {
      out += chunk;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited with ${code}: ${out}`));
    });
  });
  return { child, origin };
}


/** How long a demo may take to run ten frames after a step: a stall fails within it, named. */
export const STEP_TIMEOUT = 30_000;

/**
 * Changes a control of an engine demo page as a user does, then waits for ten more frames of the
 * page's `window[state]` (whose `counter` counts them).
 * @param {any} page @param {string} state @param {string} counter @param {string} id @param {any} value
 */
export async function setControl(page, state, counter, id, value) {
  await page.evaluate(([state, counter, id, value]) => {
    const el = document.getElementById(id);
    if (el.type === 'checkbox') el.checked = value;
    else el.value = value;
    el.dispatchEvent(new Event('change'));
    window[state][counter] = 0;
  }, [state, counter, id, value]);
  // (a step that stalls fails here, named, well before the test's own time-out)
  await page.waitFor(new Function(`return window.${state}.${counter} > 10`), undefined, STEP_TIMEOUT);
}
