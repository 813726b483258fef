import { Flex, Heading } from "@radix-ui/themes";
import type { Route } from "./+types/admin.settings";
import { requireAdminPage } from "~/admin/guard.server";
import { loadModelSettings, modelConnection } from "~/admin/model-settings.server";
import { loadTrialGuard } from "~/admin/trial-guard.server";
import { ModelSettingsForm, TrialGuardForm } from "~/components/admin/settings-forms";
import { adminTexts } from "~/messages/admin";
import { adminSettingsPageTexts as texts } from "~/messages/admin-prompts";
import { PRIVATE_PAGE_DESCRIPTION, TITLE_SUFFIX } from "~/messages/site";

export function meta() {
  return [{ title: `${texts.heading} · ${adminTexts.title}${TITLE_SUFFIX}` }, { name: "description", content: PRIVATE_PAGE_DESCRIPTION }, { name: "robots", content: "noindex, nofollow" }];
}

/** `/admin/settings`: the model every generation uses, and the trial guard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [settings, guard] = await Promise.all([loadModelSettings(), loadTrialGuard()]);
  const connection = modelConnection();
  return { settings, guard, keySet: connection.apiKeySet, baseUrl: connection.baseUrl };
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <Flex direction="column" gap="4" maxWidth="720px">
      <Heading as="h1" size="7">
        {texts.heading}
      </Heading>
      <ModelSettingsForm settings={loaderData.settings} keySet={loaderData.keySet} baseUrl={loaderData.baseUrl} />
      <TrialGuardForm guard={loaderData.guard} />
    </Flex>
  );
}
