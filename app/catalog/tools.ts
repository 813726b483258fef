/**
 * The one catalog of the six assistants. Routes, dashboard cards, page titles, history
 * sections and old-route redirects are all derived from this array; a seventh tool is one
 * more entry here plus its system prompt, `prompts/<systemPromptKey>.md`.
 */

/** A detail field as the form shows it. */
export type ToolField = { readonly label: string; readonly placeholder: string; readonly multiline: boolean };

/** Something a writer can ask for, with the fields it shows, in the order they show. */
export type ToolElementDefinition = { readonly value: string; readonly label: string; readonly fields: readonly string[] };

export type ToolDefinition = {
  /** Also the tool's route: see `toolPath`. */
  readonly slug: string;
  readonly cardLabel: string;
  readonly cardDescription: string;
  readonly title: string;
  readonly tagline: string;
  readonly historySection: string;
  readonly historyTitle: string;
  /** The `query_type` of the conversations this tool saves. */
  readonly queryType: string;
  readonly fields: Readonly<Record<string, ToolField>>;
  readonly elements: readonly ToolElementDefinition[];
  /** The section's long `query_type` vocabulary of the original design, with display labels. */
  readonly historyTypes: readonly { readonly type: string; readonly label: string }[];
  readonly successMessage: string;
  /** The follow-up box's example: what a writer of this kind typically asks next. */
  readonly followUpPlaceholder: string;
  readonly systemPromptKey: string;
  /** Old per-feature routes and the element each preselects (null: none). */
  readonly legacyRoutes: readonly { readonly path: string; readonly element: string | null }[];
};

export const tools = [
  {
    slug: "prose",
    cardLabel: "Fictional Prose",
    cardDescription: "Worlds, characters, style and story outlines for novels and short fiction.",
    title: "Fictional Prose Assistant",
    tagline: "Build worlds, cast characters and shape your story, one focused element at a time.",
    historySection: "prose",
    historyTitle: "Fictional Prose History",
    queryType: "prose",
    fields: {
      genre: { label: "Genre", placeholder: "e.g. dark fantasy, cozy mystery, literary fiction", multiline: false },
      setting: { label: "Setting", placeholder: "e.g. a drowned city in 2300, a 1920s Cornish village", multiline: false },
      character: { label: "Character", placeholder: "e.g. a disgraced cartographer who maps forbidden places", multiline: false },
      tone: { label: "Tone", placeholder: "e.g. wry, melancholic, tense, whimsical", multiline: false },
      length: { label: "Length", placeholder: "e.g. short story, novella, 90,000-word novel", multiline: false },
      storyIdea: { label: "Story Idea", placeholder: "What is the story about? A premise, a scene, a question…", multiline: true },
    },
    elements: [
      { value: "world", label: "World description", fields: ["genre", "setting", "storyIdea"] },
      { value: "characters", label: "Character list / dramatis personae", fields: ["genre", "setting", "character", "storyIdea"] },
      { value: "style", label: "Style guidance", fields: ["genre", "tone", "storyIdea"] },
      { value: "outline", label: "Story outline", fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
      { value: "all", label: "All of the above", fields: ["genre", "setting", "character", "tone", "length", "storyIdea"] },
    ],
    historyTypes: [
      { type: "fictional_prose_unified", label: "Unified Prompt" },
      { type: "world_building", label: "World Building" },
      { type: "character_development", label: "Character Development" },
      { type: "style_enhancement", label: "Style Enhancement" },
      { type: "story_outline", label: "Story Outline" },
    ],
    successMessage: "Your content has been generated.",
    followUpPlaceholder: "e.g. Make the antagonist more sympathetic, or tell the opening from her point of view",
    systemPromptKey: "fictional_prose_unified",
    legacyRoutes: [
      { path: "/world-building", element: "world" },
      { path: "/character-development", element: "characters" },
      { path: "/style-enhancement", element: "style" },
      { path: "/story-outline", element: "outline" },
    ],
  },
  {
    slug: "poetry",
    cardLabel: "Poetry",
    cardDescription: "Poems, imagery, rhyme and meter, style and tone.",
    title: "Poetry Assistant",
    tagline: "Find the form, the images and the music your poem is reaching for.",
    historySection: "poetry",
    historyTitle: "Poetry History",
    queryType: "poetry",
    fields: {
      premise: { label: "Premise", placeholder: "What is the poem about? A moment, an image, a memory…", multiline: true },
      theme: { label: "Theme", placeholder: "e.g. grief, first love, the sea as inheritance", multiline: false },
      tone: { label: "Tone", placeholder: "e.g. tender, defiant, elegiac", multiline: false },
      length: { label: "Length", placeholder: "e.g. 14 lines, three stanzas, under 200 words", multiline: false },
      rhymeScheme: { label: "Rhyme Scheme", placeholder: "e.g. ABAB, ABBA ABBA CDE CDE, free verse", multiline: false },
      poetryStyle: { label: "Poetry Style", placeholder: "e.g. sonnet, villanelle, ghazal, prose poem", multiline: false },
      meter: { label: "Meter", placeholder: "e.g. iambic pentameter, loose accentual, syllabic 5-7-5", multiline: false },
    },
    elements: [
      { value: "poem", label: "Poem", fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
      { value: "imagery", label: "Imagery suggestions", fields: ["premise", "theme", "tone"] },
      { value: "rhyme_meter", label: "Rhyme/Meter guidance", fields: ["rhymeScheme", "meter", "poetryStyle", "premise"] },
      { value: "style_tone", label: "Style/Tone suggestions", fields: ["tone", "poetryStyle", "premise"] },
      { value: "all", label: "All of the above", fields: ["premise", "theme", "tone", "length", "rhymeScheme", "poetryStyle", "meter"] },
    ],
    historyTypes: [
      { type: "poetry_unified", label: "Unified Prompt" },
      { type: "poetry_form_structure", label: "Form & Structure" },
      { type: "poetry_language_imagery", label: "Language & Imagery" },
      { type: "poetry_rhyme_rhythm", label: "Rhyme & Rhythm" },
      { type: "poetry_style_voice", label: "Style & Voice" },
    ],
    successMessage: "Your poetry has been generated.",
    followUpPlaceholder: "e.g. Loosen the meter in the last stanza, or end on a stronger image",
    systemPromptKey: "poetry_unified",
    legacyRoutes: [
      { path: "/poetry-form-structure", element: "poem" },
      { path: "/poetry-language-imagery", element: "imagery" },
      { path: "/poetry-rhyme-rhythm", element: "rhyme_meter" },
      { path: "/poetry-style-voice", element: "style_tone" },
      { path: "/poetry-revision-clarity", element: null },
    ],
  },
  {
    slug: "stage-screen",
    cardLabel: "Stage & Screen",
    cardDescription: "Scene structure, dialogue, character arcs and staging for scripts.",
    title: "Stage & Screen Assistant",
    tagline: "Pace your scenes, sharpen your dialogue and stage what the audience sees.",
    historySection: "stage",
    historyTitle: "Stage & Screen History",
    queryType: "stage",
    fields: {
      premise: { label: "Premise", placeholder: "What happens? The story or the scene in a few sentences", multiline: true },
      medium: { label: "Medium", placeholder: "e.g. feature film, TV pilot, stage play, short film", multiline: false },
      genre: { label: "Genre", placeholder: "e.g. thriller, kitchen-sink drama, romantic comedy", multiline: false },
      tone: { label: "Tone", placeholder: "e.g. taut, absurd, intimate", multiline: false },
      characters: { label: "Characters", placeholder: "Who is in it? Names and a line each", multiline: true },
      structure: { label: "Structure", placeholder: "e.g. three acts, cold open + four acts, one-act play", multiline: false },
      dialogueStyle: { label: "Dialogue Style", placeholder: "e.g. clipped and subtext-heavy, Sorkin-fast, naturalistic", multiline: false },
      visuals: { label: "Visuals", placeholder: "e.g. handheld and close, a bare stage with one chair", multiline: false },
    },
    elements: [
      { value: "structure", label: "Scene Structure & Pacing", fields: ["premise", "medium", "genre", "structure", "characters"] },
      { value: "dialogue", label: "Dialogue Crafting", fields: ["premise", "genre", "tone", "characters", "dialogueStyle"] },
      { value: "characters", label: "Character Arcs & Dynamics", fields: ["premise", "genre", "characters"] },
      { value: "visuals", label: "Visual & Staging Suggestions", fields: ["premise", "medium", "genre", "tone", "visuals"] },
      { value: "all", label: "All of the above", fields: ["premise", "medium", "genre", "tone", "characters", "structure", "dialogueStyle", "visuals"] },
    ],
    historyTypes: [
      { type: "stage_screen_unified", label: "Unified Prompt" },
      { type: "scene_structure_pacing", label: "Scene Structure & Pacing" },
      { type: "dialogue_crafting", label: "Dialogue Crafting" },
      { type: "character_arcs_dynamics", label: "Character Arcs & Dynamics" },
      { type: "visual_staging_suggestions", label: "Visual & Staging Suggestions" },
    ],
    successMessage: "Your script elements have been generated.",
    followUpPlaceholder: "e.g. Cut the scene by a third, or give the sister the last word",
    systemPromptKey: "stage_screen_unified",
    legacyRoutes: [
      { path: "/scene-structure-pacing", element: "structure" },
      { path: "/dialogue-crafting", element: "dialogue" },
      { path: "/character-arcs-dynamics", element: "characters" },
      { path: "/visual-staging-suggestions", element: "visuals" },
    ],
  },
  {
    slug: "nonfiction",
    cardLabel: "Nonfiction Writing",
    cardDescription: "Research summaries, structure, voice and clarity for nonfiction.",
    title: "Nonfiction Assistant",
    tagline: "Research, structure and voice for nonfiction that readers trust.",
    historySection: "nonfiction",
    historyTitle: "Nonfiction History",
    queryType: "nonfiction",
    fields: {
      topic: { label: "Topic", placeholder: "e.g. the history of public libraries", multiline: false },
      researchQuestion: { label: "Research Question", placeholder: "What do you need to know? e.g. When did lending libraries become free?", multiline: true },
      premise: { label: "Premise", placeholder: "Your argument or angle in a sentence or two", multiline: true },
      audience: { label: "Audience", placeholder: "e.g. curious general readers, nurses, first-time founders", multiline: false },
      toneStyle: { label: "Tone/Style", placeholder: "e.g. conversational and warm, authoritative, journalistic", multiline: false },
      lengthFormat: { label: "Length/Format", placeholder: "e.g. 1,500-word essay, 12-chapter book, newsletter", multiline: false },
      keyPoints: { label: "Key Points", placeholder: "The points you want to make, one per line", multiline: true },
    },
    elements: [
      { value: "research", label: "Fact-checked research summary", fields: ["topic", "researchQuestion"] },
      { value: "outline", label: "Outline/Structure", fields: ["topic", "premise", "audience", "keyPoints", "lengthFormat"] },
      { value: "voice_tone", label: "Voice & Tone guidance", fields: ["topic", "audience", "toneStyle"] },
      { value: "clarity", label: "Clarity & Conciseness", fields: ["topic", "premise", "audience"] },
      { value: "openings_conclusions", label: "Engaging Opening & Conclusion", fields: ["topic", "premise", "audience", "toneStyle"] },
      { value: "all", label: "All of the above", fields: ["topic", "researchQuestion", "premise", "audience", "toneStyle", "lengthFormat", "keyPoints"] },
    ],
    historyTypes: [
      { type: "nonfiction_unified", label: "Unified Prompt" },
      { type: "research_fact_checking", label: "Research & Fact-Checking" },
      { type: "organization_structure", label: "Organization & Structure" },
      { type: "voice_tone_development", label: "Voice & Tone" },
      { type: "clarity_conciseness", label: "Clarity & Conciseness" },
      { type: "engaging_openings_conclusions", label: "Engaging Openings & Conclusions" },
    ],
    successMessage: "Your nonfiction content has been generated.",
    followUpPlaceholder: "e.g. Add a counterargument, or make the opening more concrete",
    systemPromptKey: "nonfiction_unified",
    legacyRoutes: [
      { path: "/research-fact-checking", element: "research" },
      { path: "/organization-structure", element: "outline" },
      { path: "/voice-tone-development", element: "voice_tone" },
      { path: "/clarity-conciseness", element: "clarity" },
    ],
  },
  {
    slug: "online-content",
    cardLabel: "Online Content Creation",
    cardDescription: "Strategy, ideas, scripts, production and growth for creators.",
    title: "Content Creation Assistant",
    tagline: "Plan, script and grow content your audience comes back for.",
    historySection: "content",
    historyTitle: "Content Creation History",
    queryType: "content",
    fields: {
      audience: { label: "Audience", placeholder: "e.g. beginner home cooks aged 25–40", multiline: false },
      platform: { label: "Platform", placeholder: "e.g. YouTube, TikTok, Instagram, newsletter, podcast", multiline: false },
      theme: { label: "Theme", placeholder: "e.g. budget travel, indie game dev, plant care", multiline: false },
      format: { label: "Format", placeholder: "e.g. 60-second vertical video, 20-minute tutorial, carousel", multiline: false },
      tone: { label: "Tone", placeholder: "e.g. upbeat, calm and expert, funny", multiline: false },
      length: { label: "Length", placeholder: "e.g. 45 seconds, 10 minutes, 800 words", multiline: false },
      budget: { label: "Budget", placeholder: "e.g. phone only, under $500, small studio", multiline: false },
      schedule: { label: "Schedule", placeholder: "e.g. 3 shorts a week, one long video every Sunday", multiline: false },
      growthObjectives: { label: "Growth Objectives", placeholder: "e.g. 10k subscribers by June, more newsletter sign-ups", multiline: true },
    },
    elements: [
      { value: "strategy", label: "Audience/Platform Strategy", fields: ["audience", "platform", "theme", "growthObjectives"] },
      { value: "ideas", label: "Content Ideas", fields: ["audience", "platform", "theme", "format", "tone"] },
      { value: "script", label: "Script/Storyboard", fields: ["theme", "format", "tone", "length", "audience"] },
      { value: "production", label: "Filming & Production Tips", fields: ["format", "budget", "platform"] },
      { value: "growth", label: "Posting/Optimization & Growth", fields: ["platform", "audience", "schedule", "growthObjectives"] },
      { value: "all", label: "All of the above", fields: ["audience", "platform", "theme", "format", "tone", "length", "budget", "schedule", "growthObjectives"] },
    ],
    historyTypes: [
      { type: "content_creation_unified", label: "Unified Prompt" },
      { type: "audience_platform_strategy", label: "Audience & Platform Strategy" },
      { type: "content_idea_generation", label: "Content Idea Generation" },
      { type: "scripting_storyboarding", label: "Scripting & Storyboarding" },
      { type: "filming_production_tips", label: "Filming & Production Tips" },
      { type: "posting_optimization_growth", label: "Posting, Optimization & Growth" },
    ],
    successMessage: "Your content has been generated.",
    followUpPlaceholder: "e.g. Turn the best idea into a five-part series, or make the hook punchier",
    systemPromptKey: "content_creation_unified",
    legacyRoutes: [
      { path: "/audience-platform-strategy", element: "strategy" },
      { path: "/content-idea-generation", element: "ideas" },
      { path: "/scripting-storyboarding", element: "script" },
      { path: "/filming-production-tips", element: "production" },
      { path: "/posting-optimization-growth", element: "growth" },
    ],
  },
  {
    slug: "songwriting",
    cardLabel: "Songwriting",
    cardDescription: "Themes, lyrics, melody and hooks, structure and performance.",
    title: "Songwriting Assistant",
    tagline: "From the first idea to the last chorus: themes, lyrics, hooks and structure.",
    historySection: "songwriting",
    historyTitle: "Songwriting History",
    queryType: "songwriting",
    fields: {
      genre: { label: "Genre", placeholder: "e.g. indie folk, synth-pop, country, hip-hop", multiline: false },
      theme: { label: "Theme", placeholder: "e.g. leaving home, a love that outlasted the town", multiline: false },
      mood: { label: "Mood", placeholder: "e.g. bittersweet, euphoric, brooding", multiline: false },
      length: { label: "Length", placeholder: "e.g. radio edit ~3 minutes, two verses and a bridge", multiline: false },
      structure: { label: "Structure", placeholder: "e.g. verse–chorus–verse–chorus–bridge–chorus", multiline: false },
      melody: { label: "Melody", placeholder: "e.g. soaring chorus, conversational verses, minor key", multiline: false },
      performanceContext: { label: "Performance Context", placeholder: "e.g. solo acoustic at open mics, full band, studio release", multiline: false },
    },
    elements: [
      { value: "theme", label: "Theme/Concept", fields: ["genre", "theme", "mood"] },
      { value: "lyrics", label: "Lyrics & Wordcraft", fields: ["genre", "theme", "mood", "structure", "length"] },
      { value: "melody", label: "Melody & Hook", fields: ["genre", "theme", "mood", "melody"] },
      { value: "structure", label: "Structure/Arrangement", fields: ["genre", "theme", "structure", "length"] },
      { value: "style", label: "Style/Genre & Performance tips", fields: ["genre", "mood", "performanceContext"] },
      { value: "all", label: "All of the above", fields: ["genre", "theme", "mood", "length", "structure", "melody", "performanceContext"] },
    ],
    historyTypes: [
      { type: "songwriting_unified", label: "Unified Prompt" },
      { type: "theme_concept_development", label: "Theme & Concept Development" },
      { type: "lyrics_wordcraft", label: "Lyrics & Wordcraft" },
      { type: "melody_hook_creation", label: "Melody & Hook Creation" },
      { type: "song_structure_arrangement", label: "Song Structure & Arrangement" },
      { type: "style_genre_performance_tips", label: "Style, Genre & Performance Tips" },
    ],
    successMessage: "Your song elements have been generated.",
    followUpPlaceholder: "e.g. Make the chorus hook shorter, or rhyme the second verse more loosely",
    systemPromptKey: "songwriting_unified",
    legacyRoutes: [
      { path: "/theme-concept-development", element: "theme" },
      { path: "/lyrics-wordcraft", element: "lyrics" },
      { path: "/melody-hook-creation", element: "melody" },
      { path: "/song-structure-arrangement", element: "structure" },
      { path: "/style-genre-performance-tips", element: "style" },
    ],
  },
] as const satisfies readonly ToolDefinition[];

export type Tool = (typeof tools)[number];
export type ToolSlug = Tool["slug"];

/**
 * Names an entry uses but does not declare: an element's field missing from `fields`, an old
 * route's element missing from `elements`. A typo there fails the build, not a writer's page.
 */
type DanglingNames<T> = T extends ToolDefinition
  ?
      | Exclude<T["elements"][number]["fields"][number], keyof T["fields"]>
      | Exclude<NonNullable<T["legacyRoutes"][number]["element"]>, T["elements"][number]["value"]>
  : never;
type MustBeNever<T extends never> = T;
type _NoDanglingNames = MustBeNever<DanglingNames<Tool>>;

/** A tool's page lives at its slug. */
export function toolPath(tool: Tool): `/${ToolSlug}` {
  return `/${tool.slug}`;
}

export function findToolByPath(pathname: string): Tool | undefined {
  return tools.find((tool) => toolPath(tool) === pathname);
}

/** Old per-feature routes and where they now live, with the element to preselect. */
export const legacyRedirects = tools.flatMap((tool) =>
  tool.legacyRoutes.map((legacy) => ({
    from: legacy.path,
    to: legacy.element ? `${toolPath(tool)}?element=${legacy.element}` : toolPath(tool),
  })),
);

export function historyPath(tool: Tool): string {
  return `/${tool.historySection}/history`;
}
