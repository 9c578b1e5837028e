// Every pair, O(N²): the reference the trees must agree with (W1, W2, W4, W5, W6; W2c's circles), run
// only for small N (targets.mjs also checks a few frames of W2c at any N with it).
/** A frame counting every pair `overlap(a, b)` confirms. */
function everyPair(scene, overlap) {
  const objs = scene.objects;
  return {
    frame() {
      const n = objs.length;
      let pairs = 0;
      for (let i = 0; i < n; i++) {
        const a = objs[i];
        for (let j = i + 1; j < n; j++) if (overlap(a, objs[j])) pairs++;
      }
      return pairs;
    },
  };
}

export default [{
  id: 'brute-force',
  family: 'brute-force',
  name: 'brute force',
  maxN: 2000,

  w1(scene) {
    return everyPair(scene, (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
  },

  w2(scene) {
    return this.w1(scene);
  },
  w2IsW1: true, // W2's frame is W1's (see workloads.mjs)

  // W2c: the scene's circles, the exact strict test (distance between centres < r1 + r2).
  w2c(scene) {
    return everyPair(scene, (a, b) => {
      const dx = b.x - a.x, dy = b.y - a.y, rr = a.r + b.r;
      return dx * dx + dy * dy < rr * rr;
    });
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
