/**
 * The one schema for both drivers (D1 and libSQL). Timestamps are stored as integer
 * milliseconds since the epoch so ordering and comparisons stay in SQL.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Trimmed and lower-cased before it gets here. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** When the writer opened the link mailed at sign-up; NULL until then. */
  emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
  /**
   * The project the writer last picked (issue 13). No foreign key: it is read back only when it
   * names the writer's own, unarchived project (db/queries/projects.ts), so a deleted or
   * archived one simply reads as "No project".
   */
  activeProjectId: text("active_project_id"),
  /** When the writer last generated (issue 14: the owner's writers list is sorted by it); NULL before. */
  lastActiveAt: integer("last_active_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
}, (t) => [index("users_last_active_idx").on(t.lastActiveAt, t.id), index("users_created_idx").on(t.createdAt)]);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** SHA-256 of the token mailed to the user, hex. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    /** SHA-256 of the token mailed to the user, hex. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_id_idx").on(t.userId, t.createdAt)],
);

/**
 * One row per account created (or being created) from a client IP, for the hourly sign-up
 * limit (SIGNUP_LIMIT_PER_IP_HOUR). The Workers limiter only counts per 10/60 s.
 */
export const signupAttempts = sqliteTable(
  "signup_attempts",
  {
    id: text("id").primaryKey(),
    ip: text("ip").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("signup_attempts_ip_created_idx").on(t.ip, t.createdAt)],
);

/**
 * What is left of the free trial of addresses whose account was deleted (issue 31, decision 011):
 * a keyed hash (HMAC-SHA-256 with TRIAL_MEMORY_KEY) of the normalised address and nothing else
 * of the writer, so a new account on the same address continues that trial instead of starting
 * a fresh one.
 */
export const trialMemory = sqliteTable("trial_memory", {
  addressHash: text("address_hash").primaryKey(),
  conversationsLeft: integer("conversations_left").notNull(),
  trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const userSubscriptions = sqliteTable("user_subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  isSubscribed: integer("is_subscribed", { mode: "boolean" }).notNull().default(false),
  queriesRemaining: integer("queries_remaining").notNull(),
  queriesUsed: integer("queries_used").notNull().default(0),
  trialEndDate: integer("trial_end_date", { mode: "timestamp_ms" }),
  subscriptionEndDate: integer("subscription_end_date", { mode: "timestamp_ms" }),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** The customer's one Checkout session that may still be paid (decision 011); NULL when none. */
  checkoutSessionId: text("checkout_session_id"),
  subscriptionStatus: text("subscription_status"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" })
    .notNull()
    .default(false),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** A writer's project and its story bible's fixed sections (issue 13, decision 013). */
export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    logline: text("logline").notNull().default(""),
    /** One of PROJECT_KINDS (app/projects/validation.ts), or NULL when the writer gave none. */
    kind: text("kind"),
    synopsis: text("synopsis").notNull().default(""),
    genreTone: text("genre_tone").notNull().default(""),
    setting: text("setting").notNull().default(""),
    styleNotes: text("style_notes").notNull().default(""),
    styleSample: text("style_sample").notNull().default(""),
    /** When the writer archived it (NULL: in use). */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("projects_user_updated_idx").on(t.userId, t.updatedAt)],
);

/**
 * One story bible entry. `user_id` is the owner's (the project's) so every query filters by the
 * writer first, as everywhere else.
 */
export const bibleEntries = sqliteTable(
  "bible_entries",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: ["character", "place", "thing", "lore", "theme", "other"] }).notNull(),
    name: text("name").notNull(),
    /** JSON array of strings. */
    aliases: text("aliases").notNull().default("[]"),
    description: text("description").notNull().default(""),
    /** The writer's private notes: never sent to the model. */
    notes: text("notes").notNull().default(""),
    alwaysInclude: integer("always_include", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bible_entries_project_name_idx").on(t.projectId, t.name)],
);

export const queryHistory = sqliteTable(
  "query_history",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queryType: text("query_type").notNull(),
    element: text("element"),
    queryText: text("query_text").notNull(),
    responseText: text("response_text").notNull().default(""),
    conversationId: text("conversation_id").notNull().unique(),
    /**
     * Follow-ups taken under the trial's per-conversation allowance (app/rules/plan.ts).
     * NULL: the conversation was not started with a trial query, so it has no trial allowance.
     * The app always writes it; the default covers rows written by code that predates it.
     */
    trialFollowUpsUsed: integer("trial_follow_ups_used").default(0),
    /** The writer's own name for the conversation (NULL: derived from the element and details). */
    title: text("title"),
    starred: integer("starred", { mode: "boolean" }).notNull().default(false),
    /** The details the writer filled, as JSON `{field: value}` (NULL for rows older than 0007). */
    details: text("details"),
    /** "generate" (element and details) or "draft" (the writer's passage and an action). */
    mode: text("mode", { enum: ["generate", "draft"] }).notNull().default("generate"),
    /** The project it was started in (issue 13); NULL: none, or the project was deleted with "detach". */
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  // Newest-first keyset pages of one writer's history: (created_at, id) is the cursor.
  (t) => [
    index("query_history_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("query_history_user_starred_idx").on(t.userId, t.starred, t.createdAt),
    index("query_history_user_project_idx").on(t.userId, t.projectId, t.createdAt),
    // The owner's overview counts new conversations per day across all writers.
    index("query_history_created_idx").on(t.createdAt),
  ],
);

export const queryMessages = sqliteTable(
  "query_messages",
  {
    /**
     * Stable integer key (the rowid): the full-text index over turns (`query_messages_fts`,
     * migration 0003) refers to rows by it, and an explicit INTEGER PRIMARY KEY survives VACUUM.
     */
    seq: integer("seq").primaryKey(),
    id: text("id").notNull().unique(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => queryHistory.conversationId, { onDelete: "cascade" }),
    role: text("role", { enum: ["system", "user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** Assistant turns: "complete", "stopped" (the writer pressed Stop or left) or "interrupted" (upstream fault mid-way). */
    status: text("status", { enum: ["complete", "stopped", "interrupted"] }).notNull().default("complete"),
    /**
     * Versions (decision 012): every version of one exchange (the writer's turn and its answer)
     * shares `exchange_id` (the id of the exchange's first user row; NULL on rows older than
     * 0007, where each exchange has one version). Exactly one version of an exchange is chosen:
     * the thread, the model's context and history read only chosen rows.
     */
    exchangeId: text("exchange_id"),
    version: integer("version").notNull().default(1),
    chosen: integer("chosen", { mode: "boolean" }).notNull().default(true),
    /**
     * Assistant turns answered with a project context block: JSON `{used: string[], leftOut:
     * string[]}`, the labels the writer sees in "Used: …" (NULL: no block was sent).
     */
    contextUsed: text("context_used"),
    createdAt: createdAt(),
  },
  (t) => [
    index("query_messages_conversation_idx").on(t.conversationId, t.createdAt),
    index("query_messages_exchange_idx").on(t.exchangeId),
  ],
);

export const systemPrompts = sqliteTable("system_prompts", {
  queryType: text("query_type").primaryKey(),
  promptText: text("prompt_text").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at", { mode: "timestamp_ms" }).notNull(),
});

export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queryType: text("query_type").notNull(),
    model: text("model").notNull(),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    latencyMs: integer("latency_ms"),
    /** From the turn's start to the model's first text (issue 14's overview); NULL when none came. */
    firstTokenMs: integer("first_token_ms"),
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("usage_events_user_created_idx").on(t.userId, t.createdAt), index("usage_events_created_idx").on(t.createdAt)],
);

/**
 * The owner's overview (issue 14, decision 014): usage_events summed per UTC day, kept by
 * triggers on usage_events (migration 0010) in the same statement as each insert or delete, so
 * the overview reads 30 rows instead of scanning the window's events.
 */
export const usageDays = sqliteTable("usage_days", {
  /** Whole UTC days since the epoch: created_at / 86,400,000. */
  day: integer("day").primaryKey(),
  calls: integer("calls").notNull(),
  /** Calls that failed or were cut (outcome failed or interrupted). */
  bad: integer("bad").notNull(),
  inputTokens: integer("input_tokens").notNull(),
  outputTokens: integer("output_tokens").notNull(),
});

/** Calls per UTC day and time to the first token in 10 ms steps (its lower bound), for p50/p95; kept by the same triggers. */
export const firstTokenDays = sqliteTable(
  "first_token_days",
  {
    day: integer("day").notNull(),
    bucketMs: integer("bucket_ms").notNull(),
    calls: integer("calls").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucketMs] })],
);

/**
 * Every version of a tool's system prompt the owner published (issue 14, decision 014): the text
 * `system_prompts` holds now is the latest row per tool. `prompt_text` NULL is "back to the
 * shipped default". `created_by_email` keeps who published it even after that account is gone.
 */
export const systemPromptVersions = sqliteTable(
  "system_prompt_versions",
  {
    id: text("id").primaryKey(),
    queryType: text("query_type").notNull(),
    promptText: text("prompt_text"),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("system_prompt_versions_type_created_idx").on(t.queryType, t.createdAt)],
);

/** The owner's settings (issue 14): one JSON value per key ("model", "trialGuard"), validated in the app. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedByEmail: text("updated_by_email").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Every admin action (issue 14): who, what, on whom, before → after (JSON), when. Append-only:
 * nothing updates or deletes a row. No foreign keys: the log outlives the accounts it names.
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    targetUserId: text("target_user_id"),
    target: text("target").notNull(),
    before: text("before"),
    after: text("after"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt)],
);
