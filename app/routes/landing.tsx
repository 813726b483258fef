import { Button, Heading, Text } from "@radix-ui/themes";
import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import type { Route } from "./+types/landing";
import landingStyles from "~/styles/landing.css?url";
import { signIn } from "~/auth/accounts.server";
import { redirectSignedInUser } from "~/auth/guards.server";
import { sessionCookie } from "~/auth/session.server";
import { landingExampleLabels } from "~/components/landing/example-labels.server";
import { HeroPicture, LandingSections, LandingTopBar } from "~/components/landing/landing-sections";
import type { AuthTab } from "~/components/welcome-dialog";
import { getPublicConfig } from "~/lib/config.server";
import { formError, text, withForm } from "~/lib/form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { landingDescription, landingTexts } from "~/messages/landing";
import { PRODUCT_NAME } from "~/messages/site";
import { toasts } from "~/messages/toasts";

const DESCRIPTION = landingDescription;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = `${PRODUCT_NAME} — focused help for every kind of writer`;
  const image = loaderData ? `${loaderData.origin}/og-image.png` : "/og-image.png";
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:url", content: loaderData ? `${loaderData.origin}/` : "/" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: DESCRIPTION },
    { name: "twitter:image", content: image },
  ];
}

export function loader({ context, url }: Route.LoaderArgs) {
  redirectSignedInUser(context);
  return { videoUrls: getPublicConfig().videoUrls, origin: url.origin, labels: landingExampleLabels() };
}

export async function action({ request }: Route.ActionArgs) {
  return withForm(request, async (form) => {
    if (text(form, "intent") !== "signin") return formError("Unknown action.");
    const email = text(form, "email");
    const result = await signIn(request, { email, password: text(form, "password") });
    if (!result.ok) return formError(result.error, result.status, { intent: "signin", values: { email } });
    return redirectWithToast(request, "/dashboard", toasts.signedIn, {
      headers: { "Set-Cookie": sessionCookie(request, result.token, result.expiresAt) },
    });
  }, { unexpected: toasts.signInFailed.fallback });
}

/** The Welcome dialog's code loads when a visitor is about to open it, not with the page. */
const loadWelcomeDialog = () => import("~/components/welcome-dialog");
const WelcomeDialog = lazy(loadWelcomeDialog);
/**
 * The sign-in form a browser without scripts gets in place of the dialog. Rendered only inside
 * `<noscript>`, which the browser hydrates as text: only the server ever renders it (waiting for
 * it as part of the page), so its code never reaches the browser.
 */
const NoScriptSignIn = lazy(() => import("~/components/auth-forms").then((module) => ({ default: module.SignInForm })));

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  // `/signin` redirects to `/#signin`; links to `/#signup` open the other tab.
  const hash = useSyncExternalStore(subscribeToHash, () => window.location.hash, () => "");
  const hashTab: AuthTab | null = hash === "#signup" ? "signup" : hash === "#signin" ? "signin" : null;
  const [chosenOpen, setOpen] = useState<boolean | null>(null);
  const [chosenTab, setTab] = useState<AuthTab | null>(null);
  const open = chosenOpen ?? hashTab !== null;
  const tab = chosenTab ?? hashTab ?? "signin";
  const opener = useRef<HTMLButtonElement>(null);
  // Once opened, the dialog stays mounted, so it can animate closed and open again at once.
  const wasOpened = chosenOpen !== null;

  const [firstVideo, secondVideo] = loaderData.videoUrls;
  return (
    <div className="landing">
      {/* Only this page uses these rules; React puts the link in <head> with the others. */}
      <link rel="stylesheet" href={landingStyles} precedence="page" />
      <LandingTopBar />
      <main className="landing-main">
        <div className="landing-hero-row">
          <section className="landing-hero">
            <Heading as="h1" size="9" className="landing-headline">
              {landingTexts.headline}
            </Heading>
            <Text as="p" size="5" className="landing-pitch">
              {landingTexts.pitch}
            </Text>
            <Text as="p" size="3" className="landing-audience">
              {landingTexts.audience}
            </Text>
            <Text as="p" size="4" weight="medium" className="landing-price">
              {landingTexts.price}
            </Text>
            {/* Opens on the first click even before the dialog's code has arrived: it shows when it does. */}
            <Button
              ref={opener}
              size="4"
              className="landing-cta"
              aria-haspopup="dialog"
              aria-expanded={open}
              onPointerEnter={() => void loadWelcomeDialog()}
              onFocus={() => void loadWelcomeDialog()}
              onClick={() => setOpen(true)}
            >
              {landingTexts.startTrial}
            </Button>
            {open || wasOpened ? (
              <Suspense fallback={null}>
                <WelcomeDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} focusForm={chosenTab === null} opener={opener} />
              </Suspense>
            ) : null}
            {/* Without scripts the dialog cannot open: the sign-in form is on the page instead. */}
            <noscript>
              <section aria-label={landingTexts.signInTab} className="landing-noscript">
                <NoScriptSignIn />
                <a className="text-link" href="/signup">
                  {landingTexts.noScriptSignUp}
                </a>
              </section>
            </noscript>
            <nav aria-label={landingTexts.videos} className="landing-videos">
              <a href={firstVideo} target="_blank" rel="noopener noreferrer">
                {landingTexts.firstVideo}
              </a>
              <a href={secondVideo} target="_blank" rel="noopener noreferrer">
                {landingTexts.secondVideo}
              </a>
            </nav>
          </section>
          <HeroPicture labels={loaderData.labels.hero} />
        </div>
        <LandingSections labels={loaderData.labels.examples} />
      </main>
    </div>
  );
}
