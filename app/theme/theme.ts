/**
 * Light and dark (issue 15): the writer's choice — follow the system, light or dark — lives in a
 * cookie so the server renders the page in it from the first byte. The class on <html> that the
 * Radix colour tokens key on (`.light`, `.dark`) is set by a few lines in <head>, before the body
 * paints: for a fixed choice that is the cookie's value, for "system" the media query's answer,
 * kept up to date when the system setting changes. Client-safe: no server code here.
 */
export type ThemeChoice = "system" | "light" | "dark";
export type Appearance = "light" | "dark";

export const THEME_COOKIE = "tws_theme";
export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
/** A year: the choice is a preference, not a secret (the cookie is readable by the page). */
const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The browser's chrome colour for each appearance (the page background of app/styles/brand.css). */
export const THEME_COLORS: Record<Appearance, string> = { light: "#f6f2ea", dark: "#111110" };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The choice in a Cookie header; "system" when there is none or it is not one we wrote. */
export function themeFromCookieHeader(header: string | null | undefined): ThemeChoice {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === THEME_COOKIE) {
      const value = rest.join("=").trim();
      return isThemeChoice(value) ? value : "system";
    }
  }
  return "system";
}

/** The Set-Cookie value (also what the page writes to document.cookie). */
export function themeCookie(choice: ThemeChoice, secure: boolean): string {
  return `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The choice after this one, in the toggle's order: system → light → dark → system. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length]!;
}

/**
 * The script in <head>: reads the choice from <html data-theme-choice>, resolves "system" with
 * the media query, sets the class before anything paints, and re-applies on a system change.
 * `window.__twsApplyTheme` lets the toggle re-apply without a reload.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,m=window.matchMedia("(prefers-color-scheme: dark)");function a(){var c=d.getAttribute("data-theme-choice"),r=c==="light"||c==="dark"?c:m.matches?"dark":"light";d.classList.remove(r==="dark"?"light":"dark");d.classList.add(r);}a();m.addEventListener("change",a);window.__twsApplyTheme=a;})();`;
