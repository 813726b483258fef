/**
 * What a writer does to a whole project: archive (or restore) it, delete it — choosing first what
 * becomes of its conversations — and export or import its bible (the bundle routes).
 */
import { AlertDialog, Button, Flex, Heading, RadioGroup, Text } from "@radix-ui/themes";
import { useId, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useToast } from "~/components/toaster";
import { projectPageTexts as texts } from "~/messages/project-pages";
import { downloadBibleDocx } from "~/projects/bundle/bible-docx-download";
import { deleteProject, exportZipUrl, importBible, updateProject } from "~/projects/client";
import { CancelButton, OnceOpened, useOverlayState } from "~/components/overlay-parts";

type Failed = (error: unknown) => void;

/** Builds the bible's .docx in the browser; the button is busy until the file is handed over. */
function DocxButton({ id, onFailed }: { id: string; onFailed: Failed }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="soft"
      color="gray"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadBibleDocx(id)
          .catch(onFailed)
          .finally(() => setBusy(false));
      }}
    >
      {texts.exportDocx}
    </Button>
  );
}

function DeleteProjectButton({ id, title, onFailed }: { id: string; title: string; onFailed: Failed }) {
  const navigate = useNavigate();
  const show = useToast();
  const [choice, setChoice] = useState<"detach" | "delete">("detach");
  const [busy, setBusy] = useState(false);
  const choiceLabel = useId();
  const overlay = useOverlayState();
  return (
    <AlertDialog.Root {...overlay}>
      <AlertDialog.Trigger>
        <Button type="button" variant="soft" color="red">
          {texts.deleteProject}
        </Button>
      </AlertDialog.Trigger>
      <OnceOpened open={overlay.open}>
        <AlertDialog.Content maxWidth="480px">
          <AlertDialog.Title>{texts.deleteProjectTitle(title)}</AlertDialog.Title>
          <AlertDialog.Description size="2" id={choiceLabel}>
            {texts.deleteProjectDescription}
          </AlertDialog.Description>
          <RadioGroup.Root mt="3" value={choice} onValueChange={(value) => setChoice(value as "detach" | "delete")} aria-labelledby={choiceLabel}>
            <RadioGroup.Item value="detach">{texts.keepConversations}</RadioGroup.Item>
            <RadioGroup.Item value="delete">{texts.deleteConversations}</RadioGroup.Item>
          </RadioGroup.Root>
          <Flex gap="3" mt="4" justify="end">
            <CancelButton closeWith={AlertDialog.Cancel} busy={busy}>{texts.cancel}</CancelButton>
            <Button
              color="red"
              loading={busy}
              onClick={() => {
                setBusy(true);
                deleteProject(id, choice)
                  .then(() => {
                    show({ title: texts.deleted });
                    navigate("/projects");
                  }, onFailed)
                  .finally(() => setBusy(false));
              }}
            >
              {texts.deleteConfirm}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </OnceOpened>
    </AlertDialog.Root>
  );
}

function ImportButton({ id, onFailed }: { id: string; onFailed: Failed }) {
  const file = useRef<HTMLInputElement>(null);
  const show = useToast();
  return (
    <>
      <input
        ref={file}
        type="file"
        accept=".md,text/markdown,text/plain"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (!chosen) return;
          void chosen
            .text()
            .then((markdown) => importBible(id, markdown))
            .then(() => {
              show({ title: texts.importDone });
              // The forms start from what the server has now.
              window.location.reload();
            }, onFailed);
        }}
      />
      <Button type="button" variant="soft" color="gray" onClick={() => file.current?.click()}>
        {texts.importBible}
      </Button>
    </>
  );
}

export function ProjectManage({ id, title, archived }: { id: string; title: string; archived: boolean }) {
  const show = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const onFailed: Failed = (error) => show({ title: texts.actionFailed, description: (error as Error).message, variant: "destructive" });
  return (
    <section aria-labelledby={headingId} className="project-manage">
      <Heading as="h2" size="5" id={headingId} mb="2">
        {texts.manageHeading}
      </Heading>
      {archived ? (
        <Text as="p" size="2" color="amber" mb="2">
          {texts.archivedNote}
        </Text>
      ) : null}
      <Flex gap="3" wrap="wrap">
        <Button
          type="button"
          variant="soft"
          loading={busy}
          onClick={() => {
            setBusy(true);
            updateProject(id, { archived: !archived })
              .then(() => revalidator.revalidate(), onFailed)
              .finally(() => setBusy(false));
          }}
        >
          {archived ? texts.unarchive : texts.archive}
        </Button>
        <DeleteProjectButton id={id} title={title} onFailed={onFailed} />
      </Flex>
      <Heading as="h3" size="3" mt="4" mb="2">
        {texts.exportHeading}
      </Heading>
      <Flex gap="3" wrap="wrap">
        <Button asChild variant="soft" color="gray">
          <a href={exportZipUrl(id)} download>
            {texts.exportZip}
          </a>
        </Button>
        <DocxButton id={id} onFailed={onFailed} />
        <ImportButton id={id} onFailed={onFailed} />
      </Flex>
    </section>
  );
}
