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
import { useGeneration, type AssistantMessage, type ContinuedConversation } from "~/generation/use-generation";
import { useHydrated } from "~/lib/use-hydrated";
import { generationToasts, toolTexts } from "~/messages/tools";
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

export function ToolWorkspace({
  tool,
  promptReady,
  initialElement,
  demoAi,
  continued = null,
}: {
  tool: Tool;
  promptReady: boolean;
  initialElement: string | null;
  demoAi: boolean;
  continued?: ContinuedConversation | null;
}) {
  const show = useToast();
  const hydrated = useHydrated();
  const { messages, conversationId, phase, queriesRemaining, run, stop, reset } = useGeneration({
    onToast: show,
    initial: continued,
  });
  const busy = phase !== "idle";
  const outputRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!promptReady) show({ ...generationToasts.errorLoadingTool, variant: "destructive" });
  }, [promptReady, show]);

  // A new answer starts at the top of the panel, where the writer begins reading it.
  const messageCount = messages.length;
  useEffect(() => {
    const panel = outputRef.current;
    const last = panel?.querySelector<HTMLElement>("article.assistant-message:last-of-type");
    if (panel && last && messageCount > 1) panel.scrollTop = last.offsetTop - 8;
  }, [messageCount]);

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
      // The writer's text stays in the box unless the server took it.
      return outcome !== "refused" && outcome !== "failed";
    },
    [conversationId, run, show, tool],
  );

  return (
    <div className="tool-workspace">
      <ElementForm
        tool={tool}
        initialElement={initialElement}
        busy={busy}
        submitDisabled={!hydrated || !promptReady || busy}
        queriesRemaining={queriesRemaining}
        onElementChange={reset}
        onGenerate={onGenerate}
      />
      <Card size="3" className="glass-card tool-card output-card">
        <Flex direction="column" gap="3">
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
                <Button type="button" size="1" color="red" variant="soft" onClick={stop}>
                  {toolTexts.stop}
                </Button>
              ) : null}
            </Flex>
          </Flex>
          <div
            ref={outputRef}
            className="output-panel"
            tabIndex={0}
            role="region"
            aria-label={toolTexts.output}
            aria-busy={busy}
          >
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
          <FollowUpForm enabled={Boolean(conversationId)} busy={busy} onSend={onFollowUp} />
        </Flex>
      </Card>
    </div>
  );
}
