/**
 * The catalog's names for the landing page's examples (the assistant's title and the element
 * asked for), worked out on the server so the catalog stays out of the landing page's script.
 */
import { findElement, findToolBySlug } from "~/catalog/requests";
import { landingExamples, landingHeroExample } from "~/messages/landing";
import type { ExampleLabels } from "./landing-sections";

function labelsOf(slug: string, element: string): ExampleLabels {
  const tool = findToolBySlug(slug);
  if (!tool) throw new Error(`Landing example names an unknown tool: ${slug}`);
  const found = findElement(tool, element);
  if (!found) throw new Error(`Landing example names an unknown element: ${slug}/${element}`);
  return { tool: tool.title, element: found.label };
}

export function landingExampleLabels(): { hero: ExampleLabels; examples: ExampleLabels[] } {
  return {
    hero: labelsOf(landingHeroExample.tool, landingHeroExample.element),
    examples: landingExamples.map((example) => labelsOf(example.tool, example.element)),
  };
}
