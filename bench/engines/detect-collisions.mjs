// detect-collisions 10.10.2025 (the devDependency): the package moved to check2d, and this
// version is a shim that re-exports check2d (9.36.x, installed as its dependency), so its API
// works. Its fastest way to all colliding pairs: one Box body per object for the object's life
// (userData = the object), per frame setPosition() from the object (the body is re-inserted into
// its BVH, an RBush, only when it left its padded box), then one system.checkAll(callback),
// which runs SAT on each candidate pair and calls back for each colliding pair twice (a-b and
// b-a). SAT counts touching boxes as colliding, so the callback applies the strict test and
// counts a pair once (a.id < b.id). Padding 2 (one frame's largest move) roughly halved its CPU
// time against the default 0 at N = 10,000; 5 and 10 were no better.
// W2c, the same with one Circle body per circle (position = centre); SAT counts touching circles
// as colliding too, so the callback applies the strict circle test.
// Run in W2 and W2c only (it is not a drop-in for the W1 loop or W3's window queries).
import { System } from 'detect-collisions';

const PADDING = 2;

/**
 * The W2 frame on one body per object (made by `body(system, o)`): setPosition() from each
 * object, then checkAll(), counting the pairs `hit(a, b)` confirms (each pair once: a.id < b.id).
 */
function checkAllFrame(scene, body, hit) {
  const system = new System();
  const objs = scene.objects;
  const bodies = objs.map((o) => body(system, o));
  let pairs = 0;
  const onCollision = (response) => {
    const a = response.a.userData, b = response.b.userData;
    if (a.id < b.id && hit(a, b)) pairs++;
    // returning nothing (falsy) lets checkAll go on
  };
  return {
    frame() {
      const n = objs.length;
      for (let i = 0; i < n; i++) {
        const o = objs[i];
        bodies[i].setPosition(o.x, o.y);
      }
      pairs = 0;
      system.checkAll(onCollision);
      return pairs;
    },
  };
}

export default [{
  id: 'detect-collisions',
  family: 'detect-collisions',
  name: 'detect-collisions checkAll',

  w2(scene) {
    return checkAllFrame(scene,
      (system, o) => system.createBox({ x: o.x, y: o.y }, o.width, o.height, { padding: PADDING, userData: o }),
      (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
  },

  // Circles: one Circle body per object; the strict circle test (touching is no overlap).
  w2c(scene) {
    return checkAllFrame(scene,
      (system, o) => system.createCircle({ x: o.x, y: o.y }, o.r, { padding: PADDING, userData: o }),
      (a, b) => {
        const dx = b.x - a.x, dy = b.y - a.y, rr = a.r + b.r;
        return dx * dx + dy * dy < rr * rr;
      });
  },
}];
