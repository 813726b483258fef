/**
 * "Save to bible" on an answer's toolbar: the whole answer, a section or the selected text as a
 * new entry (kind and name suggested from its heading) or added to an existing entry; a character
 * list as one entry per character, in one step. Into the page's active project.
 */
import { Button, Checkbox, Dialog, Flex, RadioGroup, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { SelectOptions } from "~/components/select-options";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { saveToBibleTexts as texts, projectPageTexts } from "~/messages/project-pages";
import { EntryKindSelect } from "~/components/projects/entry-editor";
import type { BibleEntry } from "~/projects/bible";
import { createEntries, readProject, updateEntry } from "~/projects/client";
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from "~/rules/project-limits";
import { useBibleTarget, type BibleTarget } from "./bible-target";
import { useSaveToBibleForm, type SaveToBibleForm } from "./save-to-bible-form";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

/** The text selected inside `within`, if any. */
function selectedText(within: Element | null): string {
  const selection = typeof window === "undefined" ? null : window.getSelection();
  if (!selection || selection.isCollapsed || !within) return "";
  const range = selection.getRangeAt(0);
  return within.contains(range.commonAncestorContainer) ? selection.toString().trim() : "";
}

function PartChoice({ form, hasSelection }: { form: SaveToBibleForm; hasSelection: boolean }) {
  const labelId = useId();
  const sectionId = useId();
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" weight="medium" id={labelId}>
        {texts.what}
      </Text>
      <RadioGroup.Root value={form.part} onValueChange={(value) => form.setPart(value as SaveToBibleForm["part"])} aria-labelledby={labelId}>
        <RadioGroup.Item value="whole">{texts.whole}</RadioGroup.Item>
        {form.sections.length > 0 ? <RadioGroup.Item value="section">{texts.section}</RadioGroup.Item> : null}
        {hasSelection ? <RadioGroup.Item value="selection">{texts.selection}</RadioGroup.Item> : null}
        {form.characters.length > 0 ? <RadioGroup.Item value="characters">{texts.characters(form.characters.length)}</RadioGroup.Item> : null}
      </RadioGroup.Root>
      {form.part === "section" ? (
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={sectionId} size="2" weight="medium">
            {texts.sectionLabel}
          </Text>
          <Select.Root value={String(form.sectionIndex)} onValueChange={(value) => form.chooseSection(Number(value))}>
            <Select.Trigger id={sectionId} />
            <Select.Content position="popper">
              <SelectOptions
                options={form.sections.map((section, index) => ({ value: String(index), label: section.heading }))}
              />
            </Select.Content>
          </Select.Root>
        </Flex>
      ) : null}
    </Flex>
  );
}

function TargetChoice({ form, entries }: { form: SaveToBibleForm; entries: BibleEntry[] }) {
  const labelId = useId();
  const existingId = useId();
  const appending = form.target !== "new";
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" weight="medium" id={labelId}>
        {texts.how}
      </Text>
      <RadioGroup.Root
        value={appending ? "append" : "new"}
        onValueChange={(value) => form.setTarget(value === "new" ? "new" : (entries[0]?.id ?? "new"))}
        aria-labelledby={labelId}
      >
        <RadioGroup.Item value="new">{texts.asNew}</RadioGroup.Item>
        {entries.length > 0 ? <RadioGroup.Item value="append">{texts.appendTo}</RadioGroup.Item> : null}
      </RadioGroup.Root>
      {appending ? (
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={existingId} size="2" weight="medium">
            {texts.existingLabel}
          </Text>
          <Select.Root value={form.target} onValueChange={form.setTarget}>
            <Select.Trigger id={existingId} />
            <Select.Content position="popper">
              <SelectOptions options={entries.map((entry) => ({ value: entry.id, label: entry.name }))} />
            </Select.Content>
          </Select.Root>
        </Flex>
      ) : null}
    </Flex>
  );
}

function EntryFields({ form }: { form: SaveToBibleForm }) {
  const ids = { kind: useId(), name: useId(), description: useId() };
  const { entry, setEntry } = form;
  return (
    <Flex direction="column" gap="2">
      {form.target === "new" ? (
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.kind} size="2" weight="medium">
              {projectPageTexts.entryKind}
            </Text>
            <EntryKindSelect id={ids.kind} value={entry.kind} onChange={(kind) => setEntry({ ...entry, kind })} />
          </Flex>
          <Flex direction="column" gap="1" flexGrow="1">
            <Text as="label" htmlFor={ids.name} size="2" weight="medium">
              {projectPageTexts.entryName}
            </Text>
            <TextField.Root id={ids.name} value={entry.name} maxLength={MAX_NAME_CHARS} required autoComplete="off" onChange={(e) => setEntry({ ...entry, name: e.target.value })} />
          </Flex>
        </Flex>
      ) : null}
      <Text as="label" htmlFor={ids.description} size="2" weight="medium">
        {projectPageTexts.entryDescription}
      </Text>
      <TextArea id={ids.description} value={entry.description} rows={5} maxLength={MAX_DESCRIPTION_CHARS} onChange={(e) => setEntry({ ...entry, description: e.target.value })} />
    </Flex>
  );
}

/** The suggested characters, each with a box: the ticked ones become entries. */
function CharacterChoice({ form }: { form: SaveToBibleForm }) {
  return (
    <fieldset className="save-characters">
      <legend>
        <Text size="2">{texts.charactersPreview}</Text>
      </legend>
      <Flex direction="column" gap="2" mt="1">
        {form.characters.map((character) => (
          <Text as="label" size="2" key={character.name}>
            <Flex gap="2" align="center">
              <Checkbox checked={form.picked.has(character.name)} onCheckedChange={(on) => form.togglePicked(character.name, on === true)} />
              {character.name}
            </Flex>
          </Text>
        ))}
      </Flex>
    </fieldset>
  );
}

async function saveForm(target: BibleTarget, form: SaveToBibleForm): Promise<number> {
  if (form.part === "characters") {
    const { entries } = await createEntries(target.projectId, form.pickedCharacters);
    return entries.length;
  }
  if (form.target !== "new") {
    await updateEntry(target.projectId, form.target, { appendDescription: form.entry.description });
    return 1;
  }
  await createEntries(target.projectId, [{ ...form.entry, name: form.entry.name.trim() }]);
  return 1;
}

function SaveToBibleBody({ target, markdown, selection, onDone }: { target: BibleTarget; markdown: string; selection: string; onDone: () => void }) {
  const show = useToast();
  const form = useSaveToBibleForm({ markdown, selection, element: target.element });
  const [entries, setEntries] = useState<BibleEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    readProject(target.projectId).then((project) => setEntries(project.entries), () => setEntries([]));
  }, [target.projectId]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (form.part !== "characters" && form.target === "new" && !form.entry.name.trim()) return setProblem(projectPageTexts.entryName);
        if (form.part === "characters" && form.pickedCharacters.length === 0) return setProblem(texts.noneChosen);
        setBusy(true);
        setProblem(null);
        saveForm(target, form)
          .then((count) => {
            show({ title: texts.saved(count) });
            onDone();
          }, (error: Error) => setProblem(error.message))
          .finally(() => setBusy(false));
      }}
    >
      <Flex direction="column" gap="4" mt="3">
        <PartChoice form={form} hasSelection={Boolean(selection)} />
        {form.part === "characters" ? (
          <CharacterChoice form={form} />
        ) : (
          <>
            <TargetChoice form={form} entries={entries} />
            <EntryFields form={form} />
          </>
        )}
        <Text as="p" size="2" color="red" role="alert" className="form-error">
          {problem ?? ""}
        </Text>
        <Flex gap="3" justify="end" data-toast-avoid="">
          <CancelButton closeWith={Dialog.Close} busy={busy}>{projectPageTexts.cancel}</CancelButton>
          <Button type="submit" loading={busy}>
            {texts.save}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

export function SaveToBibleButton({ markdown }: { markdown: string }) {
  const target = useBibleTarget();
  const [open, setOpen] = useState(false);
  const [selection, setSelection] = useState("");
  const anchor = useRef<HTMLSpanElement>(null);
  if (!target) return null;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSelection("");
      }}
    >
      <span ref={anchor} hidden />
      <Button
        type="button"
        size="1"
        variant="soft"
        aria-label={texts.buttonLabel}
        // The selection is read before the button takes the focus from it.
        onPointerDown={() => setSelection(selectedText(anchor.current?.closest(".exchange")?.querySelector("article") ?? null))}
        onClick={() => {
          // From the keyboard there was no pointer down: read the selection now.
          const now = selectedText(anchor.current?.closest(".exchange")?.querySelector("article") ?? null);
          setSelection((current) => current || now);
          setOpen(true);
        }}
      >
        {texts.button}
      </Button>
      <OnceOpened open={open}>
        <Dialog.Content maxWidth="560px">
          <Dialog.Title as="h2">{texts.title}</Dialog.Title>
          <Dialog.Description size="2" color="gray">
            {texts.description(target.projectTitle)}
          </Dialog.Description>
          {open ? <SaveToBibleBody target={target} markdown={markdown} selection={selection} onDone={() => setOpen(false)} /> : null}
        </Dialog.Content>
      </OnceOpened>
    </Dialog.Root>
  );
}
