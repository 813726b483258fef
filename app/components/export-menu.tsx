/**
 * The download menu of an answer or a conversation: Markdown, plain text, Word, Fountain (for
 * Stage & Screen only) and Print / Save as PDF. A Radix dropdown (arrow keys, Enter, Escape,
 * focus back on the trigger); the file is built in the browser, the Word and Fountain
 * converters loaded only when chosen, with a busy trigger meanwhile and an error toast if the
 * file cannot be made.
 */
import { Button, DropdownMenu, Spinner, VisuallyHidden } from "@radix-ui/themes";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buildExport, type ExportFormat, type ExportSource } from "~/exports/build-export";
import { downloadBlob } from "~/lib/download";
import { isScreenplayTool } from "~/exports/screenplay";
import { exportTexts, exportToasts } from "~/messages/exports";
import { useToast } from "./toaster";

const LABELS: Record<ExportFormat, string> = {
  md: exportTexts.markdown,
  txt: exportTexts.text,
  docx: exportTexts.docx,
  fountain: exportTexts.fountain,
};

const ALL_FORMATS: readonly ExportFormat[] = ["md", "txt", "docx", "fountain"];

/**
 * The menu opens inside the landmark or dialog that holds its trigger: portalled loose into
 * <body> it would sit outside every landmark (axe: region) and outside an open dialog.
 */
function useMenuContainer() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(triggerRef.current?.closest<HTMLElement>("[role=dialog], main") ?? null), []);
  return { triggerRef, container };
}

function useExport(source: ExportSource | null, onDownloaded?: () => void) {
  const show = useToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (format: ExportFormat) => {
      if (!source) return;
      setBusy(true);
      try {
        const file = await buildExport(source, format);
        downloadBlob(file.name, file.blob);
        onDownloaded?.();
      } catch (error) {
        const message = error instanceof Error && error.message ? error.message : exportToasts.unknownFailure;
        show({ title: exportToasts.failed.title, description: exportToasts.failed.description(message), variant: "destructive" });
      } finally {
        setBusy(false);
      }
    },
    [source, onDownloaded, show],
  );
  return { busy, run };
}

/** Print after the menu has closed and focus is back on the trigger. */
const printPage = () => setTimeout(() => window.print(), 0);

export function ExportMenu({
  source,
  screenplay,
  formats = ALL_FORMATS,
  label = exportTexts.download,
  size = "2",
  onDownloaded,
  defaultOpen = false,
}: {
  /** What to export; null while it is not known yet (the menu is disabled). */
  source: ExportSource | null;
  /** Offer .fountain (Stage & Screen). */
  screenplay: boolean;
  formats?: readonly ExportFormat[];
  label?: string;
  size?: "1" | "2";
  onDownloaded?: () => void;
  /** Open when it mounts (the writer pressed a stand-in button that loaded it). */
  defaultOpen?: boolean;
}) {
  const { triggerRef, container } = useMenuContainer();
  const { busy, run } = useExport(source, onDownloaded);
  const shown = formats.filter((format) => format !== "fountain" || screenplay);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger disabled={!source}>
        <Button ref={triggerRef} size={size} variant="soft" color="gray" aria-busy={busy} data-export-menu="">
          {busy ? <Spinner size="1" /> : null}
          {label}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <VisuallyHidden role="status">{busy ? exportTexts.preparing : ""}</VisuallyHidden>
      <DropdownMenu.Content size={size} className="export-menu" container={container ?? undefined}>
        {shown.map((format) => (
          <DropdownMenu.Item key={format} disabled={busy} onSelect={() => void run(format)}>
            {LABELS[format]}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={printPage}>{exportTexts.print}</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/**
 * The Download menu of one answer on a tool page: `toolSlug` is the tool's slug (or history
 * section), `title` names the file and the document, `markdown` is the answer as the model wrote it.
 */
export function AnswerExportMenu({
  toolSlug,
  title,
  markdown,
  defaultOpen = false,
}: {
  toolSlug: string;
  title: string;
  markdown: string;
  defaultOpen?: boolean;
}) {
  const source = useMemo<ExportSource>(() => ({ kind: "answer", title, markdown }), [title, markdown]);
  return <ExportMenu source={source} screenplay={isScreenplayTool(toolSlug)} size="1" defaultOpen={defaultOpen} />;
}
