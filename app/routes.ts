import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { legacyRedirects, toolPath, tools } from "./catalog/tools";

export default [
  index("routes/landing.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signout", "routes/signout.tsx"),
  route("api/billing/:intent", "routes/api.billing.ts"),
  route("api/stripe/webhook", "routes/api.stripe.webhook.ts"),
  route("api/history", "routes/api.history.ts"),
  route("api/history/:id", "routes/api.history.$id.ts"),
  route("api/conversations/:id/versions", "routes/api.conversations.$id.versions.ts"),
  route("api/admin/settings/model", "routes/api.admin.settings.model.ts"),
  route("api/admin/settings/trial-guard", "routes/api.admin.settings.trial-guard.ts"),
  route("api/admin/prompts/:tool", "routes/api.admin.prompts.$tool.ts"),
  route("api/projects", "routes/api.projects.ts"),
  route("api/projects/:id", "routes/api.projects.$id.ts"),
  route("api/projects/:id/entries", "routes/api.projects.$id.entries.ts"),
  route("api/projects/:id/entries/:entryId", "routes/api.projects.$id.entries.$entryId.ts"),
  route("api/projects/:id/export.zip", "routes/api.projects.$id.export-zip.ts"),
  route("api/projects/:id/import", "routes/api.projects.$id.import.ts"),
  route("api/active-project", "routes/api.active-project.ts"),
  layout("routes/chrome-layout.tsx", [
    route("signup", "routes/signup.tsx"),
    route("password-reset", "routes/password-reset.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("projects", "routes/projects.tsx"),
    route("projects/:id", "routes/project.tsx"),
    ...tools.map((tool) => route(toolPath(tool).slice(1), "routes/tool.tsx", { id: `tool-${tool.slug}` })),
    route("history/search", "routes/history-search.tsx"),
    route(":section/history", "routes/history.tsx"),
  ]),
  ...legacyRedirects.map((legacy) =>
    route(legacy.from.slice(1), "routes/legacy-redirect.tsx", { id: `legacy${legacy.from}` }),
  ),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
