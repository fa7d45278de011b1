import { createContext } from "react-router";

/** The per-request CSP nonce, set by the server before React Router handles the request. */
export const nonceContext = createContext<string>("");
