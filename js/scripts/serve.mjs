// `npm start`: serves the demo on 127.0.0.1 with the built library beside it.
// /            web-demo/
// /dist/       the built library (as users load it)
// /quadtree-js/  the original @timohausmann/quadtree-js, for side-by-side comparisons
// /quadtree-ts/  the original @timohausmann/quadtree-ts's dist/, likewise
// /bench/      the benchmark page (bench/browser.html), with /node_modules/ for the peers it loads
// /quadtree-js-on-wasm/  quadtree-js's own demo pages (its npm package's docs/), unchanged, except
//              that their ./quadtree.min.js is our dist/quadtree.js
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const quadtreeJs = join(root, 'node_modules', '@timohausmann', 'quadtree-js');
const mounts = [
  ['/quadtree-js-on-wasm/quadtree.min.js', join(root, 'dist', 'quadtree.js')],
  ['/quadtree-js-on-wasm/', join(quadtreeJs, 'docs')],
  ['/dist/', join(root, 'dist')],
  ['/quadtree-js/', quadtreeJs],
  ['/quadtree-ts/', join(root, 'node_modules', '@timohausmann', 'quadtree-ts', 'dist')],
  ['/bench/', join(root, 'bench')],
  ['/node_modules/', join(root, 'node_modules')],
  ['/', join(root, 'web-demo')],
];
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm',
};

function resolve(urlPath) {
  for (const [prefix, dir] of mounts) {
    if (!prefix.endsWith('/')) {
      if (urlPath === prefix) return dir; // a single file
      continue;
    }
    if (!urlPath.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(urlPath.slice(prefix.length))));
    if (file !== dir && !file.startsWith(dir + sep)) return null; // no escaping the mount
    try {
      const st = statSync(file);
      if (st.isDirectory()) return resolve(urlPath.replace(/\/?$/, '/') + 'index.html');
      return file;
    } catch {
      return null;
    }
  }
  return null;
}

const server = createServer((req, res) => {
  const file = resolve(new URL(req.url, 'http://localhost').pathname);
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  // The page of many bodies is cross-origin isolated (it loads only this server's files), so that it
  // may share memory with workers, as quadtree-wasm/threads needs. (Not the others: quadtree-js's
  // own pages load a CDN's script, which isolation would refuse.)
  const isolated = file === join(root, 'web-demo', 'bulk.html') ?
    { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
  res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store', ...isolated });
  createReadStream(file).pipe(res);
});

const port = Number(process.env.PORT || 8080);
server.on('error', (err) => {
  if (err.code === 'EADDRINUSE' && !process.env.PORT) {
    server.listen(0, '127.0.0.1'); // 8080 taken: any free port
  } else {
    throw err;
  }
});
server.listen(port, '127.0.0.1', () => {
  console.log(`quadtree-wasm demo: http://127.0.0.1:${server.address().port}/`);
});
