/** The owner's console: model settings, trial guard and prompts (issue 14). */
import { formatCount } from "./en-format.ts";

export const modelSettingsTexts = {
  invalid: "The model settings could not be read.",
  modelName: "The model name must be 1 to 100 characters: letters, digits, dots, dashes, underscores, colons or slashes.",
  temperature: "Temperature must be a number from 0 to 2.",
  maxOutputTokens: "Max output tokens must be a whole number from 1 to 16,000.",
  contextBudgetTokens: "The context budget must be a whole number from 1,000 to 128,000 tokens.",
  unknownTool: (key: string) => `There is no tool called “${key}”.`,
  unknownField: (key: string) => `“${key}” is not a model setting.`,
  saved: "Model settings saved. The next generation uses them.",
} as const;

export const promptTexts = {
  invalid: "The request could not be read. Send a JSON object with an action.",
  unknownTool: "There is no such tool.",
  empty: "The prompt is empty. Write the instructions the model should follow.",
  tooLong: (max: number) => `The prompt is too long: at most ${formatCount(max)} characters.`,
  unknownVersion: "There is no such version of this prompt.",
  unknownAction: "Unknown action: publish, revert, default or try.",
} as const;

/** "Try it": a draft run once against the model, charged to no one and saved nowhere. */
export const promptTryTexts = {
  unknownElement: (value: string, known: string) => `“${value}” is not an element of this tool. Choose one of: ${known}.`,
  fieldsInvalid: "The sample details must be a JSON object of texts, one per field.",
  unknownField: (field: string, element: string) => `“${field}” is not a detail of ${element}.`,
  fieldTooLong: (label: string, max: number) => `${label} is too long: at most ${formatCount(max)} characters.`,
  notConfigured: "Try it needs the model, and OPENAI_API_KEY is not set on this server.",
  failed: "The model did not answer. Try again in a moment, or check the model settings.",
  /** The console's Try it section. */
  heading: "Try it",
  intro:
    "Runs the draft above, published or not, once with the sample details below against the configured model. It charges no one, saves nothing to anyone's history and publishes nothing.",
  elementLabel: "Element",
  detailsLabel: "Sample details",
  run: "Try it",
  running: "Asking the model…",
  answerLabel: "Try-it answer",
  answerMeta: (model: string, inputTokens: number | null, outputTokens: number | null) =>
    `${model} · ${inputTokens ?? "?"} tokens in, ${outputTokens ?? "?"} out · not charged, not saved`,
  endings: {
    finished: "",
    stopped: "The answer was stopped before the model finished.",
    cut: "The model's answer was cut off before it finished.",
    "timed-out": "The model went silent and the answer was cut off.",
    failed: "The model failed part-way: this is what arrived.",
  },
} as const;

export const trialGuardTexts = {
  invalid: "The trial guard could not be read.",
  perIpHour: "Sign-ups per IP per hour must be a whole number from 1 to 1,000,000.",
  dailyCap: "The daily cap on new trials must be empty (no cap) or a whole number from 1 to 1,000,000.",
  /** What someone signing up sees once today's new trials are all taken. */
  dailyCapReached: "We are not taking new sign-ups for the rest of today. Please try again tomorrow.",
} as const;

/** The console's Prompts page. */
export const adminPromptPageTexts = {
  heading: "Prompts",
  toolsLabel: "Tools",
  promptLabel: "System prompt",
  shippedBadge: "Shipped default",
  editedBadge: "Edited",
  publish: "Publish",
  published: "Published. The next generation of this tool uses it.",
  backToDefault: "Back to the shipped default",
  backToDefaultDone: "Back to the shipped default.",
  versionsHeading: "Published versions",
  noVersions: "Never edited: the shipped default is in force.",
  versionBy: (number: number, email: string, at: string) => `Version ${number} · ${at.replace("T", " ").slice(0, 16)} UTC · ${email}`,
  defaultBadge: "Shipped default",
  versionChanges: (number: number) => `Changes in version ${number}`,
  revert: "Publish this version again",
  reverted: "That version is in force again.",
} as const;

/** The console's Settings page: the model and the trial guard. */
export const adminSettingsPageTexts = {
  heading: "Settings",
  modelHeading: "Model",
  connection: (keySet: boolean, baseUrl: string) => `API key ${keySet ? "set" : "not set"} · ${baseUrl}`,
  modelName: "Model name (empty: the deployment's default)",
  temperature: "Temperature (0–2)",
  maxOutputTokens: "Max output tokens (1–16,000)",
  contextBudget: "Context budget in tokens (1,000–128,000)",
  perTool: "Per-tool overrides (JSON, e.g. {\"poetry\": {\"temperature\": 0.9}})",
  perToolInvalid: "The per-tool overrides are not valid JSON.",
  saveModel: "Save model settings",
  trialHeading: "Trial guard",
  perIpHour: "Sign-ups per IP address per hour",
  dailyCap: "New trials per day (empty: no cap)",
  saveTrial: "Save trial guard",
  saved: "Saved. The next generation or sign-up uses it.",
} as const;
