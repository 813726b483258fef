/**
 * Turning a writer's choices into the model's request text, exactly as the spec says:
 * 'Generate {element label}.' then, if any relevant field is filled, a blank line and one
 * 'Label: value' line per filled field, in the element's field order. Shared by the browser
 * (validation) and the server (the text the model sees).
 */
import { tools, type Tool, type ToolDefinition, type ToolElementDefinition } from "./tools";

export const MAX_FIELD_CHARS = 2_000;
export const MAX_FOLLOW_UP_CHARS = 8_000;

export type ToolElement = Tool["elements"][number];

export function findToolBySlug(slug: string): Tool | undefined {
  return tools.find((tool) => tool.slug === slug);
}

export function findElement(tool: Tool, value: string): ToolElement | undefined {
  return tool.elements.find((element) => element.value === value);
}

export function fieldLabel(tool: ToolDefinition, field: string): string {
  return tool.fields[field]?.label ?? field;
}

export function buildRequestText(
  tool: ToolDefinition,
  element: ToolElementDefinition,
  values: Record<string, string | undefined>,
) {
  const lines: string[] = [];
  for (const field of element.fields) {
    const value = values[field]?.trim();
    if (value) lines.push(`${fieldLabel(tool, field)}: ${value}`);
  }
  const head = `Generate ${element.label}.`;
  return lines.length > 0 ? `${head}\n\n${lines.join("\n")}` : head;
}
