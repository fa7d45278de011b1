import { createContext } from "react-router";

/** The per-request CSP nonce, set by the server before React Router handles the request. */
export const nonceContext = createContext<string>("");

/** The client's address as Express resolved it (honouring `trust proxy`); used for rate limits. */
export const clientIpContext = createContext<string | undefined>(undefined);
