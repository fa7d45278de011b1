import { useEffect, useRef } from "react";

/**
 * Focuses the element once it appears: a question shown after a client-side navigation (React
 * honours autoFocus on form controls only). The server-rendered page says `autoFocus` too, for
 * browsers without scripts.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
