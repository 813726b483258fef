/**
 * One bible entry as a plain form that saves itself: kind, name, aliases, the description the
 * model gets, the private notes it never gets (marked so), and "always include". Deleting asks first.
 */
import { AlertDialog, Badge, Button, Card, Checkbox, Flex, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { SelectOptions } from "~/components/select-options";
import { useId, useState } from "react";
import { bibleTexts } from "~/messages/projects";
import { projectPageTexts as texts } from "~/messages/project-pages";
import { BIBLE_ENTRY_KINDS, type BibleEntry, type BibleEntryKind } from "~/projects/bible";
import { updateEntry } from "~/projects/client";
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from "~/rules/project-limits";
import { SaveStatus } from "./save-status";
import { useAutosave } from "./use-autosave";
import { CancelButton, OnceOpened, useOverlayState } from "~/components/overlay-parts";

type Draft = { kind: BibleEntryKind; name: string; aliases: string; description: string; notes: string; alwaysInclude: boolean };

const aliasList = (text: string) =>
  text
    .split(",")
    .map((alias) => alias.trim())
    .filter(Boolean);

export function EntryKindSelect({ value, onChange, id }: { value: BibleEntryKind; onChange: (kind: BibleEntryKind) => void; id: string }) {
  return (
    <Select.Root value={value} onValueChange={(kind) => onChange(kind as BibleEntryKind)}>
      {/* Named here, not by Radix after hydration: the server's page shows it (no layout shift). */}
      <Select.Trigger id={id}>{bibleTexts.kinds[value]}</Select.Trigger>
      <Select.Content position="popper">
        <SelectOptions options={BIBLE_ENTRY_KINDS.map((kind) => ({ value: kind, label: bibleTexts.kinds[kind] }))} />
      </Select.Content>
    </Select.Root>
  );
}

function DeleteEntryButton({ name, onDelete }: { name: string; onDelete: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const overlay = useOverlayState();
  return (
    <AlertDialog.Root {...overlay}>
      <AlertDialog.Trigger>
        <Button type="button" size="1" variant="soft" color="red">
          {texts.deleteEntry}
        </Button>
      </AlertDialog.Trigger>
      <OnceOpened open={overlay.open}>
        <AlertDialog.Content maxWidth="440px">
          <AlertDialog.Title>{texts.deleteEntryTitle(name || texts.untitledEntry)}</AlertDialog.Title>
          <AlertDialog.Description size="2">{texts.deleteEntryDescription}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <CancelButton closeWith={AlertDialog.Cancel}>{texts.cancel}</CancelButton>
            <Button
              color="red"
              loading={busy}
              onClick={() => {
                setBusy(true);
                void onDelete().finally(() => setBusy(false));
              }}
            >
              {texts.deleteEntry}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}

function useEntryDraft(projectId: string, entry: BibleEntry) {
  const [draft, setDraft] = useState<Draft>(() => ({
    kind: entry.kind,
    name: entry.name,
    aliases: entry.aliases.join(", "),
    description: entry.description,
    notes: entry.notes,
    alwaysInclude: entry.alwaysInclude,
  }));
  // An emptied name is not saved: the entry keeps its last one until a new one is typed.
  const [lastName, setLastName] = useState(entry.name);
  const saved = useAutosave({
    value: { ...draft, name: draft.name.trim() ? draft.name : lastName },
    save: async (value) => {
      await updateEntry(projectId, entry.id, { ...value, name: value.name.trim(), aliases: aliasList(value.aliases) });
    },
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key === "name" && typeof value === "string" && value.trim()) setLastName(value);
  };
  return { draft, set, saved };
}

export function EntryEditor({ projectId, entry, onDelete }: { projectId: string; entry: BibleEntry; onDelete: () => Promise<void> }) {
  const { draft, set, saved } = useEntryDraft(projectId, entry);
  const ids = { kind: useId(), name: useId(), aliases: useId(), aliasesHint: useId(), description: useId(), notes: useId(), status: useId() };
  return (
    <Card size="2" className="glass-card entry-card" asChild>
      <section aria-label={draft.name || texts.untitledEntry} data-entry={entry.id}>
        <Flex direction="column" gap="3">
          <Flex gap="3" wrap="wrap" align="end">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={ids.kind} size="2" weight="medium">
                {texts.entryKind}
              </Text>
              <EntryKindSelect id={ids.kind} value={draft.kind} onChange={(kind) => set("kind", kind)} />
            </Flex>
            <Flex direction="column" gap="1" flexGrow="1">
              <Text as="label" htmlFor={ids.name} size="2" weight="medium">
                {texts.entryName}
              </Text>
              <TextField.Root id={ids.name} value={draft.name} maxLength={MAX_NAME_CHARS} required autoComplete="off" onChange={(e) => set("name", e.target.value)} />
            </Flex>
            {draft.alwaysInclude ? <Badge color="green">{texts.alwaysIncludeBadge}</Badge> : null}
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.aliases} size="2" weight="medium">
              {texts.entryAliases}
            </Text>
            <TextField.Root id={ids.aliases} value={draft.aliases} aria-describedby={ids.aliasesHint} autoComplete="off" onChange={(e) => set("aliases", e.target.value)} />
            <Text as="p" size="1" color="gray" id={ids.aliasesHint}>
              {texts.entryAliasesHint}
            </Text>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.description} size="2" weight="medium">
              {texts.entryDescription}
            </Text>
            <TextArea id={ids.description} value={draft.description} rows={3} resize="vertical" maxLength={MAX_DESCRIPTION_CHARS} onChange={(e) => set("description", e.target.value)} />
          </Flex>
          <Flex direction="column" gap="1" className="private-notes">
            <Text as="label" htmlFor={ids.notes} size="2" weight="medium" color="amber">
              <span aria-hidden="true">{texts.privateMark} </span>
              {texts.entryNotes}
            </Text>
            <TextArea id={ids.notes} value={draft.notes} rows={2} resize="vertical" maxLength={MAX_DESCRIPTION_CHARS} onChange={(e) => set("notes", e.target.value)} />
          </Flex>
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={draft.alwaysInclude} onCheckedChange={(checked) => set("alwaysInclude", checked === true)} />
                {texts.alwaysInclude}
              </Flex>
            </Text>
            <Flex gap="3" align="center">
              <SaveStatus id={ids.status} state={saved.state} error={saved.error} onRetry={saved.retry} />
              <DeleteEntryButton name={draft.name} onDelete={onDelete} />
            </Flex>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
