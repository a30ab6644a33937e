/** `fn` over the list, at most `limit` at a time (reads of many partitions without flooding the SDK's sockets), results in list order. */
export async function mapLimited<T, R>(
  list: readonly T[],
  fn: (x: T) => Promise<R>,
  limit = 8,
): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return out;
}
