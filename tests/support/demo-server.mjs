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

