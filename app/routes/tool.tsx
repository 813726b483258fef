import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Link } from "react-router";
import type { Route } from "./+types/tool";
import { requireUser } from "~/auth/guards.server";
import { findElement } from "~/catalog/requests";
import { findToolByPath, historyPath } from "~/catalog/tools";
import { AppHeader } from "~/components/app-header";
import { ToolWorkspace } from "~/components/tool/tool-workspace";
import { loadSystemPrompt } from "~/generation/system-prompt.server";
import { getPublicConfig } from "~/lib/config.server";
import { TITLE_SUFFIX, toolTexts } from "~/messages";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Assistant"}${TITLE_SUFFIX}` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The six assistants share this page; the catalog entry decides what it shows. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireUser(request, context);
  const tool = findToolByPath(url.pathname);
  if (!tool) throw data("No such assistant.", { status: 404 });
  const requested = url.searchParams.get("element");
  let promptReady = false;
  try {
    promptReady = Boolean(await loadSystemPrompt(tool.systemPromptKey));
  } catch (error) {
    console.error("system prompt could not be loaded", error);
  }
  return {
    slug: tool.slug,
    title: tool.title,
    tagline: tool.tagline,
    historyPath: historyPath(tool),
    promptReady,
    initialElement: requested && findElement(tool, requested) ? requested : null,
    demoAi: getPublicConfig().demoAi,
  };
}

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const tool = findToolByPath(`/${loaderData.slug}`)!;
  return (
    <div className="page tool-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">{toolTexts.backToCategories}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to={loaderData.historyPath}>{toolTexts.viewHistory}</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Flex direction="column" gap="2" mb="5">
          <Heading as="h1" size="8">
            {loaderData.title}
          </Heading>
          <Text as="p" size="4" color="gray">
            {loaderData.tagline}
          </Text>
        </Flex>
        <ToolWorkspace
          key={`${loaderData.slug}-${loaderData.initialElement ?? ""}`}
          tool={tool}
          promptReady={loaderData.promptReady}
          initialElement={loaderData.initialElement}
          demoAi={loaderData.demoAi}
        />
      </main>
    </div>
  );
}
