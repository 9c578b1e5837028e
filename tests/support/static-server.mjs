// A tiny static HTTP server for browser tests, bound to 127.0.0.1 only.
//
//   const server = await startStaticServer({ '/': fixturesDir, '/dist/': distDir, '/x.js': someFile });
//   server.url('/page.html')  // -> http://127.0.0.1:<port>/page.html
//   await server.close();
//
// Keys ending in '/' mount a directory; other keys serve exactly one file at that path. The longest
// matching key wins, so a file mount can replace one file inside a mounted directory. A directory
// request serves its index.html. Nothing outside a mount is reachable (no `..` escapes). Every
// response is `no-store`, so a browser never mixes two builds.
//
// Options: headers (added to every response, e.g. a Content-Security-Policy); recordErrors (every
// HTML page gets <script src="/__harness/record-errors.js"> first in its <head>: the error recorder
// of ./browsers.mjs, so engines without console events see errors during load too; an external
// script, so it also runs under a CSP with script-src 'self').
import { createServer } from 'node:http';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve as resolvePath, sep } from 'node:path';
import { installErrorRecorder } from './browsers.mjs';

const RECORDER_PATH = '/__harness/record-errors.js';
const RECORDER_TAG = `<script src="${RECORDER_PATH}"></script>`;

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
};

export function contentType(file) {
  return CONTENT_TYPES[extname(file).toLowerCase()] || 'application/octet-stream';
}

function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDir(p) {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * @param {Record<string,string>} mounts URL prefix -> directory (prefix ends in '/') or file
 * @param {{ host?: string, port?: number, headers?: Record<string,string>, recordErrors?: boolean }} [options]
 */
export async function startStaticServer(mounts, options = {}) {
  const host = options.host || '127.0.0.1';
  const table = Object.entries(mounts)
    .map(([prefix, target]) => {
      if (!prefix.startsWith('/')) throw new Error(`mount ${prefix}: must start with '/'`);
      const abs = resolvePath(target);
      const dir = prefix.endsWith('/');
      if (dir ? !isDir(abs) : !isFile(abs)) {
        throw new Error(`mount ${prefix}: ${abs} is not a ${dir ? 'directory' : 'file'}`);
      }
      return { prefix, target: abs, dir };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);

  const requests = []; // [method, path, status], for debugging a failing test
  const extraHeaders = options.headers || {};
  const recorder = `(${installErrorRecorder})();\n`;

  function lookup(pathname) {
    for (const m of table) {
      if (!m.dir) {
        if (pathname === m.prefix) return m.target;
        continue;
      }
      if (!pathname.startsWith(m.prefix)) continue;
      const rel = pathname.slice(m.prefix.length);
      const file = normalize(join(m.target, rel));
      if (file !== m.target && !file.startsWith(m.target + sep)) return null; // escape attempt
      if (isDir(file)) {
        const index = join(file, 'index.html');
        return isFile(index) ? index : null;
      }
      return isFile(file) ? file : null;
    }
    return null;
  }

  const sockets = new Set();
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      pathname = null;
    }
    const head = req.method === 'HEAD';
    const send = (status, type, body) => {
      requests.push([req.method, req.url, status]);
      res.writeHead(status, { ...extraHeaders, 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store' });
      res.end(head ? undefined : body);
    };
    if (options.recordErrors && pathname === RECORDER_PATH) {
      return send(200, 'text/javascript; charset=utf-8', Buffer.from(recorder));
    }
    const file = pathname && (req.method === 'GET' || head) ? lookup(pathname) : null;
    if (!file) return send(404, 'text/plain; charset=utf-8', Buffer.from('not found'));
    if (options.recordErrors && /\.html?$/i.test(file)) {
      let html = readFileSync(file, 'utf8');
      const at = /<head(\s[^>]*)?>/i.exec(html);
      html = at ? html.slice(0, at.index + at[0].length) + RECORDER_TAG + html.slice(at.index + at[0].length) : RECORDER_TAG + html;
      return send(200, contentType(file), Buffer.from(html));
    }
    requests.push([req.method, req.url, 200]);
    const size = statSync(file).size;
    res.writeHead(200, {
      ...extraHeaders,
      'content-type': contentType(file),
      'content-length': size,
      'cache-control': 'no-store',
    });
    if (head) {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', (err) => res.destroy(err));
    stream.pipe(res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port || 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address();
  const origin = `http://${host}:${port}`;
  let closed = false;

  return {
    origin,
    port,
    requests,
    url(path = '/') {
      return origin + (path.startsWith('/') ? path : '/' + path);
    },
    /** Stops listening and drops keep-alive connections; resolves when the server is closed. */
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise((resolve) => {
        server.close(() => resolve());
        if (typeof server.closeAllConnections === 'function') server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
    },
  };
}
