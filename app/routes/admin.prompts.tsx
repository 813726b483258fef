import { Flex, Heading, TabNav } from "@radix-ui/themes";
import { Link } from "react-router";
import type { Route } from "./+types/admin.prompts";
import { requireAdminPage } from "~/admin/guard.server";
import { findTool, promptState } from "~/admin/prompts.server";
import { tools } from "~/catalog/tools";
import { PromptEditor } from "~/components/admin/prompt-editor";
import { adminTexts } from "~/messages/admin";
import { adminPromptPageTexts as texts } from "~/messages/admin-prompts";
import { privatePageMeta } from "~/lib/page-meta";

export function meta() {
  return privatePageMeta(`${texts.heading} · ${adminTexts.title}`);
}

/** `/admin/prompts?tool=<slug>`: one tool's system prompt, its versions, publish and revert. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const tool = findTool(url.searchParams.get("tool") ?? "") ?? tools[0]!;
  const state = await promptState(tool);
  return {
    tools: tools.map((one) => ({ slug: one.slug, label: one.cardLabel })),
    ...state,
    versions: state.versions.map((version) => ({ id: version.id, text: version.promptText, by: version.createdByEmail, at: version.createdAt.toISOString() })),
  };
}

export default function AdminPrompts({ loaderData }: Route.ComponentProps) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h1" size="7">
        {texts.heading}
      </Heading>
      <TabNav.Root aria-label={texts.toolsLabel} size="1">
        {loaderData.tools.map((tool) => (
          <TabNav.Link key={tool.slug} asChild active={tool.slug === loaderData.tool}>
            <Link to={`/admin/prompts?tool=${tool.slug}`}>{tool.label}</Link>
          </TabNav.Link>
        ))}
      </TabNav.Root>
      <PromptEditor key={loaderData.tool} {...loaderData} />
    </Flex>
  );
}
