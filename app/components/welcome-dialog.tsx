/**
 * The landing page's Welcome dialog (Sign In / Sign Up tabs). Loaded on demand
 * (routes/landing.tsx): its code — the modal dialog, the tabs, the forms — is not part of the
 * landing page's first load; it opens as soon as it arrives.
 */
import { Button, Dialog, Flex, Tabs } from "@radix-ui/themes";
import type { RefObject } from "react";
import { SignInForm, SignUpForm } from "~/components/auth-forms";
import { landingTexts } from "~/messages/landing";

export type AuthTab = "signin" | "signup";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** The form of the tab the dialog opens on takes focus; a tab switch keeps focus on the tab list. */
  focusForm: boolean;
  /** The button that opened the dialog (it is not a Dialog.Trigger): focus returns there on close. */
  opener: RefObject<HTMLButtonElement | null>;
};

export default function WelcomeDialog({ open, onOpenChange, tab, onTabChange, focusForm, opener }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="440px"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <Dialog.Title>{landingTexts.dialogTitle}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {landingTexts.dialogIntro}
        </Dialog.Description>
        <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as AuthTab)}>
          <Tabs.List>
            <Tabs.Trigger value="signin">{landingTexts.signInTab}</Tabs.Trigger>
            <Tabs.Trigger value="signup">{landingTexts.signUpTab}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin" className="auth-tab">
            <SignInForm autoFocus={focusForm} />
          </Tabs.Content>
          <Tabs.Content value="signup" className="auth-tab">
            <SignUpForm autoFocus={focusForm} />
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
  );
}
