/**
 * The shared assistant screen: choose an element, fill its optional details, watch the answer
 * stream in, stop it, refine it with follow-ups. Everything the model sees is built on the
 * server from these choices; nothing here is a prompt.
 */
import { Badge, Button, Card, Flex, Heading, Select, Spinner, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { MAX_FIELD_CHARS, MAX_FOLLOW_UP_CHARS } from "~/catalog/requests";
import type { Tool } from "~/catalog/tools";
import { Markdown } from "~/components/markdown/markdown";
import { useToast } from "~/components/toaster";
import { useGeneration, type AssistantMessage } from "~/generation/use-generation";
import { generationToasts, toolTexts } from "~/messages";

type FieldSpec = { label: string; placeholder: string; multiline: boolean };
type ElementSpec = { value: string; label: string; fields: readonly string[] };

const noopSubscribe = () => () => {};
function useHydrated() {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}

function DetailField({ name, spec, value, onChange }: { name: string; spec: FieldSpec; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {spec.label}
      </Text>
      {spec.multiline ? (
        <TextArea id={id} name={name} value={value} placeholder={spec.placeholder} maxLength={MAX_FIELD_CHARS} rows={3} resize="vertical" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <TextField.Root id={id} name={name} value={value} placeholder={spec.placeholder} maxLength={MAX_FIELD_CHARS} onChange={(event) => onChange(event.target.value)} />
      )}
    </Flex>
  );
}

function MessageView({ message }: { message: AssistantMessage }) {
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
}

export function ToolWorkspace({
  tool,
  promptReady,
  initialElement,
  demoAi,
}: {
  tool: Tool;
  promptReady: boolean;
  initialElement: string | null;
  demoAi: boolean;
}) {
  const show = useToast();
  const hydrated = useHydrated();
  const elements = tool.elements as readonly ElementSpec[];
  const fieldSpecs = tool.fields as Record<string, FieldSpec>;
  const [element, setElement] = useState<string>(initialElement ?? "");
  const [values, setValues] = useState<Record<string, string>>({});
  const [followUp, setFollowUp] = useState("");
  const generation = useGeneration({ onToast: show });
  const busy = generation.phase !== "idle";
  const chosen = elements.find((candidate) => candidate.value === element);
  const outputRef = useRef<HTMLDivElement>(null);
  const stepOneId = useId();
  const followUpId = useId();

  useEffect(() => {
    if (!promptReady) show({ ...generationToasts.errorLoadingTool, variant: "destructive" });
  }, [promptReady, show]);

  // A new answer starts at the top of the panel, where the writer begins reading it.
  const messageCount = generation.messages.length;
  useEffect(() => {
    const panel = outputRef.current;
    const last = panel?.querySelector<HTMLElement>("article.assistant-message:last-of-type");
    if (panel && last && messageCount > 1) panel.scrollTop = last.offsetTop - 8;
  }, [messageCount]);

  const submitDisabled = !hydrated || !promptReady || busy;

  async function onGenerate(event: React.FormEvent) {
    event.preventDefault();
    if (submitDisabled) return;
    if (!chosen) {
      show({ ...generationToasts.selectionRequired, variant: "destructive" });
      return;
    }
    generation.reset();
    const fields: Record<string, string> = {};
    for (const field of chosen.fields) {
      const value = values[field]?.trim();
      if (value) fields[field] = value;
    }
    const outcome = await generation.run({ kind: "initial", tool: tool.slug, element: chosen.value, fields });
    if (outcome === "complete") show({ title: generationToasts.success.title, description: tool.successMessage });
  }

  async function onFollowUp(event?: React.FormEvent) {
    event?.preventDefault();
    if (busy || !generation.conversationId) return;
    const text = followUp.trim();
    if (!text) {
      show({ ...generationToasts.inputRequired });
      return;
    }
    const outcome = await generation.run({
      kind: "follow-up",
      tool: tool.slug,
      conversationId: generation.conversationId,
      text,
    });
    // The writer's text stays in the box until the server took it.
    if (outcome !== "refused" && outcome !== "failed") setFollowUp("");
    if (outcome === "complete") show({ ...generationToasts.followUpSuccess });
  }

  return (
    <div className="tool-workspace">
      <Card size="3" className="glass-card tool-card">
        <form onSubmit={onGenerate} aria-label="Generate">
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4" id={stepOneId}>
                Step 1: {toolTexts.stepOne}
              </Heading>
              <Select.Root
                value={element || undefined}
                onValueChange={(value) => {
                  setElement(value);
                  generation.reset();
                }}
                disabled={busy}
                size="3"
              >
                <Select.Trigger placeholder={toolTexts.stepOnePlaceholder} aria-labelledby={stepOneId} />
                <Select.Content position="popper">
                  {elements.map((candidate) => (
                    <Select.Item key={candidate.value} value={candidate.value}>
                      {candidate.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Step 2: {toolTexts.stepTwo}
              </Heading>
              {chosen ? (
                chosen.fields.map((field) => (
                  <DetailField
                    key={`${chosen.value}-${field}`}
                    name={field}
                    spec={fieldSpecs[field]!}
                    value={values[field] ?? ""}
                    onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
                  />
                ))
              ) : (
                <Text as="p" size="2" color="gray">
                  {toolTexts.stepTwoEmpty}
                </Text>
              )}
            </Flex>
            <Button
              type="submit"
              size="3"
              disabled={submitDisabled}
              aria-disabled={!chosen || submitDisabled}
              data-nothing-chosen={!chosen || undefined}
            >
              {busy ? (
                <>
                  <Spinner /> {toolTexts.generating}
                </>
              ) : (
                toolTexts.generate
              )}
            </Button>
            {generation.queriesRemaining !== null ? (
              <Text as="p" size="2" color="gray" role="status">
                {generation.queriesRemaining === 1
                  ? "1 trial query left."
                  : `${generation.queriesRemaining} trial queries left.`}
              </Text>
            ) : null}
          </Flex>
        </form>
      </Card>

      <Card size="3" className="glass-card tool-card output-card">
        <Flex direction="column" gap="3" height="100%">
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
                <Button type="button" size="1" color="red" variant="soft" onClick={generation.stop}>
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
            aria-live="polite"
            aria-busy={busy}
          >
            {generation.messages.length === 0 && generation.phase === "idle" ? (
              <Text as="p" size="2" color="gray" className="output-empty">
                {toolTexts.outputEmpty}
              </Text>
            ) : null}
            {generation.messages.map((message) => (
              <MessageView key={message.id} message={message} />
            ))}
            {generation.phase === "waiting" ? (
              <Flex align="center" gap="2" className="output-waiting">
                <Spinner size="3" />
                <Text size="2" color="gray">
                  {toolTexts.generating}
                </Text>
              </Flex>
            ) : null}
          </div>
          <form onSubmit={onFollowUp}>
            <Flex direction="column" gap="2">
              <Text as="label" htmlFor={followUpId} size="2" weight="medium">
                {toolTexts.followUpLabel}
              </Text>
              <Flex gap="2" align="end">
                <TextArea
                  id={followUpId}
                  className="follow-up-input"
                  value={followUp}
                  placeholder={toolTexts.followUpPlaceholder}
                  maxLength={MAX_FOLLOW_UP_CHARS}
                  rows={2}
                  disabled={!generation.conversationId}
                  onChange={(event) => setFollowUp(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      void onFollowUp();
                    }
                  }}
                />
                <Button type="submit" size="3" disabled={busy || !generation.conversationId} aria-label={toolTexts.followUpSend}>
                  Send
                </Button>
              </Flex>
            </Flex>
          </form>
        </Flex>
      </Card>
    </div>
  );
}
