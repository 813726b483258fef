import type { ToolDefinition, ToolElementDefinition } from "~/catalog/tools";

/** "Story outline · Genre: literary thriller · Setting: …": what a conversation was made from. */
export function summaryOf(tool: ToolDefinition, element: ToolElementDefinition, fields: Record<string, string>): string {
  const details = Object.entries(fields).map(
    ([field, value]) => `${tool.fields[field]?.label ?? field}: ${value.replace(/\s+/g, " ")}`,
  );
  return [element.label, ...details].join(" · ");
}
