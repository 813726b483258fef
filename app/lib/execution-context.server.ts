import { createContext } from "react-router";

/** The Worker's ExecutionContext (waitUntil) for loaders and actions. */
export const executionContext = createContext<ExecutionContext>();
