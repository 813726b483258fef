/**
 * The request text the model receives for every element of every tool (spec sections 4 and 5):
 * 'Generate {element label}.' then, when any of the element's fields is non-empty after
 * trimming, a blank line and one 'Label: value' line per filled field in the element's field
 * order. Read back from the stand-in model (`lastRequest`), matched by a marker in a field value.
 */
import { describe, expect, it } from "vitest";
import {
  conversationRow,
  eventually,
  generateOk,
  makeSubscriber,
  messagesOf,
  modelRequest,
  signUp,
  systemPromptText,
  uniqueMarker,
  type Browser,
} from "./support";

type Element = { value: string; label: string; fields: string[] };
type ToolSpec = { slug: string; queryType: string; promptKey: string; labels: Record<string, string>; elements: Element[] };

/** Written out here (not read from the catalog) so the test states what the spec requires. */
const TOOLS: ToolSpec[] = [
  {
    slug: "prose",
    queryType: "prose",
    promptKey: "fictional_prose_unified",
    labels: { genre: "Genre", setting: "Setting", character: "Character", tone: "Tone", length: "Length", storyIdea: "Story Idea" },
    elements: [
      { value: "world", label: "World description", fields: ["genre", "setting", "storyIdea"] },
      { value: "characters", label: "Character list / dramatis personae", fields: ["genre", "setting", "character", "storyIdea"] },
      { value: "style", label: "Style guidance", fields: ["genre", "tone", "storyIdea"] },
      { value: "outline", label: "Story outline", fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
      { value: "all", label: "All of the above", fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
    ],
  },
  {
    slug: "poetry",
    queryType: "poetry",
    promptKey: "poetry_unified",
    labels: {
      premise: "Premise",
      theme: "Theme",
      tone: "Tone",
      length: "Length",
      rhymeScheme: "Rhyme Scheme",
      poetryStyle: "Poetry Style",
      meter: "Meter",
    },
    elements: [
      { value: "poem", label: "Poem", fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
      { value: "imagery", label: "Imagery suggestions", fields: ["premise", "theme", "tone"] },
      { value: "rhyme_meter", label: "Rhyme/Meter guidance", fields: ["rhymeScheme", "meter", "poetryStyle", "premise"] },
      { value: "style_tone", label: "Style/Tone suggestions", fields: ["tone", "poetryStyle", "premise"] },
      { value: "all", label: "All of the above", fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
    ],
  },
  {
    slug: "nonfiction",
    queryType: "nonfiction",
    promptKey: "nonfiction_unified",
    labels: {
      topic: "Topic",
      researchQuestion: "Research Question",
      premise: "Premise",
      audience: "Audience",
      toneStyle: "Tone/Style",
      lengthFormat: "Length/Format",
      keyPoints: "Key Points",
    },
    elements: [
      { value: "research", label: "Fact-checked research summary", fields: ["topic", "researchQuestion"] },
      { value: "outline", label: "Outline/Structure", fields: ["topic", "premise", "audience", "keyPoints", "lengthFormat"] },
      { value: "voice_tone", label: "Voice & Tone guidance", fields: ["topic", "audience", "toneStyle"] },
      { value: "clarity", label: "Clarity & Conciseness", fields: ["topic", "premise", "audience"] },
      { value: "openings_conclusions", label: "Engaging Opening & Conclusion", fields: ["topic", "premise", "audience", "toneStyle"] },
      {
        value: "all",
        label: "All of the above",
        fields: ["topic", "researchQuestion", "premise", "audience", "toneStyle", "lengthFormat", "keyPoints"],
      },
    ],
  },
  {
    slug: "online-content",
    queryType: "content",
    promptKey: "content_creation_unified",
    labels: {
      audience: "Audience",
      platform: "Platform",
      theme: "Theme",
      format: "Format",
      tone: "Tone",
      length: "Length",
      budget: "Budget",
      schedule: "Schedule",
      growthObjectives: "Growth Objectives",
    },
    elements: [
      { value: "strategy", label: "Audience/Platform Strategy", fields: ["audience", "platform", "theme", "growthObjectives"] },
      { value: "ideas", label: "Content Ideas", fields: ["audience", "platform", "theme", "format", "tone"] },
      { value: "script", label: "Script/Storyboard", fields: ["theme", "format", "tone", "length", "audience"] },
      { value: "production", label: "Filming & Production Tips", fields: ["format", "budget", "platform"] },
      { value: "growth", label: "Posting/Optimization & Growth", fields: ["platform", "audience", "schedule", "growthObjectives"] },
      {
        value: "all",
        label: "All of the above",
        fields: ["audience", "platform", "theme", "format", "tone", "length", "budget", "schedule", "growthObjectives"],
      },
    ],
  },
  {
    slug: "songwriting",
    queryType: "songwriting",
    promptKey: "songwriting_unified",
    labels: {
      genre: "Genre",
      theme: "Theme",
      mood: "Mood",
      length: "Length",
      structure: "Structure",
      melody: "Melody",
      performanceContext: "Performance Context",
    },
    elements: [
      { value: "theme", label: "Theme/Concept", fields: ["genre", "theme", "mood"] },
      { value: "lyrics", label: "Lyrics & Wordcraft", fields: ["genre", "theme", "mood", "structure", "length"] },
      { value: "melody", label: "Melody & Hook", fields: ["genre", "theme", "mood", "melody"] },
      { value: "structure", label: "Structure/Arrangement", fields: ["genre", "theme", "structure", "length"] },
      { value: "style", label: "Style/Genre & Performance tips", fields: ["genre", "mood", "performanceContext"] },
      {
        value: "all",
        label: "All of the above",
        fields: ["genre", "theme", "mood", "length", "structure", "melody", "performanceContext"],
      },
    ],
  },
  {
    slug: "stage-screen",
    queryType: "stage",
    promptKey: "stage_screen_unified",
    labels: {
      premise: "Premise",
      medium: "Medium",
      genre: "Genre",
      tone: "Tone",
      characters: "Characters",
      structure: "Structure",
      dialogueStyle: "Dialogue Style",
      visuals: "Visuals",
    },
    elements: [
      { value: "structure", label: "Scene Structure & Pacing", fields: ["premise", "medium", "genre", "structure", "characters"] },
      { value: "dialogue", label: "Dialogue Crafting", fields: ["premise", "genre", "tone", "characters", "dialogueStyle"] },
      { value: "characters", label: "Character Arcs & Dynamics", fields: ["premise", "genre", "characters"] },
      { value: "visuals", label: "Visual & Staging Suggestions", fields: ["premise", "medium", "genre", "tone", "visuals"] },
      {
        value: "all",
        label: "All of the above",
        fields: ["premise", "medium", "genre", "tone", "characters", "structure", "dialogueStyle", "visuals"],
      },
    ],
  },
];

/**
 * Generates once and checks everything the model received: model and sampling settings, the
 * tool's system prompt first, then exactly the expected request text. Returns the saved row.
 */
async function expectRequestText(
  browser: Browser,
  tool: ToolSpec,
  element: Element,
  fields: Record<string, string>,
  expected: string,
  marker: string | null,
) {
  const generation = await generateOk(browser, { kind: "initial", tool: tool.slug, element: element.value, fields });
  // The exchange is saved with the same request text, under the start event's conversation id.
  const row = await eventually(() => conversationRow(generation.conversationId));
  expect(row).toMatchObject({ query_type: tool.queryType, element: element.value, query_text: expected });
  if (marker === null) return;

  const sent = await modelRequest(marker);
  expect(sent).toMatchObject({ model: "test-model", temperature: 0.7, max_tokens: 2000, stream: true });
  expect(messagesOf(sent)).toEqual([
    { role: "system", text: await systemPromptText(tool.promptKey) },
    { role: "user", text: expected },
  ]);
}

describe.concurrent.each(TOOLS)("request text for $slug", (tool) => {
  // One subscriber per tool (never charged; the per-account generation limit is 30 a minute).
  let browserPromise: Promise<Browser> | undefined;
  const subscriber = () =>
    (browserPromise ??= signUp().then(async ({ browser, userId }) => {
      await makeSubscriber(userId);
      return browser;
    }));

  it.each(tool.elements)("$value ($label): every field filled, trimmed, in the element's order", async (element) => {
    const browser = await subscriber();
    const marker = uniqueMarker();
    // Sent in reverse order, padded with whitespace, with a non-ASCII character and an inner newline.
    const values = element.fields.map((field, index) => [field, `  \t${marker} ${field} “café” ${index}\nline two \n `]);
    const fields = Object.fromEntries([...values].reverse());
    const lines = values.map(([field, value]) => `${tool.labels[field!]}: ${value!.trim()}`);
    const expected = `Generate ${element.label}.\n\n${lines.join("\n")}`;
    await expectRequestText(browser, tool, element, fields, expected, marker);
  });

  it.each(tool.elements)("$value: empty and whitespace-only fields are left out", async (element) => {
    const browser = await subscriber();
    const marker = uniqueMarker();
    const fields: Record<string, string> = {};
    const lines: string[] = [];
    element.fields.forEach((field, index) => {
      if (index % 2 === 0) {
        fields[field] = ` ${marker}-${field} `;
        lines.push(`${tool.labels[field]}: ${marker}-${field}`);
      } else {
        fields[field] = index % 4 === 1 ? "" : " \n\t ";
      }
    });
    const expected = `Generate ${element.label}.\n\n${lines.join("\n")}`;
    await expectRequestText(browser, tool, element, fields, expected, marker);
  });

  it.each(tool.elements)("$value: no details at all is just the 'Generate' line", async (element) => {
    const browser = await subscriber();
    // Nothing unique reaches the model here, so the saved request text stands in for it.
    const blanks = Object.fromEntries(element.fields.map((field) => [field, "   "]));
    await expectRequestText(browser, tool, element, blanks, `Generate ${element.label}.`, null);
  });
});
