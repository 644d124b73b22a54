import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>;
  /** Starts loading the validation code ahead of the first check (e.g. when the form gets focus). */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose code loads on first use. The schema is the same domain schema;
 * only its download moves off the first page load (zod is about 25 KB gzip). react-hook-form
 * awaits resolvers, so a check that runs before the download finishes simply waits for it.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = (): Promise<Resolver<T>> => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
