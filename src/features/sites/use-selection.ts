import { useCallback, useMemo, useState } from 'react';

/** A view whose rows are not all at hand (the read model's windows): the loaded ones by place, all of them on request. */
export interface PartialList {
  at: (index: number) => string | undefined;
  /** Every site of the view, in its order, fetched when asked for. */
  all: () => Promise<readonly string[]>;
}

const isWhole = (list: readonly string[] | PartialList): list is readonly string[] => Array.isArray(list);

/**
 * The selected sites, by domain: one, a range (shift from the last one
 * toggled), or every site of the view. `list` is the view's order: every
 * domain, or a partial list whose "all" is fetched (then the selection is
 * what was chosen: the view clears it when it changes).
 */
export function useSelection(list: readonly string[] | PartialList) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const at = useCallback((index: number): string | undefined => (isWhole(list) ? list[index] : list.at(index)), [list]);

  const toggle = useCallback(
    (index: number, range: boolean) => {
      const domain = at(index);
      if (domain === undefined) return;
      setSelected((current) => {
        const next = new Set(current);
        const from = anchor === null ? undefined : at(anchor);
        if (range && anchor !== null && from !== undefined) {
          // The range takes the state of its anchor.
          const on = current.has(from);
          const [low, high] = anchor < index ? [anchor, index] : [index, anchor];
          for (let i = low; i <= high; i++) {
            const d = at(i);
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
    [at, anchor],
  );

  /** Every site of the view: at once from a whole list, once fetched from a partial one. */
  const selectAll = useCallback((): Promise<void> | undefined => {
    if (isWhole(list)) {
      setSelected(new Set(list));
      return undefined;
    }
    return list.all().then((all) => setSelected(new Set(all)));
  }, [list]);
  const clear = useCallback(() => {
    setSelected((current) => (current.size === 0 ? current : new Set()));
    setAnchor(null);
  }, []);

  /** Only what the view still shows counts (a deleted site is no longer selected). */
  const domains = useMemo(
    () => (isWhole(list) ? list.filter((d) => selected.has(d)) : [...selected]),
    [list, selected],
  );
  return { selected, domains, toggle, selectAll, clear };
}
