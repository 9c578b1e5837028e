// dispose(), also under Symbol.dispose (a `using` declaration calls it).

/** Symbol.dispose, where the engine has it; else the key TypeScript's downlevel `using` looks up. */
export const DISPOSE = (typeof Symbol === 'function' && Symbol.dispose) || Symbol.for('Symbol.dispose');

/**
 * Frees the native memory now; afterwards every call throws. Safe to call twice.
 * @this {any}
 */
export function dispose() {
  this._s.dispose();
}
