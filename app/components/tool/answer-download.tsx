/**
 * An answer's Download menu on the tool page, loaded when the writer reaches for it: the menu
 * and its export code are neither part of the page's first load nor parsed while an answer
 * streams. A plain Download button holds its place; pointing at it or focusing it starts the
 * load, pressing it opens the menu as soon as the code is there.
 */
import { Button } from "@radix-ui/themes";
import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { exportTexts } from "~/messages/exports";

const loadMenu = () => import("~/components/export-menu");
const AnswerExportMenu = lazy(() => loadMenu().then((module) => ({ default: module.AnswerExportMenu })));

/** The menu trigger's chevron (Radix's), drawn here so the dropdown code stays out of the first load. */
function Chevron() {
  return (
    <svg width="9" height="9" viewBox="0 0 9 9" fill="currentColor" aria-hidden="true" className="rt-DropdownMenuTriggerIcon">
      <path d="M0.135232 3.15803C0.324102 2.95657 0.640521 2.94637 0.841971 3.13523L4.5 6.56464L8.158 3.13523C8.3595 2.94637 8.6759 2.95657 8.8648 3.15803C9.0536 3.35949 9.0434 3.67591 8.842 3.86477L4.84197 7.61477C4.64964 7.79508 4.35036 7.79508 4.15803 7.61477L0.158031 3.86477C-0.0434285 3.67591 -0.0536285 3.35949 0.135232 3.15803Z" />
    </svg>
  );
}

function Placeholder({ disabled, onOpen }: { disabled: boolean; onOpen?: () => void }) {
  const prefetch = () => void loadMenu();
  return (
    <Button
      type="button"
      size="1"
      variant="soft"
      color="gray"
      disabled={disabled}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={onOpen}
    >
      {exportTexts.download}
      <Chevron />
    </Button>
  );
}

export function AnswerDownloadMenu({ toolSlug, title, markdown }: { toolSlug: string; title: string; markdown: string }) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  if (!hydrated) return <Placeholder disabled />;
  if (!wanted) return <Placeholder disabled={false} onOpen={() => setWanted(true)} />;
  return (
    <Suspense fallback={<Placeholder disabled />}>
      <AnswerExportMenu toolSlug={toolSlug} title={title} markdown={markdown} defaultOpen />
    </Suspense>
  );
}
