import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search goes to the URL (history is replaced, not grown). */
export const SEARCH_COMMIT_MS = 300;

/**
 * The search box's text: the table follows it at once (no round trip through
 * the router per keystroke), and the URL gets it when typing pauses. A change
 * of the URL from elsewhere (Back, a link, Clear filters) replaces the text;
 * the URL catching up with what was typed does not.
 */
export function useSearchDraft(fromUrl: string, commit: (q: string) => void) {
  const [draft, setDraft] = useState(fromUrl);
  const [committed, setCommitted] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    if (fromUrl !== committed) {
      setDraft(fromUrl);
      setCommitted(fromUrl);
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useCallback(
    (q: string, { now = false }: { now?: boolean } = {}) => {
      setDraft(q);
      clearTimeout(timer.current);
      const send = () => {
        setCommitted(q);
        commit(q);
      };
      if (now) send();
      else timer.current = setTimeout(send, SEARCH_COMMIT_MS);
    },
    [commit],
  );
  /** Empties the box at once, without sending (the caller changes the URL with everything else). */
  const reset = useCallback((q: string) => {
    clearTimeout(timer.current);
    setDraft(q);
    setCommitted(q);
  }, []);
  return { draft, change, reset };
}
