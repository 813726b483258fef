/**
 * Who a request is from, as the session middleware (app/auth/session.server.ts) resolved it: the
 * router context's key and its types. In lib, below the features, so that the API pipeline
 * (lib/api-route.server.ts) reads the caller the same way every route does.
 */
import { createContext } from "react-router";

export type SessionUser = { id: string; email: string };
export type AuthState =
  | { status: "valid"; user: SessionUser; sessionId: string }
  | { status: "none" | "invalid"; user: null; sessionId: null };

export const authContext = createContext<AuthState>({ status: "none", user: null, sessionId: null });
