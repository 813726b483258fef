import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/history-entry";
import { requireUser } from "~/auth/guards.server";
import { historyDetailsPath, historySectionAliases, historySectionOf } from "~/catalog/history";
import { AppHeader } from "~/components/app-header";
import { MoreFormats, ThreadTurns } from "~/components/history/history-details-dialog";
import { LocalTime } from "~/components/history/local-time";
import { useToast } from "~/components/toaster";
import { saveFile } from "~/history/client";
import { markdownFileContent, markdownFileName, textFileContent, textFileName } from "~/history/export";
import { readHistoryThread } from "~/history/history.server";
import type { HistoryThread } from "~/history/types";
import { historyTexts, historyToasts } from "~/messages/history";
import { privatePageMeta } from "~/lib/page-meta";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.thread.title} · ${historyTexts.detailsTitle}` : historyTexts.detailsTitle;
  return privatePageMeta(title, { robots: "noindex" });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * `/:section/history/:id`: one entry's 'History Details' as a page of its own — where a card's
 * 'View details' leads before the page's scripts run (or without them); with scripts the same
 * details open in the dialog. The writer's own entries only: another's id is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const alias = historySectionAliases[params.section];
  if (alias) throw redirect(`/${alias}/history/${encodeURIComponent(params.id)}`);
  const { user } = requireUser(request, context);
  const thread = await readHistoryThread({ userId: user.id, id: params.id });
  if (!thread) throw data(historyTexts.notFound, { status: 404 });
  if (historySectionOf(thread.queryType) !== params.section) throw redirect(historyDetailsPath(thread.queryType, thread.id));
  return { thread, listPath: `/${params.section}/history` };
}

function Downloads({ thread }: { thread: HistoryThread }) {
  const show = useToast();
  const download = (format: "txt" | "md") => {
    if (format === "txt") saveFile(textFileName(thread), textFileContent(thread), "text/plain");
    else saveFile(markdownFileName(thread), markdownFileContent(thread), "text/markdown");
    show({ ...historyToasts.downloaded });
  };
  return (
    <>
      <Button variant="soft" color="gray" onClick={() => download("txt")}>
        {historyTexts.downloadText}
      </Button>
      <Button variant="soft" color="gray" onClick={() => download("md")}>
        {historyTexts.downloadMarkdown}
      </Button>
      <MoreFormats thread={thread} />
    </>
  );
}

export default function HistoryEntryPage({ loaderData }: Route.ComponentProps) {
  const { thread, listPath } = loaderData;
  return (
    <div className="page history-page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to={listPath}>{historyTexts.backToList}</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to="/dashboard">{historyTexts.dashboard}</Link>
        </Button>
      </AppHeader>
      <main className="page-main print-document">
        <Heading as="h1" size="8" mb="1">
          {historyTexts.detailsTitle}
        </Heading>
        <Text as="p" size="2" color="gray" mb="4">
          {thread.label} · <LocalTime iso={thread.createdAt} />
        </Text>
        <article className="glass-card history-details-page" aria-label={thread.title}>
          <ThreadTurns thread={thread} top="h2" />
        </article>
        <Flex gap="2" mt="4" wrap="wrap">
          <Downloads thread={thread} />
          {thread.continuePath ? (
            <Button asChild variant="soft">
              <Link to={thread.continuePath}>{historyTexts.continueInTool}</Link>
            </Button>
          ) : null}
        </Flex>
      </main>
    </div>
  );
}
