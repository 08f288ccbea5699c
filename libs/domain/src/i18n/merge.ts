/** A language's messages: nested groups of message texts. */
export type Catalog = { [key: string]: string | Catalog };

/**
 * Deep-merges catalogs, later ones winning. On its own module (`@impact-calls/domain/i18n/merge`)
 * so the UIs can merge the files of one language without bundling every language's catalog.
 */
export function mergeCatalogs(parts: Catalog[]): Catalog {
  const out: Catalog = {};
  const merge = (target: Catalog, source: Catalog) => {
    for (const [k, v] of Object.entries(source)) {
      if (typeof v === 'object') {
        const t = (target[k] ??= {});
        if (typeof t !== 'object') throw new Error(`i18n key ${k} is both a message and a group`);
        merge(t, v);
      } else {
        target[k] = v;
      }
    }
  };
  for (const p of parts) merge(out, p);
  return out;
}
