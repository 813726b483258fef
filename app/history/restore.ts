/**
 * 'Continue in tool' (decision 012): the details a conversation was generated with, as the
 * form's starting values — only the fields its element shows, each within the form's limit,
 * so a stored row can never put anything into the form that the writer could not have typed.
 */
import { findElement, MAX_FIELD_CHARS } from "~/catalog/requests";
import type { Tool } from "~/catalog/tools";
import { parseDetails } from "./titles";

export function restoredFields(tool: Tool, element: string | null, detailsJson: string | null): Record<string, string> | null {
  const chosen = element ? findElement(tool, element) : undefined;
  if (!chosen) return null;
  const details = parseDetails(detailsJson);
  const fields: Record<string, string> = {};
  for (const field of chosen.fields) {
    const value = details[field];
    if (value) fields[field] = value.slice(0, MAX_FIELD_CHARS);
  }
  return Object.keys(fields).length > 0 ? fields : null;
}
