// Keyboard and pointer. The simulation never sees an event: each frame it gets a snapshot.
//
//   arrows / WASD   turn, thrust, brake         Space or hold the pointer   fire
//   E or Shift      shockwave                    right click                 shockwave
//   Q or L          laser (the first asteroid ahead)
//   P pause   N step   O overlay   1–7 engine

const KEYS = {
  ArrowLeft: 'left', KeyA: 'left',
  ArrowRight: 'right', KeyD: 'right',
  ArrowUp: 'up', KeyW: 'up',
  ArrowDown: 'down', KeyS: 'down',
  Space: 'fire',
  KeyE: 'shock', ShiftLeft: 'shock', ShiftRight: 'shock',
  KeyQ: 'laser', KeyL: 'laser',
};

/**
 * @param {HTMLCanvasElement} canvas the game canvas (pointer positions are mapped to world units)
 * @param {{width:number,height:number}} world
 * @param {Record<string, () => void>} hotkeys pause, step, overlay, engine(index)
 */
export function createInput(canvas, world, hotkeys) {
  const held = { left: false, right: false, up: false, down: false, fire: false, shock: false, laser: false };
  // a tap shorter than a frame still counts once
  const tapped = { fire: false, shock: false, laser: false };
  const pointer = { x: 0, y: 0, inside: false, firing: false, shock: false, movedAt: -Infinity };

  const typing = (e) => {
    const t = e.target;
    return t && (t.tagName === 'INPUT' && t.type !== 'range' && t.type !== 'checkbox' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
  };

  window.addEventListener('keydown', (e) => {
    if (typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    const action = KEYS[e.code];
    if (action) {
      held[action] = true;
      if (action in tapped) tapped[action] = true;
      e.preventDefault(); // no scrolling with arrows and space, no slider nudging
      return;
    }
    if (e.repeat) return;
    if (e.code === 'KeyP') hotkeys.pause();
    else if (e.code === 'KeyN' || e.code === 'Period') hotkeys.step();
    else if (e.code === 'KeyO') hotkeys.overlay();
    else if (/^Digit[1-9]$/.test(e.code)) hotkeys.engine(Number(e.code.slice(5)) - 1);
  });
  window.addEventListener('keyup', (e) => {
    const action = KEYS[e.code];
    if (!action) return;
    held[action] = false;
    if (!typing(e)) e.preventDefault(); // Space must not also press a focused button
  });
  window.addEventListener('blur', () => {
    for (const k in held) held[k] = false;
    pointer.firing = pointer.shock = false;
  });

  const place = (e) => {
    const r = canvas.getBoundingClientRect();
    pointer.x = ((e.clientX - r.left) / r.width) * world.width;
    pointer.y = ((e.clientY - r.top) / r.height) * world.height;
    pointer.movedAt = performance.now();
  };
  canvas.addEventListener('pointermove', (e) => { pointer.inside = true; place(e); });
  canvas.addEventListener('pointerleave', () => { pointer.inside = false; pointer.firing = false; });
  canvas.addEventListener('pointerdown', (e) => {
    place(e);
    pointer.inside = true;
    if (e.button === 2) pointer.shock = tapped.shock = true;
    else pointer.firing = tapped.fire = true;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  });
  const release = (e) => {
    if (e.button === 2) pointer.shock = false;
    else pointer.firing = false;
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', () => { pointer.firing = pointer.shock = false; });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());

  return {
    /** This frame's input. The ship turns toward the pointer while it is held or recently moved. */
    snapshot() {
      const aiming = pointer.firing || (pointer.inside && performance.now() - pointer.movedAt < 1500);
      const frame = {
        left: held.left, right: held.right, up: held.up, down: held.down,
        fire: held.fire || pointer.firing || tapped.fire,
        shock: held.shock || pointer.shock || tapped.shock,
        laser: held.laser || tapped.laser,
        aim: aiming ? { x: pointer.x, y: pointer.y } : null,
      };
      tapped.fire = tapped.shock = tapped.laser = false;
      return frame;
    },
    /** True while a key or button is held (the page shows "playing" instead of "autopilot"). */
    active() {
      return pointer.firing || pointer.shock || Object.values(held).some(Boolean);
    },
  };
}

