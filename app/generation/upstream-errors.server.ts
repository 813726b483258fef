/** Model faults, translated into what a writer can act on. */
import { APICallError } from "ai";
import { generationErrors } from "~/messages/tools";

export type UpstreamFault = { message: string; status: number; kind: "auth" | "busy" | "failed" | "timeout" | "unreachable" };

function statusOf(error: unknown): number | undefined {
  if (APICallError.isInstance(error)) return error.statusCode;
  if (error && typeof error === "object" && "lastError" in error) return statusOf((error as { lastError: unknown }).lastError);
  return undefined;
}

export function describeUpstreamFault(error: unknown, { timedOut }: { timedOut: boolean }): UpstreamFault {
  if (timedOut) return { kind: "timeout", status: 504, message: generationErrors.modelTimeout };
  const status = statusOf(error);
  if (status === 401 || status === 403) return { kind: "auth", status: 502, message: generationErrors.modelAuth };
  if (status === 429) return { kind: "busy", status: 503, message: generationErrors.modelBusy };
  if (status !== undefined) return { kind: "failed", status: 502, message: generationErrors.modelFailed };
  return { kind: "unreachable", status: 502, message: generationErrors.modelUnreachable };
}
