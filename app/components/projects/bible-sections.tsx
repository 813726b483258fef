/** The project's title, logline and kind, and the bible's five fixed sections: each saves itself. */
import { Flex, Heading, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { bibleTexts } from "~/messages/projects";
import { projectPageTexts as texts } from "~/messages/project-pages";
import { BIBLE_SECTIONS } from "~/projects/bible";
import { updateProject } from "~/projects/client";
import { MAX_DESCRIPTION_CHARS, MAX_LOGLINE_CHARS, MAX_NAME_CHARS, MAX_STYLE_SAMPLE_CHARS } from "~/rules/project-limits";
import type { ProjectWithEntries } from "~/projects/types";
import { AutosaveField } from "./autosave-field";
import { KindSelect } from "./new-project-dialog";
import { SaveStatus } from "./save-status";
import { useAutosave } from "./use-autosave";

function KindField({ project }: { project: ProjectWithEntries }) {
  const id = useId();
  const [kind, setKind] = useState<string | null>(project.kind);
  const saved = useAutosave({ value: kind, delayMs: 0, save: async (value) => void (await updateProject(project.id, { kind: value as ProjectWithEntries["kind"] })) });
  return (
    <Flex direction="column" gap="1" className="autosave-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {texts.kindLabel}
      </Text>
      <KindSelect id={id} value={kind} onChange={setKind} />
      <SaveStatus state={saved.state} error={saved.error} onRetry={saved.retry} />
    </Flex>
  );
}

export function ProjectIdentity({ project, onTitle }: { project: ProjectWithEntries; onTitle: (title: string) => void }) {
  return (
    <Flex direction="column" gap="3" className="project-identity">
      <AutosaveField
        label={texts.titleLabel}
        initial={project.title}
        maxLength={MAX_NAME_CHARS}
        required
        onSave={async (title) => {
          await updateProject(project.id, { title: title.trim() });
          onTitle(title.trim());
        }}
      />
      <AutosaveField label={texts.loglineLabel} hint={texts.loglineHint} initial={project.logline} maxLength={MAX_LOGLINE_CHARS} onSave={(logline) => updateProject(project.id, { logline })} />
      <KindField project={project} />
    </Flex>
  );
}

export function BibleSections({ project }: { project: ProjectWithEntries }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bible-sections">
      <Heading as="h2" size="5" id={headingId} mb="3">
        {texts.sectionsHeading}
      </Heading>
      <Flex direction="column" gap="4">
        {BIBLE_SECTIONS.map((section) => (
          <AutosaveField
            key={section}
            label={bibleTexts.sections[section]}
            hint={texts.sectionHints[section]}
            initial={project[section] ?? ""}
            maxLength={section === "styleSample" ? MAX_STYLE_SAMPLE_CHARS : MAX_DESCRIPTION_CHARS}
            rows={section === "styleSample" ? 8 : 3}
            onSave={(value) => updateProject(project.id, { [section]: value })}
          />
        ))}
      </Flex>
    </section>
  );
}
