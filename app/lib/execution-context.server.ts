import { createContext, type RouterContextProvider } from "react-router";

/** The Worker's ExecutionContext (waitUntil) for loaders and actions. */
export const executionContext = createContext<ExecutionContext>();

/** Work that may finish after the response (e-mails): the Worker's waitUntil. */
export function backgroundOf(context: Readonly<RouterContextProvider>) {
  const ctx = context.get(executionContext);
  return (promise: Promise<unknown>) => ctx.waitUntil(promise);
}
