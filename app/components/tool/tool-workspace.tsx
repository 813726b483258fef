/**
 * The shared assistant screen: choose an element, fill its optional details, watch the answer
 * stream in, stop it, refine it with follow-ups. Everything the model sees is built on the
 * server from these choices; nothing here is a prompt. Only the answer column re-renders
 * while tokens arrive.
 */
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { memo, useCallback, useEffect, useRef } from "react";
import type { Tool } from "~/catalog/tools";
import { Markdown } from "~/components/markdown/markdown";
import { useToast } from "~/components/toaster";
import {
  useGeneration,
  type Allowance,
  type AssistantMessage,
  type ContinuedConversation,
  type Phase,
} from "~/generation/use-generation";
import { useHydrated } from "~/lib/use-hydrated";
import { generationToasts, toolTexts } from "~/messages/tools";
import { conversationNote, trialTexts } from "~/messages/trial";
import { ElementForm } from "./element-form";
import { FollowUpForm } from "./follow-up-form";

const MessageView = memo(function MessageView({ message }: { message: AssistantMessage }) {
  return (
    <article className="assistant-message" data-status={message.status} aria-busy={message.status === "streaming"}>
      <Markdown text={message.text} />
      {message.status === "stopped" ? (
        <Text as="p" size="1" color="gray" className="message-note">
          {toolTexts.stopped}
        </Text>
      ) : null}
      {message.status === "interrupted" ? (
        <Text as="p" size="1" color="orange" className="message-note">
          {toolTexts.interrupted}
        </Text>
      ) : null}
    </article>
  );
});

/** What Generate and Send do: the spec's checks and toasts around one turn each. */
function useTurnActions({
  tool,
  conversationId,
  run,
  reset,
}: {
  tool: Tool;
  conversationId: string | null;
  run: ReturnType<typeof useGeneration>["run"];
  reset: () => void;
}) {
  const show = useToast();
  const onGenerate = useCallback(
    async (element: { value: string } | null, fields: Record<string, string>) => {
      if (!element) {
        show({ ...generationToasts.selectionRequired, variant: "destructive" });
        return;
      }
      reset();
      const outcome = await run({ kind: "initial", tool: tool.slug, element: element.value, fields });
      if (outcome === "complete") show({ title: generationToasts.success.title, description: tool.successMessage });
    },
    [reset, run, show, tool],
  );
  const onFollowUp = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) {
        show({ ...generationToasts.inputRequired });
        return false;
      }
      if (!conversationId) return false;
      const outcome = await run({ kind: "follow-up", tool: tool.slug, conversationId, text });
      if (outcome === "complete") show({ ...generationToasts.followUpSuccess });
      // The writer's text stays in the box unless the server kept the exchange.
      return outcome === "complete" || outcome === "stopped" || outcome === "interrupted";
    },
    [conversationId, run, show, tool],
  );
  return { onGenerate, onFollowUp };
}

/** A new answer starts at the top of the panel, where the writer begins reading it. */
function useNewAnswerInView(messageCount: number) {
  const outputRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = outputRef.current;
    const last = panel?.querySelector<HTMLElement>("article.assistant-message:last-of-type");
    if (panel && last && messageCount > 1) panel.scrollTop = last.offsetTop - 8;
  }, [messageCount]);
  return outputRef;
}

/** The answers so far, the spinner while waiting, or the empty-state hint. */
function OutputPanel({ messages, phase }: { messages: AssistantMessage[]; phase: Phase }) {
  const outputRef = useNewAnswerInView(messages.length);
  return (
    <div ref={outputRef} className="output-panel" tabIndex={0} role="region" aria-label={toolTexts.output} aria-busy={phase !== "idle"}>
      {messages.length === 0 && phase === "idle" ? (
        <Text as="p" size="2" color="gray" className="output-empty">
          {toolTexts.outputEmpty}
        </Text>
      ) : null}
      {messages.map((message) => (
        <MessageView key={message.id} message={message} />
      ))}
      {phase === "waiting" ? (
        <Flex align="center" gap="2" className="output-waiting" role="status">
          <Spinner size="3" />
          <Text size="2" color="gray">
            {toolTexts.generating}
          </Text>
        </Flex>
      ) : null}
    </div>
  );
}

function OutputHeader({ demoAi, busy, onStop }: { demoAi: boolean; busy: boolean; onStop: () => void }) {
  return (
    <Flex justify="between" align="center" gap="3">
      <Heading as="h2" size="4">
        {toolTexts.output}
      </Heading>
      <Flex gap="2" align="center">
        {demoAi ? (
          <Badge color="amber" variant="soft" title={toolTexts.demoBadgeHint}>
            {toolTexts.demoBadge}
          </Badge>
        ) : null}
        {busy ? (
          <Button type="button" size="1" color="red" variant="soft" onClick={onStop}>
            {toolTexts.stop}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

export function ToolWorkspace({
  tool,
  promptReady,
  initialElement,
  initialFields = null,
  demoAi,
  continued = null,
  trial,
}: {
  tool: Tool;
  promptReady: boolean;
  initialElement: string | null;
  /** The details the form starts with ('Continue in tool'); null: empty fields. */
  initialFields?: Readonly<Record<string, string>> | null;
  demoAi: boolean;
  continued?: ContinuedConversation | null;
  /** A trial writer's allowance when the page opened (null: unlimited). */
  trial: (Allowance & { periodOver: boolean }) | null;
}) {
  const show = useToast();
  const hydrated = useHydrated();
  const { messages, conversationId, phase, allowance, run, stop, reset } = useGeneration({
    onToast: show,
    initial: continued,
    initialAllowance: trial,
  });
  const { onGenerate, onFollowUp } = useTurnActions({ tool, conversationId, run, reset });
  const busy = phase !== "idle";
  const conversationsLeft = allowance?.queriesRemaining ?? null;
  const followUpsLeft = conversationId ? (allowance?.followUpsLeft ?? null) : null;

  useEffect(() => {
    if (!promptReady) show({ ...generationToasts.errorLoadingTool, variant: "destructive" });
  }, [promptReady, show]);

  return (
    <div className="tool-workspace">
      <ElementForm
        tool={tool}
        initialElement={initialElement}
        initialFields={initialFields}
        busy={busy}
        submitDisabled={!hydrated || !promptReady || busy}
        trialNote={trial && conversationsLeft !== null ? conversationNote({ conversationsLeft, periodOver: trial.periodOver }) : null}
        onElementChange={reset}
        onGenerate={onGenerate}
      />
      <Card size="3" className="glass-card tool-card output-card">
        <Flex direction="column" gap="3">
          <OutputHeader demoAi={demoAi} busy={busy} onStop={stop} />
          <OutputPanel messages={messages} phase={phase} />
          <FollowUpForm
            enabled={Boolean(conversationId)}
            busy={busy}
            note={followUpsLeft === null ? null : trialTexts.followUpsLeft(followUpsLeft)}
            onSend={onFollowUp}
          />
        </Flex>
      </Card>
    </div>
  );
}
