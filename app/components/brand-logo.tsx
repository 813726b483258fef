/** The mark (a pen nib on an ink tile, public/favicon.svg drawn inline) and the wordmark. */
import { PRODUCT_NAME } from "~/messages/site";

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="62" height="62" rx="14" fill="var(--brand-ink)" stroke="var(--brand-tile-ring)" strokeWidth="2" />
      <path d="M32 54 17.5 31.5C16.8 24.5 20.6 18.3 25.5 13.5h13c4.9 4.8 8.7 11 8 18Z" fill="var(--brand-nib)" />
      <circle cx="32" cy="31" r="4.2" fill="var(--brand-ink)" />
      <path d="M32 35v19" stroke="var(--brand-ink)" strokeWidth="2.6" />
      <path d="M22 13.5h20" stroke="var(--brand-ink)" strokeWidth="2" opacity=".35" />
    </svg>
  );
}

/** Mark and name side by side; the name is the element's text (a link's accessible name). */
export function BrandLogo({ size = 28 }: { size?: number }) {
  return (
    <span className="brand-logo">
      <BrandMark size={size} />
      <span className="brand-wordmark">{PRODUCT_NAME}</span>
    </span>
  );
}
