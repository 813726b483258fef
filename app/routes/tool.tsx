import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Link } from "react-router";
import type { Route } from "./+types/tool";
import { requireUser } from "~/auth/guards.server";
import { findElement, findToolBySlug } from "~/catalog/requests";
import { toolForQueryType } from "~/catalog/history";
import { findToolByPath, historyPath, type Tool } from "~/catalog/tools";
import { AppHeader } from "~/components/app-header";
import { ToolWorkspace } from "~/components/tool/tool-workspace";
import { loadLastExchange } from "~/generation/last-exchange.server";
import { loadSystemPrompt } from "~/generation/system-prompt.server";
import type { AssistantMessage } from "~/generation/use-generation";
import { getPublicConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { trialOnToolPage } from "~/rules/plan";
import { draftSourceOf } from "~/catalog/draft-actions";
import { restoredFields } from "~/history/restore";
import { parseDetails } from "~/history/titles";
import { findConversation, readThread, type ThreadTurn } from "~db/queries/conversations";
import { findConversationSetup } from "~db/queries/history";
import { getSubscription } from "~db/queries/subscriptions";
import { loadActiveProject } from "~/projects/active-project.server";
import { ToolProjectPicker, useToolProject } from "~/components/projects/tool-project";
import { privatePageMeta } from "~/lib/page-meta";
import { toolTexts } from "~/messages/tools";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title ?? "Assistant", { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The six assistants share this page; the catalog entry decides what it shows. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { user } = requireUser(request, context);
  const tool = findToolByPath(url.pathname);
  if (!tool) throw data("No such assistant.", { status: 404 });
  const conversationParam = url.searchParams.get("conversation");
  // 'Continue in tool' from the history page: the saved conversation, if it is the writer's
  // and belongs to this tool's section; anything else is not found.
  const [continued, subscription, projects] = await Promise.all([
    conversationParam ? loadContinuedConversation(user.id, tool, conversationParam) : null,
    getSubscription({ db: getDb(), userId: user.id }),
    loadActiveProject(user.id),
  ]);
  if (conversationParam && !continued) throw data(toolTexts.conversationNotFound, { status: 404 });
  const requested = continued?.element ?? url.searchParams.get("element");
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
    // 'Continue in tool' fills the details the conversation was generated with.
    initialFields: continued?.fields ?? null,
    // A reopened draft: its action and passage (the first answer diffs against the passage).
    initialDraft: continued?.draft ?? null,
    demoAi: getPublicConfig().demoAi,
    continued: continued?.conversation ?? null,
    trial: trialOnToolPage(subscription, new Date(), continued?.trial),
    // The writer's projects for the header's picker, and the active one's bible for Step 2.
    projects,
  };
}

/**
 * The saved turns as the page shows them: each answer with the writer's follow-up that asked
 * for it. The first request is the form's (its summary stands for it), so it is not repeated.
 */
function threadOf(turns: ThreadTurn[]): AssistantMessage[] {
  const messages: AssistantMessage[] = [];
  let asked: string | null = null;
  for (const turn of turns) {
    if (turn.role === "user") {
      asked = turn.content;
      continue;
    }
    messages.push({
      id: `saved-${messages.length}`,
      text: turn.content,
      status: turn.status,
      userText: messages.length === 0 ? null : asked,
      context: turn.context ?? null,
    });
    asked = null;
  }
  return messages;
}

async function loadContinuedConversation(userId: string, tool: Tool, conversationId: string) {
  const db = getDb();
  const [conversation, setup] = await Promise.all([
    findConversation({ db, userId, conversationId }),
    findConversationSetup({ db, userId, conversationId }),
  ]);
  if (!conversation || toolForQueryType(conversation.queryType)?.slug !== tool.slug) return null;
  const messages = threadOf(await readThread({ db, userId, conversationId }));
  const last = messages.at(-1);
  const shown = last && last.status !== "streaming" ? { text: last.text, status: last.status, userText: last.userText } : undefined;
  const lastExchange = await loadLastExchange({ db, userId, conversationId, shown });
  return {
    element: conversation.element,
    fields: restoredFields(tool, conversation.element, setup?.details ?? null),
    draft: draftSourceOf(tool.slug, conversation.element, parseDetails(setup?.details)),
    conversation: { conversationId, messages, lastExchange },
    trial: { trialFollowUpsUsed: conversation.trialFollowUpsUsed },
  };
}

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const tool = findToolBySlug(loaderData.slug)!;
  const project = useToolProject(loaderData.projects);
  return (
    <div className="page tool-page">
      <AppHeader>
        <ToolProjectPicker projects={loaderData.projects} onChange={project.choose} />
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
          {loaderData.continued ? (
            <Text as="p" size="2" color="amber" role="status">
              {toolTexts.continuing}
            </Text>
          ) : null}
        </Flex>
        <ToolWorkspace
          key={`${loaderData.slug}-${loaderData.initialElement ?? ""}-${loaderData.continued?.conversationId ?? ""}`}
          tool={tool}
          promptReady={loaderData.promptReady}
          initialElement={loaderData.initialElement}
          initialFields={loaderData.initialFields}
          demoAi={loaderData.demoAi}
          continued={loaderData.continued}
          initialDraft={loaderData.initialDraft}
          trial={loaderData.trial}
          project={project.active}
        />
      </main>
    </div>
  );
}
