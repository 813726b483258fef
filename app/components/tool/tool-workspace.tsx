/**
 * The shared assistant screen: choose an element, fill its optional details (or paste a draft
 * and pick what to do with it), watch the answer stream in, stop it, refine it with follow-ups. Everything the model sees is built on the
 * server from these choices; nothing here is a prompt. Once a conversation is on screen the
 * form folds into a summary line and the conversation takes the room. Only the answer
 * streaming in re-renders while tokens arrive.
 */
import { Badge, Button, Card, Flex, Heading } from "@radix-ui/themes";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { findDraftAction, type DraftAction, type DraftSource } from "~/catalog/draft-actions";
import type { Tool } from "~/catalog/tools";
import { preloadMarkdown } from "~/components/markdown/lazy-markdown";
import { useToast } from "~/components/toaster";
import { useGeneration, type Allowance, type ContinuedConversation, type Failure } from "~/generation/use-generation";
import { keptExchange } from "~/generation/turn-client";
import { draftModeTexts, generationToasts, toolTexts } from "~/messages/tools";
import { conversationNote, trialTexts } from "~/messages/trial";
import type { ActiveProject } from "~/projects/active-project";
import { BibleTargetContext } from "./bible-target";
import { DraftForm } from "./draft-form";
import { ElementForm } from "./element-form";
import { FormCard, type WorkspaceMode } from "./form-card";
import { FollowUpForm, type FollowUpHandle } from "./follow-up-form";
import { OutputPanel } from "./output-panel";
import { ReadingView } from "./reading-view";
import { ShortcutsHelp } from "./shortcuts-help";
import { useAnswerActions } from "./use-answer-actions";
import { useEscapeToStop } from "./use-escape-to-stop";

/** What Generate, Send and Retry do: the spec's checks and toasts around one turn each. */
function useTurnActions({
  tool,
  projectId,
  conversationId,
  run,
  reset,
  setSource,
}: {
  tool: Tool;
  /** The active project when Generate is pressed (a new conversation belongs to it). */
  projectId: string | undefined;
  conversationId: string | null;
  run: ReturnType<typeof useGeneration>["run"];
  reset: () => void;
  /** What the next conversation is made from: a draft, or (null) the Generate form. */
  setSource: (source: DraftSource | null) => void;
}) {
  const show = useToast();
  const onGenerate = useCallback(
    async (element: { value: string } | null, fields: Record<string, string>) => {
      if (!element) {
        show({ ...generationToasts.selectionRequired, variant: "destructive" });
        return false;
      }
      reset();
      setSource(null);
      const outcome = await run({ kind: "initial", tool: tool.slug, element: element.value, fields, projectId });
      if (outcome === "complete") show({ title: generationToasts.success.title, description: tool.successMessage });
      return true;
    },
    [projectId, reset, run, setSource, show, tool],
  );
  const onDraft = useCallback(
    async (action: string, passage: string) => {
      reset();
      setSource({ action, passage });
      const outcome = await run({ kind: "draft", tool: tool.slug, action, text: passage, projectId });
      if (outcome === "complete") show({ title: generationToasts.success.title, description: draftModeTexts.success });
    },
    [projectId, reset, run, setSource, show, tool],
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
      return keptExchange(outcome);
    },
    [conversationId, run, show, tool],
  );
  return { onGenerate, onFollowUp, onDraft };
}

/**
 * Which mode the card shows, and the draft the conversation on screen came from (null: it came
 * from Generate). Folded, the card shows the summary of the form the conversation came from;
 * folding it again goes back to that form. A tracked action's first answer is shown as changes
 * against the passage.
 */
function useModes(
  tool: Tool,
  initialDraft: DraftSource | null,
  { folded, setDetailsOpen }: { folded: boolean; setDetailsOpen: (open: boolean) => void },
) {
  const [mode, setMode] = useState<WorkspaceMode>(initialDraft ? "draft" : "generate");
  const [source, setSource] = useState<DraftSource | null>(initialDraft);
  const conversationMode: WorkspaceMode = source ? "draft" : "generate";
  const onDetailsOpen = useCallback(
    (open: boolean) => {
      setDetailsOpen(open);
      if (!open) setMode(conversationMode);
    },
    [conversationMode, setDetailsOpen],
  );
  const tracked = source?.passage && findDraftAction(tool.slug, source.action)?.tracked ? source.passage : null;
  const shownMode = folded ? conversationMode : mode;
  // What the answer panel needs from the mode: the passage to diff against, its empty-state hint.
  const panel = { trackedOriginal: tracked, emptyHint: shownMode === "draft" ? draftModeTexts.outputEmpty : toolTexts.outputEmpty };
  return { shownMode, setMode, setSource, onDetailsOpen, panel };
}

/** Generate and "Work on my draft" fold the form and bring the conversation on screen first. */
function useStartingTurns(turns: ReturnType<typeof useTurnActions>, onGenerateStart: () => void) {
  const { onGenerate: generate, onDraft: draft } = turns;
  // Transitions: the page folds and shows the turn as busy in slices React can interrupt, so
  // answering Generate never becomes one long main-thread task (issue 12); the request itself
  // is sent at once.
  const onGenerate = useCallback(
    (element: { value: string } | null, fields: Record<string, string>) =>
      startTransition(() => {
        if (element) onGenerateStart();
        void generate(element, fields);
      }),
    [generate, onGenerateStart],
  );
  const onDraft = useCallback(
    (action: string, passage: string) =>
      startTransition(() => {
        onGenerateStart();
        void draft(action, passage);
      }),
    [draft, onGenerateStart],
  );
  const onDraftSubmit = useCallback((action: DraftAction, passage: string) => onDraft(action.value, passage), [onDraft]);
  return { onGenerate, onDraft, onDraftSubmit };
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
  /** The draft a reopened draft conversation was made from (null: none). */
  initialDraft?: DraftSource | null;
  /** A trial writer's allowance when the page opened (null: unlimited). */
  trial: (Allowance & { periodOver: boolean }) | null;
  /** The writer's active project: Step 2 prefills from its bible, new conversations belong to it. */
  project?: ActiveProject | null;
};

export function ToolWorkspace(props: WorkspaceProps) {
  const { tool, promptReady, initialElement, initialFields = null, demoAi, continued = null, initialDraft = null, trial, project = null } = props;
  const show = useToast();
  const generation = useGeneration({ onToast: show, initial: continued, initialAllowance: trial });
  const { messages, conversationId, phase, allowance, failure, run, stop, reset, lastExchange, choose } = generation;
  const busy = phase !== "idle";
  const answerActions = useAnswerActions({ tool, conversationId, busy, lastExchange, run, choose });
  const { outputCard, folded, setDetailsOpen, onGenerateStart } = useFold(messages.length > 0 || busy);
  const modes = useModes(tool, initialDraft, { folded, setDetailsOpen });
  const turns = useTurnActions({ tool, projectId: project?.id, conversationId, run, reset, setSource: modes.setSource });
  const composer = useRef<FollowUpHandle>(null);
  const conversationsLeft = allowance?.queriesRemaining ?? null;
  const followUpsLeft = conversationId ? (allowance?.followUpsLeft ?? null) : null;
  useEscapeToStop(busy, stop);
  usePageReady({ promptReady, answerAskable: initialElement !== null || continued !== null });
  const { onFollowUp } = turns;
  const { onGenerate: generate, onDraft, onDraftSubmit } = useStartingTurns(turns, onGenerateStart);
  const { onGenerate, bibleTarget } = useBibleTargetOf(project, initialElement, generate);
  // Both forms share the turn in flight and the fold; each submit button waits for hydration itself (decision 015).
  const formState = {
    busy,
    submitDisabled: !promptReady || busy,
    folded,
    foldable: messages.length > 0 || busy,
    onDetailsOpen: modes.onDetailsOpen,
  };
  const retry = useRetry({ failure, onGenerate, onFollowUp, onDraft, composer, run });

  return (
    <BibleTargetContext.Provider value={bibleTarget}>
    <div
      className="tool-workspace"
      data-folded={folded || undefined}
      data-conversation={messages.length > 0 || busy || undefined}
      // The writer's first touch of the page starts loading the answer renderer.
      onPointerDownCapture={() => preloadMarkdown()}
      onFocusCapture={() => preloadMarkdown()}
    >
      <FormCard
        folded={folded}
        mode={modes.shownMode}
        onModeChange={modes.setMode}
        trialNote={trial && conversationsLeft !== null ? conversationNote({ conversationsLeft, periodOver: trial.periodOver }) : null}
      >
        <ElementForm
          {...formState}
          tool={tool}
          initialElement={initialElement}
          initialFields={initialFields}
          bible={project?.bible ?? null}
          hidden={modes.shownMode !== "generate"}
          onElementChange={reset}
          onGenerate={onGenerate}
        />
        <DraftForm {...formState} toolSlug={tool.slug} initial={initialDraft} hidden={modes.shownMode !== "draft"} onSubmit={onDraftSubmit} />
      </FormCard>
      <Card ref={outputCard} size={{ initial: "2", sm: "3" }} className="glass-card tool-card output-card">
        <Flex direction="column" gap="3">
          <OutputHeader
            demoAi={demoAi}
            busy={busy}
            expand={<ReadingView title={tool.title} messages={messages} />}
            onStop={stop}
          />
          <OutputPanel messages={messages} phase={phase} failure={failure} onRetry={retry} actions={answerActions} {...modes.panel} />
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
    </BibleTargetContext.Provider>
  );
}

/** Where "Save to bible" saves (the active project) and the element the answers were asked for. */
function useBibleTargetOf(
  project: ActiveProject | null,
  initialElement: string | null,
  generate: (element: { value: string } | null, fields: Record<string, string>) => void,
) {
  const [element, setElement] = useState(initialElement);
  const onGenerate = useCallback(
    (chosen: { value: string } | null, fields: Record<string, string>) => {
      if (chosen) setElement(chosen.value);
      generate(chosen, fields);
    },
    [generate],
  );
  const bibleTarget = useMemo(
    () => (project ? { projectId: project.id, projectTitle: project.title, element } : null),
    [project, element],
  );
  return { onGenerate, bibleTarget };
}

/**
 * What the page does once it runs: says when the tool could not be loaded, and — when an answer
 * can be asked for at once (an element chosen by a link, or a reopened conversation) — loads the
 * answer renderer with the page.
 */
function usePageReady({ promptReady, answerAskable }: { promptReady: boolean; answerAskable: boolean }) {
  const show = useToast();
  useEffect(() => {
    if (!promptReady) show({ ...generationToasts.errorLoadingTool, variant: "destructive" });
  }, [promptReady, show]);
  useEffect(() => {
    if (answerAskable) preloadMarkdown("now");
  }, [answerAskable]);
}

/** Retry runs the failed request again, as Generate or Send would. */
function useRetry({
  failure,
  onGenerate,
  onFollowUp,
  onDraft,
  composer,
  run,
}: {
  failure: Failure | null;
  onGenerate: (element: { value: string }, fields: Record<string, string>) => void;
  onFollowUp: (text: string) => Promise<boolean>;
  onDraft: (action: string, passage: string) => void;
  composer: React.RefObject<FollowUpHandle | null>;
  run: ReturnType<typeof useGeneration>["run"];
}) {
  return useCallback(() => {
    const request = failure?.request;
    // Another version, Continue and Edit: the same turn on the last exchange again.
    if (request?.kind === "version" || request?.kind === "continue" || request?.kind === "edit") void run(request);
    if (request?.kind === "initial") onGenerate({ value: request.element }, request.fields);
    if (request?.kind === "draft") onDraft(request.action, request.text);
    if (request?.kind === "follow-up") {
      void onFollowUp(request.text).then((kept) => {
        if (kept) composer.current?.clearIfUnchanged(request.text);
      });
    }
  }, [composer, failure, onDraft, onFollowUp, onGenerate, run]);
}
