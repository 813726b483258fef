/**
 * "New project": a small dialog with the title (required), the logline and the kind. Creates the
 * project through the API and hands it back; the server's refusal (over the limit, too long) is
 * said under the form and nothing is lost.
 */
import { Button, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { SelectOptions } from "~/components/select-options";
import { useId, useState } from "react";
import { projectKindLabels, projectPageTexts as texts } from "~/messages/project-pages";
import { createProject } from "~/projects/client";
import { MAX_LOGLINE_CHARS, MAX_NAME_CHARS } from "~/rules/project-limits";
import { PROJECT_KINDS, type Project } from "~/projects/types";
import { OnceOpened } from "~/components/overlay-parts";

const NO_KIND = "none";

export function KindSelect({ value, onChange, id }: { value: string | null; onChange: (kind: string | null) => void; id: string }) {
  return (
    <Select.Root value={value ?? NO_KIND} onValueChange={(next) => onChange(next === NO_KIND ? null : next)}>
      <Select.Trigger id={id} />
      <Select.Content position="popper">
        <Select.Item value={NO_KIND}>{texts.noKind}</Select.Item>
        <SelectOptions options={PROJECT_KINDS.map((kind) => ({ value: kind, label: projectKindLabels[kind] }))} />
      </Select.Content>
    </Select.Root>
  );
}

function NewProjectForm({ onCreated, onCancel }: { onCreated: (project: Project) => void; onCancel: () => void }) {
  const [kind, setKind] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), logline: useId(), kind: useId(), problem: useId() };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const title = String(form.get("title") ?? "").trim();
        if (!title) return setProblem(texts.titleRequired);
        setBusy(true);
        setProblem(null);
        createProject({ title, logline: String(form.get("logline") ?? "").trim(), kind })
          .then(onCreated, (error: Error) => setProblem(error.message))
          .finally(() => setBusy(false));
      }}
    >
      <Flex direction="column" gap="3" mt="3">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.title} size="2" weight="medium">
            {texts.titleLabel}
          </Text>
          <TextField.Root id={ids.title} name="title" required maxLength={MAX_NAME_CHARS} autoComplete="off" size="3" aria-describedby={ids.problem} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.logline} size="2" weight="medium">
            {texts.loglineLabel}
          </Text>
          <TextField.Root id={ids.logline} name="logline" maxLength={MAX_LOGLINE_CHARS} autoComplete="off" placeholder={texts.loglineHint} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.kind} size="2" weight="medium">
            {texts.kindLabel}
          </Text>
          <KindSelect id={ids.kind} value={kind} onChange={setKind} />
        </Flex>
        <Text as="p" size="2" color="red" role="alert" id={ids.problem} className="form-error">
          {problem ?? ""}
        </Text>
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" disabled={busy} onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {texts.create}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

export function NewProjectDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (project: Project) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <OnceOpened open={open}>
        <Dialog.Content maxWidth="480px">
          <Dialog.Title as="h2">{texts.newProjectTitle}</Dialog.Title>
          <Dialog.Description size="2" color="gray">
            {texts.newProjectDescription}
          </Dialog.Description>
          {open ? <NewProjectForm onCreated={onCreated} onCancel={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
