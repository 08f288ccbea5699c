// Vitest 5's reporter uses Map.groupBy (Node 21+) when it prints failures; on Node 20 the
// report itself crashed and hid the failing assertion. Loaded by each vitest.config.ts.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      const list = map.get(key);
      if (list) list.push(item);
      else map.set(key, [item]);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const out = Object.create(null);
    let i = 0;
    for (const item of items) (out[keyOf(item, i++)] ??= []).push(item);
    return out;
  };
}
