/**
 * A k-way merge of lists that are each already in order: the merged order, up to `limit` items, without
 * sorting the whole again (a page of a spread list takes the first items of each partition).
 */
export function mergeSorted<T>(
  lists: readonly (readonly T[])[],
  compare: (a: T, b: T) => number,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const cursors = lists.map((list) => ({ list, at: 0 }));
  const merged: T[] = [];
  while (merged.length < limit) {
    let best: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) {
      if (cursor.at >= cursor.list.length) continue;
      // In bounds: checked on the line above.
      if (!best || compare(cursor.list[cursor.at] as T, best.list[best.at] as T) < 0) best = cursor;
    }
    if (!best) break;
    merged.push(best.list[best.at] as T);
    best.at++;
  }
  return merged;
}
