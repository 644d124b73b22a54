/**
 * Building every method's and route's zod schemas when the contract is imported cost the signed-in
 * pages about 90 ms of script evaluation on a desktop CPU (360 ms on Lighthouse's phone), before
 * their first render, though the browser validates with only a few of them (forms) and the typed
 * client with none (docs/decisions.md 119). In the browser each schema the contract (and the
 * domain) declares at module level is built on its first use instead; on the server (no
 * `window`) it is built at once, so the server validates with exactly the schema objects it
 * always had.
 */

/** Where the code runs decides: a browser (or jsdom) defers, Node builds at once. */
const DEFERS = 'window' in globalThis;

/**
 * A schema built when something first reads it: any property read, `in`, key listing or
 * `instanceof` on the stand-in builds the real schema once and answers from it. zod's methods
 * (`optional()`, `safeParse(x)`, `extend(…)`) and its `instanceof` checks (which read
 * `_zod.traits`) behave as on the real schema, and a schema derived from the stand-in wraps the
 * stand-in, so `unwrap()` gives back the very object the module exports.
 */
export function deferSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    // Getters and methods see the stand-in as `this` (zod binds a method to whatever it was read
    // from), so what they derive (`idSchema.optional()`) holds the stand-in, the object the module
    // exports; what zod caches on `this` lands on the real schema through `defineProperty`.
    get: (_target, key, receiver) => Reflect.get(real(), key, receiver),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/**
 * A schema declared at module level: deferred in the browser (`deferSchema`), built at once on
 * the server. Its type is the schema's own, so nothing that uses it changes.
 */
export function lazySchema<T extends object>(build: () => T): T {
  return DEFERS ? deferSchema(build) : build();
}
