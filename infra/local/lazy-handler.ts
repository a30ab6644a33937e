/**
 * A handler whose module is imported on its first call, as a Lambda loads its bundle on its first invocation:
 * a runtime (a test file's, `npm start`) pays only for the groups and jobs it runs. Calls made while the import
 * is under way wait for the same import; a module that fails to load fails each call (and is tried again).
 */
export function onFirstCall<A extends unknown[], R>(
  load: () => Promise<(...args: A) => Promise<R>>,
): (...args: A) => Promise<R> {
  let loading: Promise<(...args: A) => Promise<R>> | undefined;
  return async (...args) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(...args);
  };
}
