import { useCallback, useMemo, useState } from 'react';

/**
 * The selected sites, by domain: one, a range (shift from the last one
 * toggled), or every site of the view. `list` is the view's order.
 */
export function useSelection(list: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchor, setAnchor] = useState<number | null>(null);

  const toggle = useCallback(
    (index: number, range: boolean) => {
      const domain = list[index];
      if (domain === undefined) return;
      setSelected((current) => {
        const next = new Set(current);
        if (range && anchor !== null && list[anchor] !== undefined) {
          // The range takes the state of its anchor.
          const on = current.has(list[anchor] ?? '');
          const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
          for (let i = from; i <= to; i++) {
            const d = list[i];
            if (d === undefined) continue;
            if (on) next.add(d);
            else next.delete(d);
          }
        } else if (next.has(domain)) next.delete(domain);
        else next.add(domain);
        return next;
      });
      setAnchor(index);
    },
    [list, anchor],
  );

  const selectAll = useCallback(() => setSelected(new Set(list)), [list]);
  const clear = useCallback(() => {
    setSelected((current) => (current.size === 0 ? current : new Set()));
    setAnchor(null);
  }, []);

  /** Only what the view still shows counts (a deleted site is no longer selected). */
  const domains = useMemo(() => list.filter((d) => selected.has(d)), [list, selected]);
  return { selected, domains, toggle, selectAll, clear };
}
