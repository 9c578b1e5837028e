// Trees a game forgets to dispose() are freed by the garbage collector: 240 trees of 20,000
// objects each (several MB of native memory apiece) are built and dropped, and the WebAssembly
// memory stops growing after the first rounds instead of growing with every tree.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'support', 'forgotten-trees.mjs');

describe('memory of trees never disposed', () => {
  it('is given back through the FinalizationRegistry', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', script, '60'], { encoding: 'utf8' });
    const { sizes } = JSON.parse(out.trim().split('\n').pop());
    const half = sizes[sizes.length / 2 - 1];
    const last = sizes[sizes.length - 1];
    // Without finalization every round would add four trees of several MB, and 240 trees would
    // need far more than 256 MB. With it the memory may still step up once or twice early on (freed
    // blocks come back in another order, later under load), then it stays flat.
    expect(last).toBe(half);
    expect(last).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);
});
