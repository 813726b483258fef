/**
 * A tool's system prompt on the console: the text in force to edit and publish, back to the
 * shipped default, "Try it" (the draft run once against the model, nothing charged or saved), and
 * every published version with a word diff against the one before it and a Revert button. Every
 * change goes to POST /api/admin/prompts/:tool; its refusal is shown here.
 */
import { Badge, Button, Card, Flex, Heading, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { callApi } from "~/lib/api-client";
import { adminPromptPageTexts as texts } from "~/messages/admin-prompts";
import { CompareView } from "~/components/revisions/compare-view";
import { PromptTry } from "./prompt-try";

export type PromptVersionView = { id: string; text: string | null; by: string; at: string };
type Props = { tool: string; title: string; current: string; isDefault: boolean; shipped: string; versions: PromptVersionView[] };

type VersionProps = { version: PromptVersionView; number: number; previous: string; onRevert: () => void; busy: boolean };

function VersionItem({ version, number, previous, onRevert, busy }: VersionProps) {
  return (
    <Card size="2">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Text size="2">{texts.versionBy(number, version.by, version.at)}</Text>
        {version.text === null ? <Badge>{texts.defaultBadge}</Badge> : null}
        <Button type="button" size="1" variant="soft" onClick={onRevert} disabled={busy}>
          {texts.revert}
        </Button>
      </Flex>
      <CompareView before={previous} after={version.text ?? ""} label={texts.versionChanges(number)} />
    </Card>
  );
}

export function PromptEditor({ tool, title, current, isDefault, shipped, versions }: Props) {
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState(current);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const run = async (body: unknown, done: string) => {
    setBusy(true);
    const error = await callApi(`/api/admin/prompts/${encodeURIComponent(tool)}`, { method: "POST", json: body }).then(
      () => null,
      (refused: Error) => refused.message,
    );
    setBusy(false);
    setMessage(error ? { error: true, text: error } : { error: false, text: done });
    if (!error) await revalidator.revalidate();
  };
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center">
        <Heading as="h2" size="5">
          {title}
        </Heading>
        <Badge color={isDefault ? "gray" : "amber"}>{isDefault ? texts.shippedBadge : texts.editedBadge}</Badge>
      </Flex>
      <Text as="label" htmlFor={fieldId} size="2" weight="medium">
        {texts.promptLabel}
      </Text>
      <TextArea id={fieldId} rows={16} value={draft} onChange={(event) => setDraft(event.target.value)} />
      <Text as="p" size="2" color={message?.error ? "red" : "green"} role={message?.error ? "alert" : "status"}>
        {message?.text ?? ""}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button type="button" loading={busy} onClick={() => run({ action: "publish", text: draft }, texts.published)}>
          {texts.publish}
        </Button>
        <Button type="button" variant="soft" color="gray" disabled={busy || isDefault} onClick={() => run({ action: "default" }, texts.backToDefaultDone).then(() => setDraft(shipped))}>
          {texts.backToDefault}
        </Button>
      </Flex>
      <PromptTry tool={tool} draft={draft} />
      <Heading as="h2" size="4" mt="3">
        {texts.versionsHeading}
      </Heading>
      {versions.length === 0 ? <Text as="p">{texts.noVersions}</Text> : null}
      {versions.map((version, index) => (
        <VersionItem
          key={version.id}
          version={version}
          number={versions.length - index}
          previous={versions[index + 1]?.text ?? shipped}
          busy={busy}
          onRevert={() => run({ action: "revert", versionId: version.id }, texts.reverted).then(() => setDraft(version.text ?? shipped))}
        />
      ))}
    </Flex>
  );
}
