import { createContext, useContext } from "react";

// The CSP nonce reaches components that render <script> tags. On the client it is empty: browsers
// hide the attribute after load and scripts added later are not inline.
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
