import { Theme } from "@radix-ui/themes";
import literataFont from "@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useContext } from "react";
import themeStyles from "./styles/radix.css?url";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  UNSAFE_FrameworkContext,
} from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import printStyles from "./print.css?url";
import { Toaster, useFlashToast } from "./components/toaster";
import { useHydratedMark } from "./lib/hydrated-mark";
import { getPublicConfig } from "./lib/config.server";
import { flashMiddleware, takeFlashToast } from "./lib/toast.server";
import { sessionMiddleware } from "./auth/session.server";
import { authContext } from "./lib/auth-context";
import { useThemeChoice } from "./components/theme-toggle";
import { THEME_COLORS, THEME_SCRIPT, themeFromCookieHeader, type ThemeChoice } from "./theme/theme";

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The two upright faces every page uses (app/styles/brand.css), fetched with the HTML.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: literataFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: printStyles, media: "print" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  return {
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    toast: takeFlashToast(context),
    user: auth.user ? { email: auth.user.email } : null,
    config: getPublicConfig(),
  };
}

/** Flash toasts must reach the page after every redirect, so the root always revalidates. */
export function shouldRevalidate() {
  return true;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Sets <html>'s light/dark class before the body paints (app/theme/theme.ts); the nonce is this response's. */
function ThemeScript() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  // The script runs once, from the server's HTML; hydration never rewrites its text, so the
  // browser's bundle does not carry it (about 0.3 KB gzipped off every page's JavaScript).
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_SCRIPT : "" }} />;
}

function ThemeColor({ choice }: { choice: ThemeChoice }) {
  if (choice !== "system") return <meta name="theme-color" content={THEME_COLORS[choice]} />;
  return (
    <>
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
    </>
  );
}

/** Marks the end of the page's content (before the scripts): see FirstPaintAfterContent. */
const CONTENT_END_ID = "content-end";

/**
 * The browser's first paint waits until the page's content is parsed (`rel="expect"`; it is
 * never held past the end of the document). A slow phone otherwise paints a half-parsed page,
 * then moves what it drew as the rest arrives: a header with only its first control, whose
 * buttons then push it onto a second row (issue 15: CLS 0). Streamed parts (a list behind
 * 'Loading history...') come after the content's end and keep streaming.
 */
function FirstPaintAfterContent() {
  return <link rel="expect" href={`#${CONTENT_END_ID}`} {...{ blocking: "render" }} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMark();
  const choice = useThemeChoice(useRootData()?.theme ?? "system");
  // <html>'s class belongs to the theme script (it differs from the server's HTML by design).
  return (
    <html lang="en" data-theme-choice={choice} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript />
        <ThemeColor choice={choice} />
        {/* With a precedence React writes them at the top of <head>, before the scripts it
            preloads: the page's first paint waits on these two files, so they go first. */}
        <link rel="stylesheet" href={themeStyles} precedence="radix" />
        <link rel="stylesheet" href={appStyles} precedence="app" />
        <FirstPaintAfterContent />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme appearance={choice === "system" ? "inherit" : choice} accentColor="amber" grayColor="sand" radius="medium" panelBackground="solid">
          {children}
        </Theme>
        <span id={CONTENT_END_ID} hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function FlashToast() {
  const data = useRootData();
  useFlashToast(data?.toast ?? null);
  return null;
}

export default function App() {
  return (
    <Toaster>
      <FlashToast />
      <Outlet />
    </Toaster>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An unexpected error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = typeof error.data === "string" && error.data ? error.data : error.statusText || detail;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/dashboard">Back to your dashboard</a>
      </p>
    </main>
  );
}
