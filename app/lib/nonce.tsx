import { createContext, useContext } from "react";

// The CSP nonce reaches components that render <script> tags. Absent on the client (browsers hide
// the attribute after load and scripts added later are not inline) and on cached pages (their CSP
// lists the inline scripts' hashes instead).
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
