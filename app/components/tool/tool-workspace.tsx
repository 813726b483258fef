/**
 * The shared assistant screen: choose an element, fill its optional details, watch the answer
 * stream in, stop it, refine it with follow-ups. Everything the model sees is built on the
 * server from these choices; nothing here is a prompt. Once a conversation is on screen the
 * form folds into a summary line and the conversation takes the room. Only the answer
 * streaming in re-renders while tokens arrive.
 */
import { Badge, Button, Card, Flex, Heading } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Tool } from "~/catalog/tools";
import { useToast } from "~/components/toaster";
import { useGeneration, type Allowance, type ContinuedConversation, type Failure } from "~/generation/use-generation";
import { useHydrated } from "~/lib/use-hydrated";
import { generationToasts, toolTexts } from "~/messages/tools";
import { conversationNote, trialTexts } from "~/messages/trial";
import { ElementForm } from "./element-form";
import { FollowUpForm, type FollowUpHandle } from "./follow-up-form";
import { OutputPanel } from "./output-panel";
import { ReadingView } from "./reading-view";
import { ShortcutsHelp } from "./shortcuts-help";
import { useAnswerActions } from "./use-answer-actions";
import { useEscapeToStop } from "./use-escape-to-stop";

/** What Generate, Send and Retry do: the spec's checks and toasts around one turn each. */
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
        return false;
      }
      reset();
      const outcome = await run({ kind: "initial", tool: tool.slug, element: element.value, fields });
      if (outcome === "complete") show({ title: generationToasts.success.title, description: tool.successMessage });
      return true;
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

function OutputHeader({ demoAi, busy, expand, onStop }: { demoAi: boolean; busy: boolean; expand: React.ReactNode; onStop: () => void }) {
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Heading as="h2" size="4">
        {toolTexts.output}
      </Heading>
      <Flex gap="3" align="center" wrap="wrap">
        {demoAi ? (
          <Badge color="amber" variant="soft" title={toolTexts.demoBadgeHint}>
            {toolTexts.demoBadge}
          </Badge>
        ) : null}
        <ShortcutsHelp />
        {expand}
        {busy ? (
          <Button type="button" size="1" color="red" variant="soft" data-toast-avoid="" onClick={onStop}>
            {toolTexts.stop}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** Folded while a conversation is on screen, unless the writer opened the details again. */
function useFold(hasConversation: boolean) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const outputCard = useRef<HTMLDivElement>(null);
  const onGenerateStart = useCallback(() => {
    setDetailsOpen(false);
    // After Generate the conversation comes first: once the form has folded, the whole
    // conversation card is brought on screen, its composer at the bottom edge (on a phone the
    // answer is then what the writer sees; the summary line sits just above).
    requestAnimationFrame(() => outputCard.current?.scrollIntoView({ block: "end" }));
  }, []);
  return { outputCard, folded: hasConversation && !detailsOpen, setDetailsOpen, onGenerateStart };
}

type WorkspaceProps = {
  tool: Tool;
  promptReady: boolean;
  initialElement: string | null;
  /** The details the form starts with ('Continue in tool'); null: empty fields. */
  initialFields?: Readonly<Record<string, string>> | null;
  demoAi: boolean;
  continued?: ContinuedConversation | null;
  /** A trial writer's allowance when the page opened (null: unlimited). */
  trial: (Allowance & { periodOver: boolean }) | null;
};

export function ToolWorkspace({ tool, promptReady, initialElement, initialFields = null, demoAi, continued = null, trial }: WorkspaceProps) {
  const show = useToast();
  const hydrated = useHydrated();
  const { messages, conversationId, phase, allowance, failure, run, stop, reset, lastExchange, choose } = useGeneration({
    onToast: show,
    initial: continued,
    initialAllowance: trial,
  });
  const turns = useTurnActions({ tool, conversationId, run, reset });
  const busy = phase !== "idle";
  const answerActions = useAnswerActions({ tool, conversationId, busy, lastExchange, run, choose });
  const { outputCard, folded, setDetailsOpen, onGenerateStart } = useFold(messages.length > 0 || busy);
  const composer = useRef<FollowUpHandle>(null);
  const conversationsLeft = allowance?.queriesRemaining ?? null;
  const followUpsLeft = conversationId ? (allowance?.followUpsLeft ?? null) : null;
  useEscapeToStop(busy, stop);

  useEffect(() => {
    if (!promptReady) show({ ...generationToasts.errorLoadingTool, variant: "destructive" });
  }, [promptReady, show]);

  const { onGenerate: generate, onFollowUp } = turns;
  const onGenerate = useCallback(
    (element: { value: string } | null, fields: Record<string, string>) => {
      if (element) onGenerateStart();
      void generate(element, fields);
    },
    [generate, onGenerateStart],
  );
  const retry = useRetry({ failure, onGenerate, onFollowUp, composer, run });

  return (
    <div
      className="tool-workspace"
      data-folded={folded || undefined}
      data-conversation={messages.length > 0 || busy || undefined}
    >
      <ElementForm
        tool={tool}
        initialElement={initialElement}
        initialFields={initialFields}
        busy={busy}
        submitDisabled={!hydrated || !promptReady || busy}
        trialNote={trial && conversationsLeft !== null ? conversationNote({ conversationsLeft, periodOver: trial.periodOver }) : null}
        folded={folded}
        foldable={messages.length > 0 || busy}
        onDetailsOpen={setDetailsOpen}
        onElementChange={reset}
        onGenerate={onGenerate}
      />
      <Card ref={outputCard} size={{ initial: "2", sm: "3" }} className="glass-card tool-card output-card">
        <Flex direction="column" gap="3">
          <OutputHeader
            demoAi={demoAi}
            busy={busy}
            expand={<ReadingView title={tool.title} messages={messages} />}
            onStop={stop}
          />
          <OutputPanel messages={messages} phase={phase} failure={failure} onRetry={retry} actions={answerActions} />
          <FollowUpForm
            enabled={Boolean(conversationId)}
            busy={busy}
            note={followUpsLeft === null ? null : trialTexts.followUpsLeft(followUpsLeft)}
            placeholder={tool.followUpPlaceholder}
            handle={composer}
            onSend={onFollowUp}
          />
        </Flex>
      </Card>
    </div>
  );
}

/** Retry runs the failed request again, as Generate or Send would. */
function useRetry({
  failure,
  onGenerate,
  onFollowUp,
  composer,
  run,
}: {
  failure: Failure | null;
  onGenerate: (element: { value: string }, fields: Record<string, string>) => void;
  onFollowUp: (text: string) => Promise<boolean>;
  composer: React.RefObject<FollowUpHandle | null>;
  run: ReturnType<typeof useGeneration>["run"];
}) {
  return useCallback(() => {
    const request = failure?.request;
    // Another version, Continue and Edit: the same turn on the last exchange again.
    if (request?.kind === "version" || request?.kind === "continue" || request?.kind === "edit") void run(request);
    if (request?.kind === "initial") onGenerate({ value: request.element }, request.fields);
    if (request?.kind === "follow-up") {
      void onFollowUp(request.text).then((kept) => {
        if (kept) composer.current?.clearIfUnchanged(request.text);
      });
    }
  }, [composer, failure, onFollowUp, onGenerate, run]);
}
