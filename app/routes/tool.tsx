import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Link } from "react-router";
import type { Route } from "./+types/tool";
import { requireUser } from "~/auth/guards.server";
import { findToolByPath, historyPath } from "~/catalog/tools";
import { AppHeader } from "~/components/app-header";
import { TITLE_SUFFIX } from "~/messages";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? "Assistant"}${TITLE_SUFFIX}` }, { name: "robots", content: "noindex" }];
}

/**
 * The six assistants share this page. This is the sign-in-gated frame (header, title,
 * tagline); the generation workspace is built on it by the assistants work.
 */
export function loader({ request, context, url }: Route.LoaderArgs) {
  requireUser(request, context);
  const tool = findToolByPath(url.pathname);
  if (!tool) throw data("No such assistant.", { status: 404 });
  return { title: tool.title, tagline: tool.tagline, historyPath: historyPath(tool) };
}

export default function ToolPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <AppHeader>
        <Button asChild variant="soft">
          <Link to="/dashboard">Back to Categories</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to={loaderData.historyPath}>View History</Link>
        </Button>
      </AppHeader>
      <main className="page-main">
        <Flex direction="column" gap="2">
          <Heading as="h1" size="8">
            {loaderData.title}
          </Heading>
          <Text as="p" size="4" color="gray">
            {loaderData.tagline}
          </Text>
        </Flex>
      </main>
    </div>
  );
}
