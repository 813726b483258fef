/** The project an answer can be saved into (the page's active project) and the element it answers. */
import { createContext, useContext } from "react";

export type BibleTarget = { projectId: string; projectTitle: string; element: string | null };

export const BibleTargetContext = createContext<BibleTarget | null>(null);

export const useBibleTarget = () => useContext(BibleTargetContext);
