/**
 * One console action on a writer, confirmed in a dialog (with its number when it takes one),
 * sent to POST /api/admin/writers/:id/:action; the server's refusal is shown in the dialog.
 */
import { AlertDialog, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { callApi } from "~/lib/api-client";
import { adminTexts as texts } from "~/messages/admin";
import { CancelButton, OnceOpened } from "~/components/overlay-parts";

type Props = {
  writerId: string;
  email: string;
  action: string;
  label: string;
  amountLabel?: string;
  danger?: boolean;
  onDone: () => void;
};

export function WriterActionDialog({ writerId, email, action, label, amountLabel, danger = false, onDone }: Props) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amountId = useId();
  const confirm = async () => {
    setBusy(true);
    const problem = await callApi(`/api/admin/writers/${encodeURIComponent(writerId)}/${action}`, { method: "POST", json: amountLabel ? { amount: Number(amount) } : {} }).then(
      () => null,
      (refused: Error) => refused.message,
    );
    setBusy(false);
    setError(problem);
    if (!problem) {
      setOpen(false);
      onDone();
    }
  };
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialog.Trigger>
        <Button type="button" variant="soft" color={danger ? "red" : undefined}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <OnceOpened open={open}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{texts.confirmTitle(label, email)}</AlertDialog.Title>
          <AlertDialog.Description size="2">{texts.confirmDescription}</AlertDialog.Description>
          {amountLabel ? (
            <Flex direction="column" gap="1" mt="3">
              <Text as="label" size="2" weight="medium" htmlFor={amountId}>
                {amountLabel}
              </Text>
              <TextField.Root id={amountId} type="number" inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} />
            </Flex>
          ) : null}
          <Text as="p" size="2" color="red" role="alert" mt="2">
            {error ?? ""}
          </Text>
          <Flex gap="3" mt="3" justify="end">
            <CancelButton closeWith={AlertDialog.Cancel} busy={busy}>{texts.cancel}</CancelButton>
            <Button type="button" variant="soft" color={danger ? "red" : undefined} loading={busy} onClick={confirm}>
              {texts.confirm}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}
