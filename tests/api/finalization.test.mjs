// Trees a game forgets to dispose() are freed by the garbage collector: 240 trees of 20,000
// objects each (several MB of native memory apiece) are built and dropped, and the WebAssembly
// memory grows at most a few times instead of with every round.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'forgotten-trees.mjs');

describe('memory of trees never disposed', () => {
  it('is given back through the FinalizationRegistry', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', script, '60'], { encoding: 'utf8' });
    const { sizes } = JSON.parse(out.trim().split('\n').pop());
    const steps = sizes.filter((size, i) => i > 0 && size > sizes[i - 1]).length;
    // Without finalization every round would add four trees of several MB: 240 trees need far
    // more than 256 MB, and the memory would grow round after round. With it the memory may step
    // up once or twice (a round that allocates before the collector has freed the round before;
    // under load that can happen late), and otherwise stays flat.
    expect(steps, `memory grew in ${steps} of ${sizes.length} rounds: ${sizes.join(', ')}`).toBeLessThanOrEqual(3);
    expect(sizes[sizes.length - 1]).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);

  it('a young tree that is dropped is collected once the next tree of its kind took its native tree back', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', join(dirname(script), 'dropped-young.mjs')], { encoding: 'utf8' });
    const { answers, collected } = JSON.parse(out.trim().split('\n').pop());
    expect(collected, 'the dropped young trees, taken back, were collected').toEqual({ main: true, ts: true });
    const own = [[new Set(['b']), true], [new Set(['c']), true], [new Set(['d']), true]];
    for (const family of ['main', 'ts']) expect(answers[family].map((a) => [new Set(a), a.length > 0]), family).toEqual(own);
  }, 60_000);
});
