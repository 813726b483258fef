/** The parts of a word diff and the decisions on them: no diff code, so any screen can use them. */

/** A run of text that is the same in both, or one change: what was there and what replaces it. */
export type DiffPart =
  | { kind: "same"; text: string }
  | { kind: "change"; id: number; removed: string; added: string };

export type Decision = "accepted" | "rejected";

/** The text with each change accepted or rejected; undecided changes count as accepted. */
export function applyDecisions(parts: DiffPart[], decisions: ReadonlyMap<number, Decision>): string {
  return parts
    .map((part) => {
      if (part.kind === "same") return part.text;
      return decisions.get(part.id) === "rejected" ? part.removed : part.added;
    })
    .join("");
}

export function changeCount(parts: DiffPart[]): number {
  return parts.filter((part) => part.kind === "change").length;
}

/** "Accept all": every change still open is accepted; one the writer rejected stays rejected. */
export function acceptOpen(parts: readonly DiffPart[], decisions: ReadonlyMap<number, Decision>): Map<number, Decision> {
  const accepted = parts.flatMap((part) => (part.kind === "change" ? [[part.id, "accepted"] as const] : []));
  return new Map<number, Decision>([...accepted, ...decisions]);
}
