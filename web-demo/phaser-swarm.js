// The Phaser demo (phaser.html): an Arcade swarm whose world is stepped by hand each frame so that
// the step alone is timed, with the plug-in switched on and off live. window.phaserDemo is for tests.
(function () {
  const $ = (id) => document.getElementById(id);
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const state = { handle: null, times: [], pairs: 0, steps: 0, scene: null, group: null, collider: null };

  function build(scene) {
    const world = scene.physics.world, n = Number($('bodies').value);
    if (state.handle) state.handle.restore();
    state.handle = null;
    if (state.collider) state.collider.destroy();
    if (state.group) state.group.destroy(true); // (its bodies leave the world at the next step)
    seed = 1;
    const side = Math.round(Math.sqrt(n * 1600));
    world.setBounds(0, 0, side, side);
    scene.cameras.main.setZoom(Math.min(960 / side, 600 / side)).centerOn(side / 2, side / 2);
    const group = (state.group = scene.physics.add.group());
    for (let i = 0; i < n; i++) {
      const w = 4 + Math.floor(random() * 13), h = 4 + Math.floor(random() * 13);
      const obj = scene.add.rectangle(random() * side, random() * side, w, h, 0x6ff7ff);
      scene.physics.add.existing(obj);
      group.add(obj);
      obj.body.setVelocity((random() - 0.5) * 240, (random() - 0.5) * 240).setCollideWorldBounds(true).setBounce(1, 1);
    }
    const count = () => { state.pairs++; };
    state.collider = $('mode').value === 'collide' ? scene.physics.add.collider(group, group, count) : scene.physics.add.overlap(group, group, count);
    if ($('plugin').checked) state.handle = QuadtreePhaser.useQuadtree(world);
    state.times = [];
  }

  function create() {
    state.scene = this;
    this.physics.world.isPaused = true; // stepped by hand in update()
    build(this);
  }

  function update() {
    const world = this.physics.world;
    state.pairs = 0;
    world.isPaused = false;
    const t0 = performance.now();
    world.singleStep();
    state.times.push(performance.now() - t0);
    world.isPaused = true;
    state.steps++;
    if (state.times.length > 30) state.times.shift();
    const mean = state.times.reduce((a, b) => a + b, 0) / state.times.length;
    $('r-trees').textContent = state.handle && state.handle.active ? 'quadtree-wasm' : 'Phaser RTree (stock)';
    $('r-step').textContent = mean.toFixed(2) + ' ms';
    $('r-pairs').textContent = String(state.pairs);
  }

  $('bodies').addEventListener('input', () => { $('bodies-out').textContent = $('bodies').value; });
  $('bodies').addEventListener('change', () => build(state.scene));
  $('mode').addEventListener('change', () => build(state.scene));
  $('plugin').addEventListener('change', () => {
    const world = state.scene.physics.world;
    if ($('plugin').checked) state.handle = QuadtreePhaser.useQuadtree(world);
    else if (state.handle) {
      state.handle.restore();
      state.handle = null;
    }
    state.times = [];
  });
  $('r-version').textContent = Phaser.VERSION;
  window.phaserDemo = state;
  new Phaser.Game({
    type: Phaser.CANVAS,
    parent: 'game',
    width: 960,
    height: 600,
    backgroundColor: '#070a12',
    banner: false,
    physics: { default: 'arcade', arcade: { fps: 60 } },
    scene: { create: create, update: update },
  });
})();
