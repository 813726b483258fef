import { Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { PRODUCT_NAME } from "~/messages/site";
import { SignOutButton } from "./sign-out-button";

/** Header of signed-in pages: brand on the left, page actions and Sign Out on the right. */
export function AppHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="app-header">
      <Link to="/dashboard" className="brand-link">
        <Text size="4" weight="bold">
          {PRODUCT_NAME}
        </Text>
      </Link>
      <Flex gap="3" align="center" wrap="wrap" justify="end">
        {children}
        <SignOutButton />
      </Flex>
    </header>
  );
}
