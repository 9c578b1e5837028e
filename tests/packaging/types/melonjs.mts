// Compiled by tests/packaging/types.test.mjs (never run): quadtree-wasm/melonjs, typed without
// melonJS's own types (a world is what the plug-in reads of it).
import { useQuadtree, quadtreePlugin, QuadtreeBroadphase, type QuadtreeHandle, type MelonWorldLike } from 'quadtree-wasm/melonjs';

declare const world: MelonWorldLike;
const handle: QuadtreeHandle = useQuadtree(world);
const broadphase: QuadtreeBroadphase = handle.broadphase;
const candidates: unknown[] = broadphase.retrieve({});
const gone: boolean = broadphase.remove({});
handle.restore();

class BasePlugin {
  version = '20.7.0';
  constructor(public app?: unknown) {}
}
const Plugin = quadtreePlugin(BasePlugin);
const plugin = new Plugin();
const h: QuadtreeHandle = plugin.handle;
const v: string = plugin.version;
// @ts-expect-error a world has a broadphase and getBounds()
useQuadtree({});
export { candidates, gone, h, v };
