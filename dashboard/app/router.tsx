import type { ComponentChildren, JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { useSubscribed } from './subscription';

/** A tiny history router: the address bar is the state; links and navigate() change it without a reload. */
export type Place = { path: string; search: URLSearchParams; href: string };

function read(): Place {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  return { path, search: new URLSearchParams(window.location.search), href: path + window.location.search };
}

let place = read();
const listeners = new Set<() => void>();
const notify = () => {
  place = read();
  for (const listener of listeners) listener();
};
window.addEventListener('popstate', notify);

export const currentPlace = () => place;

export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (to === place.href && !options.replace) return;
  window.history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
  notify();
}

export function usePlace(): Place {
  return useSubscribed(listeners, () => place);
}

type LinkProps = Omit<JSX.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ComponentChildren;
};

/** An ordinary link (middle-click, copy address, open in a new tab all work) that navigates in place. */
export function Link({ href, children, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (onClick) (onClick as (e: MouseEvent) => void)(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        if (event.altKey || rest.target) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/** Replaces the address (no history entry) once rendered. */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
