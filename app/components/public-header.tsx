import { PRODUCT_NAME } from "~/messages/site";
import { BrandLogo } from "./brand-logo";
import { ThemeToggle } from "./theme-toggle";

/** Header of the pages a visitor sees before signing in (sign-up, password reset). */
export function PublicHeader() {
  return (
    <header className="public-header">
      <a href="/" className="brand-link" aria-label={PRODUCT_NAME}>
        <BrandLogo />
      </a>
      <ThemeToggle />
    </header>
  );
}
