/**
 * The colour theme toggle (system → light → dark): writes the cookie the server renders from,
 * moves <html data-theme-choice> and re-applies the class at once — no request, no reload.
 */
import { IconButton } from "@radix-ui/themes";
import { Monitor, Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { themeTexts } from "~/messages/site";
import { nextThemeChoice, themeCookie, type ThemeChoice } from "~/theme/theme";

declare global {
  interface Window {
    __twsApplyTheme?: () => void;
  }
}

let chosen: ThemeChoice | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The writer's choice: what they picked on this page, else what the server rendered. */
export function useThemeChoice(rendered: ThemeChoice): ThemeChoice {
  return useSyncExternalStore(subscribe, () => chosen, () => null) ?? rendered;
}

export function chooseTheme(choice: ThemeChoice) {
  document.cookie = themeCookie(choice, window.location.protocol === "https:");
  document.documentElement.setAttribute("data-theme-choice", choice);
  window.__twsApplyTheme?.();
  chosen = choice;
  for (const listener of listeners) listener();
}

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

export function ThemeToggle() {
  const rendered = useRouteLoaderData<{ theme: ThemeChoice }>("root")?.theme ?? "system";
  const choice = useThemeChoice(rendered);
  const next = nextThemeChoice(choice);
  const Icon = ICONS[choice];
  const label = themeTexts.toggle(themeTexts.names[choice], themeTexts.names[next]);
  return (
    <IconButton
      type="button"
      variant="ghost"
      color="gray"
      size="2"
      className="theme-toggle"
      aria-label={label}
      title={label}
      data-theme-choice={choice}
      onClick={() => chooseTheme(next)}
    >
      <Icon aria-hidden="true" width={18} height={18} />
    </IconButton>
  );
}
