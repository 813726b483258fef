/** The page chrome around every page but the landing: wallpaper, yellow banner, fixed footer. */
import { useEffect, useState } from "react";
import type { PublicConfig } from "~/lib/public-config";
import { chromeTexts } from "~/messages/site";
import { toasts } from "~/messages/toasts";
import { useToast } from "./toaster";

export function EditingBanner({ url }: { url: string }) {
  const host = new URL(url).host;
  return (
    <aside className="editing-banner" aria-label="Editing services">
      <a href={url} target="_blank" rel="noopener noreferrer">
        {chromeTexts.editingBanner(host)}
      </a>
    </aside>
  );
}

export function Footer({ supportEmail }: { supportEmail: string }) {
  return (
    <footer className="site-footer">
      <span>{chromeTexts.copyright(new Date().getFullYear())}</span>
      <a href={`mailto:${supportEmail}`}>{chromeTexts.contactUs}</a>
    </footer>
  );
}

/**
 * The wallpaper loads as a CSS background once the image is known to be good; if it fails,
 * the page falls back to a black gradient and says so.
 */
export function Wallpaper({ url }: { url: string }) {
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const show = useToast();
  useEffect(() => {
    let cancelled = false;
    const image = new Image();
    image.onload = () => !cancelled && setState("ready");
    image.onerror = () => {
      if (cancelled) return;
      setState("failed");
      show({ title: toasts.wallpaperFallback.description });
    };
    image.src = url;
    return () => {
      cancelled = true;
    };
  }, [url, show]);
  return (
    <div
      className="wallpaper"
      data-state={state}
      aria-hidden="true"
      style={state === "ready" ? { backgroundImage: `url("${url}")` } : undefined}
    />
  );
}

export function PageChrome({
  config,
  showFooter,
  children,
}: {
  config: PublicConfig;
  showFooter: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="shell" data-footer={showFooter ? "shown" : "hidden"}>
      <Wallpaper url={config.wallpaperUrl} />
      <EditingBanner url={config.editingServicesUrl} />
      <div className="shell-content">{children}</div>
      {showFooter ? <Footer supportEmail={config.supportEmail} /> : null}
    </div>
  );
}
