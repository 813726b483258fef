/**
 * The row under each finished answer: copy it (as Markdown, or as plain text for a word
 * processor or an e-mail), its length in words and reading time, and room for the actions
 * other parts add (`children`: versions, continue, export…). Confirmations are said inline,
 * next to the button, so no toast covers the writer's work.
 */
import { Button, Flex, Text } from "@radix-ui/themes";
import { memo, useEffect, useMemo, useState } from "react";
import { answerTexts } from "~/messages/tools";
import { countWords, readingMinutes } from "./answer-stats";

/** How long "Copied" stays next to the buttons, in ms. */
const CONFIRMATION_MS = 2500;

type CopyState = "idle" | "markdown" | "text" | "failed";

const confirmation: Record<CopyState, string> = {
  idle: "",
  markdown: answerTexts.copiedMarkdown,
  text: answerTexts.copiedText,
  failed: answerTexts.copyFailed,
};

function useCopy(markdown: string) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async (as: "markdown" | "text") => {
    try {
      // The Markdown parser for plain text loads on the first "Copy text", not with the page.
      const text = as === "markdown" ? markdown : (await import("~/components/markdown/plain-text")).markdownToPlainText(markdown);
      await navigator.clipboard.writeText(text);
      setState(as);
    } catch {
      setState("failed");
    }
  };
  return { state, copy };
}

export const AnswerToolbar = memo(function AnswerToolbar({
  markdown,
  lead,
  children,
}: {
  markdown: string;
  /** Actions that come first (the last answer's versions). */
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { state, copy } = useCopy(markdown);
  const words = useMemo(() => countWords(markdown), [markdown]);
  return (
    // A toast never covers these buttons: on a phone the success toast used to land on the row
    // ("Save to bible", Export) just as the writer reached for it.
    <Flex role="group" aria-label={answerTexts.toolbar} className="answer-toolbar" gap="2" align="center" wrap="wrap" data-toast-avoid="">
      {lead}
      <Button type="button" size="1" variant="soft" color="gray" aria-label={answerTexts.copyMarkdownLabel} onClick={() => void copy("markdown")}>
        {answerTexts.copyMarkdown}
      </Button>
      <Button type="button" size="1" variant="soft" color="gray" aria-label={answerTexts.copyTextLabel} onClick={() => void copy("text")}>
        {answerTexts.copyText}
      </Button>
      {children}
      <Text size="1" color={state === "failed" ? "red" : "green"} role="status" className="answer-copied">
        {confirmation[state]}
      </Text>
      <Text size="1" color="gray" className="answer-stats">
        {answerTexts.stats(words, readingMinutes(words))}
      </Text>
    </Flex>
  );
});
