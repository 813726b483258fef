import { Flex, Heading } from "@radix-ui/themes";
import type { Route } from "./+types/admin.settings";
import { requireAdminPage } from "~/admin/guard.server";
import { checkModelSettings } from "~/settings/model-settings";
import { modelConnection, modelSettings } from "~/settings/model-settings.server";
import { MODEL_FIELDS, modelSettingsInput, TRIAL_GUARD_FIELDS, trialGuardInput, typedValues } from "~/settings/settings-form";
import { checkTrialGuard } from "~/settings/trial-guard";
import { trialGuard } from "~/settings/trial-guard.server";
import { ModelSettingsForm, TrialGuardForm } from "~/components/admin/settings-forms";
import { formError, text, withForm } from "~/lib/form.server";
import { adminTexts } from "~/messages/admin";
import { adminSettingsPageTexts as texts } from "~/messages/admin-prompts";
import { privatePageMeta } from "~/lib/page-meta";

export function meta() {
  return privatePageMeta(`${texts.heading} · ${adminTexts.title}`);
}

/** `/admin/settings`: the model every generation uses, and the trial guard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [settings, guard] = await Promise.all([modelSettings.load(), trialGuard.load()]);
  const connection = modelConnection();
  return { settings, guard, keySet: connection.apiKeySet, baseUrl: connection.baseUrl };
}

/**
 * POST intent=model | trial-guard: the two forms, with or without scripts. A refusal names the
 * field, keeps what was typed and changes nothing; a save is audited in the same batch.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context);
  return withForm(request, async (form) => {
    const intent = text(form, "intent");
    if (intent === "model") {
      const refuse = (error: string) => formError(error, 400, { intent, values: typedValues(form, MODEL_FIELDS) });
      const input = modelSettingsInput(form);
      if (!input.ok) return refuse(input.error);
      const checked = checkModelSettings(input.value);
      if (!checked.ok) return refuse(checked.error);
      await modelSettings.save(admin, checked.value);
      return { saved: true as const, intent };
    }
    if (intent === "trial-guard") {
      const checked = checkTrialGuard(trialGuardInput(form));
      if (!checked.ok) return formError(checked.error, 400, { intent, values: typedValues(form, TRIAL_GUARD_FIELDS) });
      await trialGuard.save(admin, checked.value);
      return { saved: true as const, intent };
    }
    return formError("Unknown action.");
  });
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
