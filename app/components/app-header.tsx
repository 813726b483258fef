import { Flex } from "@radix-ui/themes";
import { Link } from "react-router";
import { PRODUCT_NAME } from "~/messages/site";
import { BrandLogo } from "./brand-logo";
import { SignOutButton } from "./sign-out-button";
import { ThemeToggle } from "./theme-toggle";

/** Header of signed-in pages: brand on the left, page actions, the theme toggle and Sign Out on the right. */
export function AppHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="app-header">
      <Link to="/dashboard" className="brand-link" aria-label={PRODUCT_NAME}>
        <BrandLogo />
      </Link>
      <Flex gap="3" align="center" wrap="wrap" justify="end">
        {children}
        <ThemeToggle />
        <SignOutButton />
      </Flex>
    </header>
  );
}
