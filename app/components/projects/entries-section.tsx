/**
 * The bible's entries: one self-saving form each (entry-editor.tsx), and "Add entry" — a kind and a
 * name, created at once, after which the entry's form takes the rest.
 */
import { Button, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { useToast } from "~/components/toaster";
import { projectPageTexts as texts } from "~/messages/project-pages";
import type { BibleEntry, BibleEntryKind } from "~/projects/bible";
import { createEntries, deleteEntry } from "~/projects/client";
import { MAX_NAME_CHARS } from "~/rules/project-limits";
import { EntryEditor, EntryKindSelect } from "./entry-editor";

function AddEntryForm({ projectId, onAdded }: { projectId: string; onAdded: (entry: BibleEntry) => void }) {
  const [kind, setKind] = useState<BibleEntryKind>("character");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { kind: useId(), name: useId(), problem: useId() };
  return (
    <form
      aria-label={texts.addEntry}
      className="add-entry"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setProblem(texts.entryName);
        setBusy(true);
        setProblem(null);
        createEntries(projectId, [{ kind, name: name.trim() }])
          .then(({ entries }) => {
            setName("");
            entries.forEach(onAdded);
          })
          .catch((error: Error) => setProblem(error.message))
          .finally(() => setBusy(false));
      }}
    >
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={ids.kind} size="2" weight="medium">
            {texts.entryKind}
          </Text>
          <EntryKindSelect id={ids.kind} value={kind} onChange={setKind} />
        </Flex>
        <Flex direction="column" gap="1" flexGrow="1">
          <Text as="label" htmlFor={ids.name} size="2" weight="medium">
            {texts.entryName}
          </Text>
          <TextField.Root id={ids.name} value={name} maxLength={MAX_NAME_CHARS} autoComplete="off" aria-describedby={ids.problem} onChange={(e) => setName(e.target.value)} />
        </Flex>
        <Button type="submit" loading={busy}>
          {texts.addEntry}
        </Button>
      </Flex>
      <Text as="p" size="2" color="red" role="alert" id={ids.problem} className="form-error">
        {problem ?? ""}
      </Text>
    </form>
  );
}

export function EntriesSection({ projectId, initial }: { projectId: string; initial: BibleEntry[] }) {
  const show = useToast();
  const [entries, setEntries] = useState(initial);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bible-entries">
      <Heading as="h2" size="5" id={headingId} mb="1">
        {texts.entriesHeading}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {texts.entriesIntro}
      </Text>
      <Flex direction="column" gap="3">
        {entries.length === 0 ? <Text as="p">{texts.noEntries}</Text> : null}
        {entries.map((entry) => (
          <EntryEditor
            key={entry.id}
            projectId={projectId}
            entry={entry}
            onDelete={async () => {
              try {
                await deleteEntry(projectId, entry.id);
                setEntries((list) => list.filter((candidate) => candidate.id !== entry.id));
              } catch (error) {
                show({ title: texts.actionFailed, description: (error as Error).message, variant: "destructive" });
              }
            }}
          />
        ))}
        <AddEntryForm projectId={projectId} onAdded={(entry) => setEntries((list) => [...list, entry])} />
      </Flex>
    </section>
  );
}
