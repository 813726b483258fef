import { useEffect, useState } from "react";
import type { DiffPart } from "./diff-parts";

/** The word diff of two texts, computed by the diff module loaded on first use (null while it loads). */
export function useDiffParts(before: string, after: string): DiffPart[] | null {
  const [result, setResult] = useState<{ before: string; after: string; parts: DiffPart[] } | null>(null);
  useEffect(() => {
    let live = true;
    void import("./word-diff").then(({ diffParts }) => {
      if (live) setResult({ before, after, parts: diffParts(before, after) });
    });
    return () => {
      live = false;
    };
  }, [before, after]);
  return result && result.before === before && result.after === after ? result.parts : null;
}
