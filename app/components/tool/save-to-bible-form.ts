/**
 * The state of "Save to bible": what part of the answer (whole, a section, the selection, one
 * entry per character), and whether it becomes a new entry (kind and name suggested, editable) or
 * is added to an existing one.
 */
import { useMemo, useState } from "react";
import { answerSections, characterEntries, entryFromSection, entryFromText, looksLikeName, type SuggestedEntry } from "~/projects/answer-to-entries";

export type SavePart = "whole" | "section" | "selection" | "characters";

export function useSaveToBibleForm({ markdown, selection, element }: { markdown: string; selection: string; element: string | null }) {
  const sections = useMemo(() => answerSections(markdown), [markdown]);
  const characters = useMemo(() => characterEntries(markdown), [markdown]);
  // Ticked at first: the suggestions that read as names (a section such as "Next steps" is not).
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(characters.filter((c) => looksLikeName(c.name)).map((c) => c.name)));
  const togglePicked = (name: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const pickedCharacters = characters.filter((character) => picked.has(character.name));
  const [part, setPartState] = useState<SavePart>(selection ? "selection" : picked.size >= 2 ? "characters" : "whole");
  const [sectionIndex, setSectionIndex] = useState(0);
  const suggestion = (which: SavePart, index: number): SuggestedEntry => {
    if (which === "section" && sections[index]) return entryFromSection(sections[index], element);
    if (which === "selection") return entryFromText(selection, element);
    return entryFromText(markdown, element);
  };
  const [entry, setEntry] = useState<SuggestedEntry>(() => suggestion(part, 0));
  const [target, setTarget] = useState<"new" | string>("new");
  const setPart = (next: SavePart) => {
    setPartState(next);
    setEntry(suggestion(next, sectionIndex));
  };
  const chooseSection = (index: number) => {
    setSectionIndex(index);
    setEntry(suggestion("section", index));
  };
  return { sections, characters, picked, togglePicked, pickedCharacters, part, setPart, sectionIndex, chooseSection, entry, setEntry, target, setTarget };
}

export type SaveToBibleForm = ReturnType<typeof useSaveToBibleForm>;
