import { revisionTexts } from "~/messages/tools";

/** One change as the reader sees it: the deleted words struck, the inserted ones marked, both announced. */
export function ChangeMarks({ removed, added }: { removed: string; added: string }) {
  return (
    <>
      {removed ? (
        <del>
          <span className="visually-hidden">{revisionTexts.deleted} </span>
          {removed}
        </del>
      ) : null}
      {added ? (
        <ins>
          <span className="visually-hidden">{revisionTexts.inserted} </span>
          {added}
        </ins>
      ) : null}
    </>
  );
}
