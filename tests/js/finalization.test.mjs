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
    const after10 = sizes[9];
    const last = sizes[sizes.length - 1];
    // Without finalization 240 trees would need far more than 10 rounds' worth of memory.
    expect(last).toBe(after10);
    expect(last).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);
});
