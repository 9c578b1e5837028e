// The shared workload (tests/fixtures/workload.js: the calls the browser pages make) on every dist
// file in Node, loaded as its users load it, against the original @timohausmann/quadtree-js: the
// same results, field by field. The browser tests compare the pages against this same expectation.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, byName, loadEntries } from '../support/dist.mjs';

const require = createRequire(import.meta.url);
const workload = require(join(ROOT, 'tests', 'fixtures', 'workload.js'));
const expected = workload(require('@timohausmann/quadtree-js'));

describe.each(byName(await loadEntries()))('dist/%s', (file, { Quadtree, exports }) => {
  it('gives what quadtree-js gives on the shared workload', () => {
    expect(workload(Quadtree)).toEqual(expected);
  });

  it('exports the class as default and by name, and LinearQuadtree', () => {
    expect(exports.default).toBe(Quadtree);
    expect(exports.Quadtree).toBe(Quadtree);
    expect(typeof exports.LinearQuadtree).toBe('function');
  });
});
