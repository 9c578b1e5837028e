// Every pair, O(N²): the reference the trees must agree with (W1, W2, W4, W5, W6; W2c's circles), run
// only for small N (targets.mjs also checks a few frames of W2c at any N with it).
export default [{
  id: 'brute-force',
  family: 'brute-force',
  name: 'brute force',
  maxN: 2000,

  w1(scene) {
    const objs = scene.objects;
    return {
      frame() {
        const n = objs.length;
        let pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = objs[i];
          const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height;
          for (let j = i + 1; j < n; j++) {
            const b = objs[j];
            if (ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
          }
        }
        return pairs;
      },
    };
  },

  w2(scene) {
    return this.w1(scene);
  },
  w2IsW1: true, // W2's frame is W1's (see workloads.mjs)

  // W2c: the scene's circles, the exact strict test (distance between centres < r1 + r2).
  w2c(scene) {
    const objs = scene.objects;
    return {
      frame() {
        const n = objs.length;
        let pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = objs[i];
          const ax = a.x, ay = a.y, ar = a.r;
          for (let j = i + 1; j < n; j++) {
            const b = objs[j];
            const dx = b.x - ax, dy = b.y - ay, rr = ar + b.r;
            if (dx * dx + dy * dy < rr * rr) pairs++;
          }
        }
        return pairs;
      },
    };
  },

  w4(scene) {
    return this.w1(scene);
  },

  w5(scene) {
    return this.w1(scene);
  },

  w5r(scene) {
    return this.w1(scene);
  },

  w6(scene) {
    return this.w1(scene);
  },
}];
