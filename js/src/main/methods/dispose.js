// dispose(), also under Symbol.dispose (a `using` declaration calls it).
export { DISPOSE } from '../../common/dispose.js';

/**
 * Frees the native memory now; afterwards every call throws. Safe to call twice.
 * @this {any}
 */
export function dispose() {
  this._s.dispose();
}
