/**
 * The product spec's tables (`product-spec.md`), typed out by hand from its text: the six tools
 * with their routes, titles, dashboard cards, elements, fields and success toasts, the old
 * routes, and the history sections with their query types and labels.
 *
 * Tests check the app's catalog and screens against these values, never the catalog against
 * itself: so nothing here is imported from `app/`. Nor from Node or the browser, because unit
 * (Node), worker (workerd) and end-to-end (Playwright) tests all read this file.
 *
 * Where the spec leaves a value open, the value here is the product's choice, marked "ours" so a
 * change to it is deliberate: the field labels, the labels of elements the spec does not name,
 * and the element an old route preselects.
 */

export type SpecElement = {
  readonly value: string;
  readonly label: string;
  /** The fields it shows, in the spec's order (the request text lists them in this order). */
  readonly fields: readonly string[];
};

export type SpecOldRoute = {
  readonly path: string;
  /** The element the merged tool preselects (ours); null: none. */
  readonly element: string | null;
};

export type SpecTool = {
  /** The tool's name in the generate request: its route without the slash. */
  readonly slug: string;
  /** Section 2, route table. */
  readonly path: string;
  /** Section 2, dashboard cards. */
  readonly cardLabel: string;
  /** Section 2, tool screens: the page title, before ' | The Write Stuff'. */
  readonly title: string;
  /** Section 2, the history link of the tool page: `/{historySection}/history`. */
  readonly historySection: string;
  /** Section 3, 'History records saved by tools'. */
  readonly queryType: string;
  /** Section 7, system_prompts keys. */
  readonly systemPromptKey: string;
  /** Section 3, 'Form state per tool', in its order, with each field's label (ours). */
  readonly fieldLabels: Readonly<Record<string, string>>;
  /** Section 5, 'Elements per tool and the fields each shows', in its order. */
  readonly elements: readonly SpecElement[];
  /** Section 8, success toasts after generation. */
  readonly successMessage: string;
  /** Section 2, 'Old routes that redirect to the merged tools'. */
  readonly oldRoutes: readonly SpecOldRoute[];
};

export type SpecHistorySection = {
  readonly section: string;
  /** Section 2, history screen: page title and where Back goes. */
  readonly title: string;
  readonly back: string;
  /** Section 3, 'History records saved by tools': what the section's tool saves. */
  readonly toolKey: string;
  /** Section 3, 'Query types per history section' in order, with 'Subcategory display labels'. */
  readonly types: readonly { readonly type: string; readonly label: string }[];
};

/** The label of every `*_unified` type (section 3). */
export const SPEC_UNIFIED_LABEL = "Unified Prompt";
/** A section no tool owns (section 2): its title and where Back goes. */
export const SPEC_HISTORY_FALLBACK = { title: "History", back: "/dashboard" } as const;
/** Section 8: the title of every success toast, and the follow-up's. */
export const SPEC_SUCCESS_TITLE = "Success!";
export const SPEC_FOLLOW_UP_SUCCESS = "Follow-up response generated.";

const ALL = "All of the above";

const PROSE: SpecTool = {
  slug: "prose",
  path: "/prose",
  cardLabel: "Fictional Prose",
  title: "Fictional Prose Assistant",
  historySection: "prose",
  queryType: "prose",
  systemPromptKey: "fictional_prose_unified",
  fieldLabels: { genre: "Genre", setting: "Setting", character: "Character", tone: "Tone", length: "Length", storyIdea: "Story Idea" },
  elements: [
    { value: "world", label: "World description", fields: ["genre", "setting", "storyIdea"] },
    { value: "characters", label: "Character list / dramatis personae", fields: ["genre", "setting", "character", "storyIdea"] },
    { value: "style", label: "Style guidance", fields: ["genre", "tone", "storyIdea"] },
    { value: "outline", label: "Story outline", fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
    { value: "all", label: ALL, fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
  ],
  successMessage: "Your content has been generated.",
  oldRoutes: [
    { path: "/world-building", element: "world" },
    { path: "/character-development", element: "characters" },
    { path: "/style-enhancement", element: "style" },
    { path: "/story-outline", element: "outline" },
  ],
};

const POETRY: SpecTool = {
  slug: "poetry",
  path: "/poetry",
  cardLabel: "Poetry",
  title: "Poetry Assistant",
  historySection: "poetry",
  queryType: "poetry",
  systemPromptKey: "poetry_unified",
  fieldLabels: {
    premise: "Premise",
    theme: "Theme",
    tone: "Tone",
    length: "Length",
    rhymeScheme: "Rhyme Scheme",
    poetryStyle: "Poetry Style",
    meter: "Meter",
  },
  elements: [
    // The spec names neither 'poem' nor 'all' here: the labels are ours.
    { value: "poem", label: "Poem", fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
    { value: "imagery", label: "Imagery suggestions", fields: ["premise", "theme", "tone"] },
    { value: "rhyme_meter", label: "Rhyme/Meter guidance", fields: ["rhymeScheme", "meter", "poetryStyle", "premise"] },
    { value: "style_tone", label: "Style/Tone suggestions", fields: ["tone", "poetryStyle", "premise"] },
    { value: "all", label: ALL, fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
  ],
  successMessage: "Your poetry has been generated.",
  oldRoutes: [
    { path: "/poetry-form-structure", element: "poem" },
    { path: "/poetry-language-imagery", element: "imagery" },
    { path: "/poetry-rhyme-rhythm", element: "rhyme_meter" },
    { path: "/poetry-style-voice", element: "style_tone" },
    { path: "/poetry-revision-clarity", element: null },
  ],
};

const STAGE_SCREEN: SpecTool = {
  slug: "stage-screen",
  path: "/stage-screen",
  cardLabel: "Stage & Screen",
  title: "Stage & Screen Assistant",
  historySection: "stage",
  queryType: "stage",
  systemPromptKey: "stage_screen_unified",
  fieldLabels: {
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
      label: ALL,
      fields: ["premise", "medium", "genre", "tone", "characters", "structure", "dialogueStyle", "visuals"],
    },
  ],
  successMessage: "Your script elements have been generated.",
  oldRoutes: [
    { path: "/scene-structure-pacing", element: "structure" },
    { path: "/dialogue-crafting", element: "dialogue" },
    { path: "/character-arcs-dynamics", element: "characters" },
    { path: "/visual-staging-suggestions", element: "visuals" },
  ],
};

const NONFICTION: SpecTool = {
  slug: "nonfiction",
  path: "/nonfiction",
  cardLabel: "Nonfiction Writing",
  title: "Nonfiction Assistant",
  historySection: "nonfiction",
  queryType: "nonfiction",
  systemPromptKey: "nonfiction_unified",
  fieldLabels: {
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
      label: ALL,
      fields: ["topic", "researchQuestion", "premise", "audience", "toneStyle", "lengthFormat", "keyPoints"],
    },
  ],
  successMessage: "Your nonfiction content has been generated.",
  oldRoutes: [
    { path: "/research-fact-checking", element: "research" },
    { path: "/organization-structure", element: "outline" },
    { path: "/voice-tone-development", element: "voice_tone" },
    { path: "/clarity-conciseness", element: "clarity" },
  ],
};

const ONLINE_CONTENT: SpecTool = {
  slug: "online-content",
  path: "/online-content",
  cardLabel: "Online Content Creation",
  title: "Content Creation Assistant",
  historySection: "content",
  queryType: "content",
  systemPromptKey: "content_creation_unified",
  fieldLabels: {
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
      label: ALL,
      fields: ["audience", "platform", "theme", "format", "tone", "length", "budget", "schedule", "growthObjectives"],
    },
  ],
  successMessage: "Your content has been generated.",
  oldRoutes: [
    { path: "/audience-platform-strategy", element: "strategy" },
    { path: "/content-idea-generation", element: "ideas" },
    { path: "/scripting-storyboarding", element: "script" },
    { path: "/filming-production-tips", element: "production" },
    { path: "/posting-optimization-growth", element: "growth" },
  ],
};

const SONGWRITING: SpecTool = {
  slug: "songwriting",
  path: "/songwriting",
  cardLabel: "Songwriting",
  title: "Songwriting Assistant",
  historySection: "songwriting",
  queryType: "songwriting",
  systemPromptKey: "songwriting_unified",
  fieldLabels: {
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
    { value: "all", label: ALL, fields: ["genre", "theme", "mood", "length", "structure", "melody", "performanceContext"] },
  ],
  successMessage: "Your song elements have been generated.",
  oldRoutes: [
    { path: "/theme-concept-development", element: "theme" },
    { path: "/lyrics-wordcraft", element: "lyrics" },
    { path: "/melody-hook-creation", element: "melody" },
    { path: "/song-structure-arrangement", element: "structure" },
    { path: "/style-genre-performance-tips", element: "style" },
  ],
};

/** The six tools, in the order of the dashboard's cards (section 2). */
export const SPEC_TOOLS: readonly SpecTool[] = [PROSE, POETRY, STAGE_SCREEN, NONFICTION, ONLINE_CONTENT, SONGWRITING];

export function specTool(slug: string): SpecTool {
  const tool = SPEC_TOOLS.find((candidate) => candidate.slug === slug);
  if (!tool) throw new Error(`the spec has no tool ${slug}`);
  return tool;
}

export function specElement(tool: SpecTool, value: string): SpecElement {
  const element = tool.elements.find((candidate) => candidate.value === value);
  if (!element) throw new Error(`the spec's ${tool.slug} tool has no element ${value}`);
  return element;
}

/** Every old per-feature route, the tool it now lives in and where it leads (the element as `?element=`: ours). */
export const SPEC_OLD_ROUTES: readonly (SpecOldRoute & { tool: SpecTool; to: string })[] = SPEC_TOOLS.flatMap((tool) =>
  tool.oldRoutes.map((route) => ({ ...route, tool, to: route.element ? `${tool.path}?element=${route.element}` : tool.path })),
);

const unified = (type: string) => ({ type, label: SPEC_UNIFIED_LABEL });

/** The six history sections, in the order of section 3 (which is also the labels' order). */
export const SPEC_HISTORY_SECTIONS: readonly SpecHistorySection[] = [
  {
    section: "prose",
    title: "Fictional Prose History",
    back: "/prose",
    toolKey: "prose",
    types: [
      unified("fictional_prose_unified"),
      { type: "world_building", label: "World Building" },
      { type: "character_development", label: "Character Development" },
      { type: "style_enhancement", label: "Style Enhancement" },
      { type: "story_outline", label: "Story Outline" },
    ],
  },
  {
    section: "poetry",
    title: "Poetry History",
    back: "/poetry",
    toolKey: "poetry",
    types: [
      unified("poetry_unified"),
      { type: "poetry_form_structure", label: "Form & Structure" },
      { type: "poetry_language_imagery", label: "Language & Imagery" },
      { type: "poetry_rhyme_rhythm", label: "Rhyme & Rhythm" },
      { type: "poetry_style_voice", label: "Style & Voice" },
    ],
  },
  {
    section: "nonfiction",
    title: "Nonfiction History",
    back: "/nonfiction",
    toolKey: "nonfiction",
    types: [
      unified("nonfiction_unified"),
      { type: "research_fact_checking", label: "Research & Fact-Checking" },
      { type: "organization_structure", label: "Organization & Structure" },
      { type: "voice_tone_development", label: "Voice & Tone" },
      { type: "clarity_conciseness", label: "Clarity & Conciseness" },
      { type: "engaging_openings_conclusions", label: "Engaging Openings & Conclusions" },
    ],
  },
  {
    section: "content",
    title: "Content Creation History",
    back: "/online-content",
    toolKey: "content",
    types: [
      unified("content_creation_unified"),
      { type: "audience_platform_strategy", label: "Audience & Platform Strategy" },
      { type: "content_idea_generation", label: "Content Idea Generation" },
      { type: "scripting_storyboarding", label: "Scripting & Storyboarding" },
      { type: "filming_production_tips", label: "Filming & Production Tips" },
      { type: "posting_optimization_growth", label: "Posting, Optimization & Growth" },
    ],
  },
  {
    section: "songwriting",
    title: "Songwriting History",
    back: "/songwriting",
    toolKey: "songwriting",
    types: [
      unified("songwriting_unified"),
      { type: "theme_concept_development", label: "Theme & Concept Development" },
      { type: "lyrics_wordcraft", label: "Lyrics & Wordcraft" },
      { type: "melody_hook_creation", label: "Melody & Hook Creation" },
      { type: "song_structure_arrangement", label: "Song Structure & Arrangement" },
      { type: "style_genre_performance_tips", label: "Style, Genre & Performance Tips" },
    ],
  },
  {
    section: "stage",
    title: "Stage & Screen History",
    back: "/stage-screen",
    toolKey: "stage",
    types: [
      unified("stage_screen_unified"),
      { type: "scene_structure_pacing", label: "Scene Structure & Pacing" },
      { type: "dialogue_crafting", label: "Dialogue Crafting" },
      { type: "character_arcs_dynamics", label: "Character Arcs & Dynamics" },
      { type: "visual_staging_suggestions", label: "Visual & Staging Suggestions" },
    ],
  },
];
