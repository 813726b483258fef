/**
 * The one catalog of the six assistants. Routes, dashboard cards, page titles, history
 * sections and old-route redirects are all derived from this array; a seventh tool is one
 * more entry here (plus its system prompt).
 */
export const tools = [
  {
    slug: "prose",
    path: "/prose",
    cardLabel: "Fictional Prose",
    cardDescription: "Worlds, characters, style and story outlines for novels and short fiction.",
    title: "Fictional Prose Assistant",
    tagline: "Build worlds, cast characters and shape your story, one focused element at a time.",
    historySection: "prose",
    queryType: "prose",
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
    path: "/poetry",
    cardLabel: "Poetry",
    cardDescription: "Poems, imagery, rhyme and meter, style and tone.",
    title: "Poetry Assistant",
    tagline: "Find the form, the images and the music your poem is reaching for.",
    historySection: "poetry",
    queryType: "poetry",
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
    path: "/stage-screen",
    cardLabel: "Stage & Screen",
    cardDescription: "Scene structure, dialogue, character arcs and staging for scripts.",
    title: "Stage & Screen Assistant",
    tagline: "Pace your scenes, sharpen your dialogue and stage what the audience sees.",
    historySection: "stage",
    queryType: "stage",
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
    path: "/nonfiction",
    cardLabel: "Nonfiction Writing",
    cardDescription: "Research summaries, structure, voice and clarity for nonfiction.",
    title: "Nonfiction Assistant",
    tagline: "Research, structure and voice for nonfiction that readers trust.",
    historySection: "nonfiction",
    queryType: "nonfiction",
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
    path: "/online-content",
    cardLabel: "Online Content Creation",
    cardDescription: "Strategy, ideas, scripts, production and growth for creators.",
    title: "Content Creation Assistant",
    tagline: "Plan, script and grow content your audience comes back for.",
    historySection: "content",
    queryType: "content",
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
    path: "/songwriting",
    cardLabel: "Songwriting",
    cardDescription: "Themes, lyrics, melody and hooks, structure and performance.",
    title: "Songwriting Assistant",
    tagline: "From the first idea to the last chorus: themes, lyrics, hooks and structure.",
    historySection: "songwriting",
    queryType: "songwriting",
    systemPromptKey: "songwriting_unified",
    legacyRoutes: [
      { path: "/theme-concept-development", element: "theme" },
      { path: "/lyrics-wordcraft", element: "lyrics" },
      { path: "/melody-hook-creation", element: "melody" },
      { path: "/song-structure-arrangement", element: "structure" },
      { path: "/style-genre-performance-tips", element: "style" },
    ],
  },
] as const;

export type Tool = (typeof tools)[number];
export type ToolSlug = Tool["slug"];

export function findToolByPath(pathname: string): Tool | undefined {
  return tools.find((tool) => tool.path === pathname);
}

/** Old per-feature routes and where they now live, with the element to preselect. */
export const legacyRedirects = tools.flatMap((tool) =>
  tool.legacyRoutes.map((legacy) => ({
    from: legacy.path,
    to: legacy.element ? `${tool.path}?element=${legacy.element}` : tool.path,
  })),
);

export function historyPath(tool: Tool): string {
  return `/${tool.historySection}/history`;
}
