import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';

/** A read: loading, then the data or the API's error; `reload` reads again. */
export type Query<T> =
  | { status: 'loading'; data: undefined; error: undefined; reload: () => void }
  | { status: 'error'; data: undefined; error: ApiError; reload: () => void }
  | { status: 'ready'; data: T; error: undefined; reload: () => void };

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(0, { error: error instanceof Error ? error.message : String(error) });

export function useQuery<T>(read: () => Promise<T>, deps: unknown[]): Query<T> {
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; data?: T; error?: ApiError }>({
    status: 'loading',
  });
  const [version, setVersion] = useState(0);
  // `read` is a new function every render; `deps` (and reload) say when to read again.
  useEffect(() => {
    let current = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    read().then(
      (data) => current && setState({ status: 'ready', data }),
      (error) => current && setState({ status: 'error', error: asApiError(error) }),
    );
    return () => {
      current = false;
    };
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { ...state, reload } as Query<T>;
}

/** A change: `run` calls it once at a time, keeping the last error (the API's message) and result. */
export function useAction<Args extends unknown[], T>(act: (...args: Args) => Promise<T>) {
  const [state, setState] = useState<{ busy: boolean; error: ApiError | null; result: T | null }>({
    busy: false,
    error: null,
    result: null,
  });
  const busy = useRef(false);
  const run = async (...args: Args): Promise<T | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState({ busy: true, error: null, result: null });
    try {
      const result = await act(...args);
      setState({ busy: false, error: null, result });
      return result;
    } catch (error) {
      setState({ busy: false, error: asApiError(error), result: null });
      return null;
    } finally {
      busy.current = false;
    }
  };
  const reset = () => setState({ busy: false, error: null, result: null });
  return { ...state, run, reset };
}

/**
 * A change behind a ConfirmDialog: `ask(target)` opens the dialog for one target (a key, a member,
 * or `true` when there is only one thing to confirm); spread `dialog` onto the ConfirmDialog. Confirming
 * runs `act(target)`; on success the dialog closes and `done` gets the result, on failure it stays
 * open with the API's message. Cancelling closes it and forgets the error.
 */
export function useConfirm<Target, T>(
  act: (target: Target) => Promise<T>,
  done?: (result: NonNullable<T>, target: Target) => void,
) {
  const [target, setTarget] = useState<Target | null>(null);
  const action = useAction(act);
  const close = () => {
    setTarget(null);
    action.reset();
  };
  return {
    target,
    action,
    ask: (next: Target) => {
      action.reset();
      setTarget(next);
    },
    dialog: {
      open: target !== null,
      busy: action.busy,
      error: action.error,
      onCancel: close,
      onConfirm: async () => {
        if (target === null) return;
        const result = await action.run(target);
        if (!result) return;
        setTarget(null);
        done?.(result, target);
      },
    },
  };
}
