import { useEffect, useState } from 'preact/hooks';

/**
 * A value kept outside the component tree (the session, the current place), as the calling
 * component sees it: `read()` now, and a re-render each time one of `listeners` is called.
 */
export function useSubscribed<T>(listeners: Set<() => void>, read: () => T): T {
  const [, setVersion] = useState(0);
  const rendered = read();
  useEffect(() => {
    const rerender = () => setVersion((n) => n + 1);
    listeners.add(rerender);
    // Children's effects run first: one of them may have changed it before this subscribed.
    if (read() !== rendered) rerender();
    return () => {
      listeners.delete(rerender);
    };
  }, []);
  return rendered;
}
