/**
 * What the projects API routes share (their declarations: lib/api-route.server.ts): the words of
 * their refusals and the size of their bodies.
 */
import type { RouteTexts } from "~/lib/api-route.server";
import { projectErrorTexts } from "~/messages/projects";

export const PROJECT_API_TEXTS: RouteTexts = {
  signedOut: { error: projectErrorTexts.signedOut },
  invalid: projectErrorTexts.invalid,
  tooLarge: projectErrorTexts.tooLarge,
};

/** A project's fields: four sections of 4,000 characters and a sample of 8,000, in any script, JSON-escaped. */
export const MAX_PROJECT_BODY_BYTES = 256 * 1024;
/** Up to 50 entries of up to ~10,500 characters each. */
export const MAX_ENTRIES_BODY_BYTES = 2 * 1024 * 1024;
/** One entry's fields. */
export const MAX_ENTRY_BODY_BYTES = 64 * 1024;
