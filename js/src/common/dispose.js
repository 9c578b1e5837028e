// The key under which every class of the package has dispose() too: a `using` declaration calls it.

/** Symbol.dispose, where the engine has it; else the key TypeScript's downlevel `using` looks up. */
export const DISPOSE = (typeof Symbol === 'function' && Symbol.dispose) || Symbol.for('Symbol.dispose');
