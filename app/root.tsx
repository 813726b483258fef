import { Theme } from "@radix-ui/themes";
import themeStyles from "./styles/radix.css?url";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import printStyles from "./print.css?url";
import { Toaster, useFlashToast } from "./components/toaster";
import { getPublicConfig } from "./lib/config.server";
import { flashMiddleware, takeFlashToast } from "./lib/toast.server";
import { authContext, sessionMiddleware } from "./auth/session.server";

export const middleware: Route.MiddlewareFunction[] = [flashMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: themeStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "stylesheet", href: printStyles, media: "print" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  return {
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

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111113" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme appearance="dark" accentColor="amber" grayColor="sand" radius="medium">
          {children}
        </Theme>
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
