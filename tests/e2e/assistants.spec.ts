/**
 * The six assistants, tried as a new writer would: open the tool from its dashboard card,
 * look at every element's fields, generate one element with some details, watch the answer
 * stream in, refine it with a follow-up sent by Enter, and start over with another element.
 * The answers come from the local stand-in model, which echoes the element and the details.
 */
import { tools } from "../../app/catalog/tools.ts";
import { TITLE_SUFFIX } from "../../app/messages/site.ts";
import { toolTexts, workspaceTexts } from "../../app/messages/tools.ts";
import { configureOpenAI } from "../mocks/openai-control.ts";
import { SPEC_OLD_ROUTES } from "../spec/tables.ts";
import { expect, open, signUp, test } from "./fixtures.ts";
import {
  chooseElement,
  elementOf,
  elementsOf,
  expectAnswerStreamed,
  expectDropdownUsable,
  expectFieldsOf,
  fieldLabel,
  fillField,
  generateAndWait,
  openToolFromDashboard,
  sendFollowUpWithEnter,
  toolBySlug,
  toolPage,
} from "./tool-page.ts";

type Flow = {
  slug: string;
  /** The element generated (after every element has been looked at). */
  element: string;
  /** Details filled in, by field name; values are trimmed by the app. Other fields stay empty. */
  details: Record<string, string>;
  followUp: string;
};

/** The next request that mentions each text streams at 40 ms a token (the shared pace stays). */
const streamSteadily = (mockUrl: string, texts: string[]) =>
  configureOpenAI(mockUrl, { faults: texts.map((match) => ({ kind: "slow" as const, tokenDelayMs: 40, match, times: 1 })) });

const flows: Flow[] = [
  {
    slug: "prose",
    element: "world",
    details: { genre: "  dark fantasy  ", setting: "a drowned city in 2300" },
    followUp: "Make the flooded markets feel colder",
  },
  {
    slug: "poetry",
    element: "rhyme_meter",
    details: { rhymeScheme: "ABAB", meter: "iambic pentameter", premise: "my grandmother's hands kneading bread" },
    followUp: "Loosen the meter in the last stanza",
  },
  {
    slug: "stage-screen",
    element: "dialogue",
    details: { genre: "kitchen-sink drama", dialogueStyle: "clipped and subtext-heavy" },
    followUp: "Give the sister the last word",
  },
  {
    slug: "nonfiction",
    element: "research",
    details: { topic: "the history of public libraries", researchQuestion: "When did lending libraries become free?" },
    followUp: "Which sources should I check first?",
  },
  {
    slug: "online-content",
    element: "ideas",
    details: { platform: "YouTube", tone: "calm and expert" },
    followUp: "Turn the best idea into a series of five",
  },
  {
    slug: "songwriting",
    element: "melody",
    details: { genre: "indie folk", mood: "bittersweet", melody: "soaring chorus" },
    followUp: "Make the hook shorter",
  },
];

for (const flow of flows) {
  const tool = toolBySlug(flow.slug);
  const target = elementOf(tool, flow.element);

  test(`${tool.title}: every element's fields, a streamed answer, a follow-up by Enter`, async ({ page, email, mockUrl }) => {
    await signUp(page, { email });
    await openToolFromDashboard(page, tool);
    const ui = toolPage(page);

    // The page: title, tagline, header links, the demo badge, nothing chosen yet.
    await expect(page).toHaveTitle(`${tool.title}${TITLE_SUFFIX}`);
    // The tagline is the catalog's own text (the spec has none).
    const { tagline } = tools.find((candidate) => candidate.slug === tool.slug)!;
    await expect(page.getByText(tagline, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: toolTexts.backToCategories })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: toolTexts.viewHistory })).toHaveAttribute(
      "href",
      `/${tool.historySection}/history`,
    );
    await expect(page.getByRole("heading", { name: `Step 1: ${toolTexts.stepOne}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Step 2: ${toolTexts.stepTwo}` })).toBeVisible();
    await expect(ui.elementSelect).toHaveText(toolTexts.stepOnePlaceholder);
    await expect(ui.generate).toHaveAttribute("aria-disabled", "true");
    await expect(ui.fieldLabels).toHaveCount(0);
    await expect(page.getByText(toolTexts.stepTwoEmpty)).toBeVisible();
    await expect(page.getByRole("heading", { name: toolTexts.output })).toBeVisible();
    await expect(ui.emptyHint).toBeVisible();
    await expect(ui.demoBadge).toBeVisible();
    await expect(ui.followUp).toBeDisabled();
    await expect(ui.send).toBeDisabled();
    await expect(ui.stop).toHaveCount(0);
    // At least the spec's 500 px (it grows with the window: tests/e2e/workspace.spec.ts).
    const panelHeight = await ui.output.evaluate((panel) => panel.getBoundingClientRect().height);
    expect(panelHeight).toBeGreaterThanOrEqual(500);

    // The dropdown lists the elements in the spec's order.
    await ui.elementSelect.click();
    await expect(page.getByRole("listbox").getByRole("option")).toHaveText(elementsOf(tool).map((element) => element.label));
    await expectDropdownUsable(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox")).toHaveCount(0);

    // Each element shows exactly its own fields, in order; choosing one makes Generate usable.
    for (const element of elementsOf(tool)) {
      await chooseElement(page, element.label);
      await expectFieldsOf(page, tool, element);
      await expect(ui.generate).toHaveAttribute("aria-disabled", "false");
    }

    await chooseElement(page, target.label);
    await expectFieldsOf(page, tool, target);
    for (const [field, value] of Object.entries(flow.details)) await fillField(page, tool, field, value);

    // Generate: busy while it streams, the answer grows, then the tool's success toast. This
    // test's answers stream at a steady pace of their own, so "seen growing" does not depend
    // on how busy the machine is.
    await streamSteadily(mockUrl, [Object.values(flow.details)[0]!.trim(), flow.followUp]);
    const answer = await generateAndWait(page, tool);
    await expectAnswerStreamed(page);
    await expect(answer.getByRole("heading", { level: 1 })).toHaveText(target.label);
    await expect(answer.getByRole("heading", { name: "Your details" })).toBeVisible();
    const bullets = answer.getByRole("listitem");
    for (const [field, value] of Object.entries(flow.details)) {
      await expect(bullets.filter({ hasText: `${fieldLabel(tool, field)}: ${value.trim()}` })).toHaveCount(1);
    }
    // Markdown, not raw text: the labels are bold.
    const [firstField] = Object.keys(flow.details);
    await expect(answer.locator("li strong").first()).toHaveText(`${fieldLabel(tool, firstField!)}:`);
    // Empty fields are left out of the request, so the answer does not list them.
    for (const field of target.fields.filter((name) => !(name in flow.details))) {
      await expect(bullets.filter({ hasText: new RegExp(`^${fieldLabel(tool, field)}:`) })).toHaveCount(0);
    }
    await expect(ui.followUp).toBeEnabled();

    // Shift+Enter is a newline, not a send.
    await ui.followUp.click();
    await page.keyboard.type("One more thing:");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("keep it short");
    await expect(ui.followUp).toHaveValue("One more thing:\nkeep it short");
    await expect(ui.answers).toHaveCount(1);

    // Enter sends: a second answer, a revision of the first.
    const revision = await sendFollowUpWithEnter(page, flow.followUp);
    await expectAnswerStreamed(page);
    await expect(revision.getByRole("heading").first()).toHaveText("Revision");
    await expect(revision.getByRole("blockquote")).toContainText(flow.followUp);
    await expect(ui.answers.first().getByRole("heading", { level: 1 })).toHaveText(target.label);

    // The answers are the turns on screen; the writer's follow-up is a quiet quoted line above
    // the answer it asked for (ARCHITECTURE section 10), and the request text is never shown.
    await expect(ui.answers).toHaveCount(2);
    await expect(ui.output).not.toContainText(`Generate ${target.label}.`);
    const turns = await ui.output
      .locator(":scope > *")
      .evaluateAll((nodes) =>
        nodes.map((node) =>
          [...node.children].map(
            (child) => ["writer-turn", "assistant-message", "answer-toolbar"].find((name) => child.classList.contains(name)) ?? child.tagName,
          ),
        ),
      );
    expect(turns).toEqual([
      ["assistant-message", "answer-toolbar"],
      ["writer-turn", "assistant-message", "answer-toolbar"],
    ]);
    await expect(ui.writerTurns).toHaveText([`${workspaceTexts.writerTurn}: ${flow.followUp}`]);

    // Choosing another element clears the conversation.
    const other = elementsOf(tool).find((element) => element.value !== target.value)!;
    await chooseElement(page, other.label);
    await expect(ui.answers).toHaveCount(0);
    await expect(ui.emptyHint).toBeVisible();
    await expect(ui.followUp).toBeDisabled();
    await expectFieldsOf(page, tool, other);
  });
}

test("an old per-feature route opens its tool with the element chosen", async ({ page, email }) => {
  // Every old route is visited in turn: about 45 s on an idle 2-core machine.
  test.slow();
  await signUp(page, { email });
  const prose = toolBySlug("prose");
  await page.goto("/world-building");
  await expect(page).toHaveURL("/prose?element=world");
  await expect(page.getByRole("heading", { level: 1, name: prose.title })).toBeVisible();
  const ui = toolPage(page);
  await expect(ui.elementSelect).toHaveText("World description");
  await expectFieldsOf(page, prose, elementOf(prose, "world"));
  await expect(ui.generate).toHaveAttribute("aria-disabled", "false");

  // It is a real choice: generating works straight away.
  await fillField(page, prose, "genre", "cozy mystery");
  await generateAndWait(page, prose);
  await expect(ui.answers.first().getByRole("heading", { level: 1 })).toHaveText("World description");

  // Every old route lands on its merged tool (its title too), and one with an element preselects
  // it (the one without an element chooses nothing).
  for (const old of SPEC_OLD_ROUTES) {
    await open(page, old.path);
    await expect(page, old.path).toHaveURL(old.to);
    await expect(page, old.path).toHaveTitle(`${old.tool.title}${TITLE_SUFFIX}`);
    const element = old.element ? elementOf(old.tool, old.element) : null;
    if (element) {
      await expect(ui.elementSelect, old.path).toHaveText(element.label);
      await expectFieldsOf(page, old.tool, element);
    } else {
      await expect(ui.elementSelect, old.path).toHaveText(toolTexts.stepOnePlaceholder);
      await expect(ui.fieldLabels).toHaveCount(0);
    }
  }
});
