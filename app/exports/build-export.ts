/**
 * Builds a download in the browser: an answer or a whole conversation, as Markdown, plain text,
 * Word or Fountain. The conversation's .md and .txt are the history page's own files (the
 * spec's text format, word for word). The converters are imported only when asked for, so
 * `docx` (and the rest) never weigh on a page's first load.
 */
import { markdownFileContent, markdownFileName, textFileContent, textFileName, threadFileName } from "~/history/export";
import type { HistoryThread } from "~/history/types";
import { exportTexts } from "~/messages/exports";
import { conversationDocument } from "./conversation-document";
import { fileSlug } from "./file-slug";

export type ExportFormat = "md" | "txt" | "docx" | "fountain";

export type ExportSource =
  | { kind: "answer"; title: string; markdown: string }
  | { kind: "conversation"; thread: HistoryThread };

export type ExportFile = { name: string; blob: Blob };

/*
 * The converters run in the browser only. The server build drops them (the condition is a
 * constant there), so the Worker does not carry docx; unit tests (mode "test") load them.
 */
const SERVER_BUILD_ERROR = "Downloads are built in the browser.";
const loadDocx = () =>
  import.meta.env.SSR && import.meta.env.MODE !== "test" ? Promise.reject(new Error(SERVER_BUILD_ERROR)) : import("./markdown-to-docx");
const loadFountain = () =>
  import.meta.env.SSR && import.meta.env.MODE !== "test" ? Promise.reject(new Error(SERVER_BUILD_ERROR)) : import("./markdown-to-fountain");
const loadText = () =>
  import.meta.env.SSR && import.meta.env.MODE !== "test" ? Promise.reject(new Error(SERVER_BUILD_ERROR)) : import("./markdown-to-text");

const TEXT_TYPES = { md: "text/markdown", txt: "text/plain", fountain: "text/plain" } as const;

const textBlob = (content: string, format: keyof typeof TEXT_TYPES) =>
  new Blob([content], { type: `${TEXT_TYPES[format]};charset=utf-8` });

/** An answer's file name from its title: `Dialogue Crafting` → `dialogue-crafting.docx`. */
export function answerFileName(title: string, extension: string): string {
  return `${fileSlug(title) || exportTexts.answerFileName}.${extension}`;
}

async function answerFile(title: string, markdown: string, format: ExportFormat): Promise<ExportFile> {
  const name = answerFileName(title, format);
  switch (format) {
    case "md":
      return { name, blob: textBlob(markdown.endsWith("\n") ? markdown : `${markdown}\n`, "md") };
    case "txt": {
      const { markdownToText } = await loadText();
      return { name, blob: textBlob(markdownToText(markdown), "txt") };
    }
    case "docx": {
      const { docxBlob, markdownToDocx } = await loadDocx();
      return { name, blob: await docxBlob(markdownToDocx(markdown, { title })) };
    }
    case "fountain": {
      const { markdownToFountain } = await loadFountain();
      return { name, blob: textBlob(markdownToFountain(markdown, { title }), "fountain") };
    }
  }
}

async function conversationFile(thread: HistoryThread, format: ExportFormat): Promise<ExportFile> {
  switch (format) {
    case "md":
      return { name: markdownFileName(thread), blob: textBlob(markdownFileContent(thread), "md") };
    case "txt":
      return { name: textFileName(thread), blob: textBlob(textFileContent(thread), "txt") };
    case "docx": {
      const { conversationToDocx, docxBlob } = await loadDocx();
      return { name: threadFileName(thread, "docx"), blob: await docxBlob(conversationToDocx(conversationDocument(thread))) };
    }
    case "fountain": {
      const { conversationToFountain } = await loadFountain();
      return { name: threadFileName(thread, "fountain"), blob: textBlob(conversationToFountain(conversationDocument(thread)), "fountain") };
    }
  }
}

export function buildExport(source: ExportSource, format: ExportFormat): Promise<ExportFile> {
  return source.kind === "answer" ? answerFile(source.title, source.markdown, format) : conversationFile(source.thread, format);
}
