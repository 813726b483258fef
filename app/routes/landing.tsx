import { Button, Dialog, Flex, Heading, Tabs, Text } from "@radix-ui/themes";
import { useState, useSyncExternalStore } from "react";
import type { Route } from "./+types/landing";
import { signIn } from "~/auth/accounts.server";
import { redirectSignedInUser } from "~/auth/guards.server";
import { sessionCookie } from "~/auth/session.server";
import { SignInForm, SignUpForm } from "~/components/auth-forms";
import { landingExampleLabels } from "~/components/landing/example-labels.server";
import { HeroPicture, LandingSections, LandingTopBar } from "~/components/landing/landing-sections";
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
    const result = await signIn(request, { email: text(form, "email"), password: text(form, "password") });
    if (!result.ok) return formError(result.error, result.status);
    return redirectWithToast(request, "/dashboard", toasts.signedIn, {
      headers: { "Set-Cookie": sessionCookie(request, result.token, result.expiresAt) },
    });
  }, { unexpected: toasts.signInFailed.fallback });
}

type AuthTab = "signin" | "signup";

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

  const [firstVideo, secondVideo] = loaderData.videoUrls;
  return (
    <div className="landing">
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
            <Dialog.Root open={open} onOpenChange={setOpen}>
              <Dialog.Trigger>
                <Button size="4" className="landing-cta">
                  {landingTexts.startTrial}
                </Button>
              </Dialog.Trigger>
              <Dialog.Content maxWidth="440px">
                <Dialog.Title>{landingTexts.dialogTitle}</Dialog.Title>
                <Dialog.Description size="2" mb="3">
                  {landingTexts.dialogIntro}
                </Dialog.Description>
                <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
                  <Tabs.List>
                    <Tabs.Trigger value="signin">{landingTexts.signInTab}</Tabs.Trigger>
                    <Tabs.Trigger value="signup">{landingTexts.signUpTab}</Tabs.Trigger>
                  </Tabs.List>
                  {/* The form of the tab the dialog opens on takes focus; switching tabs keeps focus on the tab list. */}
                  <Tabs.Content value="signin" className="auth-tab">
                    <SignInForm autoFocus={chosenTab === null} />
                  </Tabs.Content>
                  <Tabs.Content value="signup" className="auth-tab">
                    <SignUpForm autoFocus={chosenTab === null} />
                  </Tabs.Content>
                </Tabs.Root>
                <Flex justify="end" mt="3">
                  <Dialog.Close>
                    <Button variant="soft" color="gray">
                      {landingTexts.close}
                    </Button>
                  </Dialog.Close>
                </Flex>
              </Dialog.Content>
            </Dialog.Root>
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
